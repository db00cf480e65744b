// Shared pieces of aclnn_cpu_bench: sizes, buffers with realistic inputs, counters.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace aclcpu {
namespace kernels {
class ThreadPool;
}  // namespace kernels
}  // namespace aclcpu

namespace aclbench {

// The sizes of the issue: a single element, in L1, in L2, in LLC, out of cache (twice).
inline const std::vector<int64_t>& Sizes() {
  static const std::vector<int64_t> s = {1, 1 << 10, 1 << 16, 1 << 20, 1 << 24, 1 << 26};
  return s;
}

// The softmax family's sizes (multiples of every line length below) and 2-D shapes: lines of 1K
// and 32K along the last dim, and 1K along dim 0 (the lines n / 1K elements apart).
inline const std::vector<int64_t>& RowwiseSizes() {
  static const std::vector<int64_t> s = {1 << 16, 1 << 20, 1 << 24};
  return s;
}
struct RowShape {
  const char* name;  // part of the operator's benchmark name: "SoftmaxLast1K"
  int dim;           // the reduced dim of [rows, cols]
  int64_t len;       // its length
  int64_t Rows(int64_t n) const { return dim == 1 ? n / len : len; }
  int64_t Cols(int64_t n) const { return dim == 1 ? len : n / len; }
};
inline const std::vector<RowShape>& RowShapes() {
  static const std::vector<RowShape> s = {
      {"Last1K", 1, 1024}, {"Last32K", 1, 32768}, {"Dim0", 0, 1024}};
  return s;
}

enum class Dt { F32, F16, BF16, I32, I8 };
inline size_t DtSize(Dt d) { return d == Dt::F32 || d == Dt::I32 ? 4 : (d == Dt::I8 ? 1 : 2); }
inline const char* DtName(Dt d) {
  static const char* n[] = {"f32", "f16", "bf16", "i32", "i8"};
  return n[static_cast<int>(d)];
}

// Storage that the benchmark owns (freed on destruction), 64-byte aligned. Large buffers are
// backed by transparent huge pages where the system allows it (as the runtime's device memory
// is), and successive buffers start at different offsets modulo 4 KiB, so that the two inputs
// and the output of a call never alias in the caches' and the load/store unit's address bits:
// the roofline and the kernels then see the same memory system.
struct Buffer {
  void* p = nullptr;
  size_t bytes = 0;
  explicit Buffer(size_t b);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

 private:
  void* base_ = nullptr;
  size_t mapped_ = 0;
};

uint16_t ToHalfBits(float f);
uint16_t ToBf16Bits(float f);

// Fills `n` elements of dtype `d` with values uniform in [lo, hi] (integers: their natural range
// clipped to it), so that both signs and both branches occur at random.
void Fill(void* p, Dt d, int64_t n, double lo, double hi, uint32_t seed);

// The same inputs, filled once per (dtype, size, range, seed) and kept while the size is current.
const void* CachedInput(Dt d, int64_t n, double lo, double hi, uint32_t seed);

// Threads of the process-level benchmarks (end to end, oneDNN): ACLNN_CPU_NUM_THREADS, which the
// runtime reads once per process; scripts/bench.sh runs one process per thread count.
int ProcessThreads();

// Items = elements; bytes = the memory traffic (`streams` tensors read or written once).
inline void SetCounters(benchmark::State& st, int64_t n, size_t itemSize, int streams = 3) {
  const double it = static_cast<double>(st.iterations());
  st.SetItemsProcessed(static_cast<int64_t>(it) * n);
  st.SetBytesProcessed(static_cast<int64_t>(it) * n * streams * static_cast<int64_t>(itemSize));
  st.counters["n"] = static_cast<double>(n);
  st.counters["elem_bytes"] = static_cast<double>(itemSize);
}

// The minimum time per benchmark so that big sizes run a few iterations and small ones many.
void Apply(benchmark::internal::Benchmark* b, int64_t n);

// The kernel-level pools (1 or 2 threads, the calling thread included), made on first use.
aclcpu::kernels::ThreadPool* Pool(int threads);

// Per-call time (us, median of the runs) of the roofline out = a + b over `bytes` of each buffer,
// plain or streaming stores, with the elementwise kernels' block partition on Pool(threads).
// A one-input case passes a == b (the same addresses read twice: one read of memory).
double TimeRoofline(const void* a, const void* b, void* o, int64_t bytes, size_t isz, int threads,
                    bool nt);
// The faster of plain and streaming stores.
inline double BestRoofline(const void* a, const void* b, void* o, int64_t bytes, size_t isz,
                           int threads) {
  const double plain = TimeRoofline(a, b, o, bytes, isz, threads, false);
  const double nt = TimeRoofline(a, b, o, bytes, isz, threads, true);
  return plain < nt ? plain : nt;
}

void RegisterKernelBenchmarks();
void RegisterRowwiseBenchmarks();
void RegisterE2EBenchmarks();
void RegisterOneDnnBenchmarks();
void RegisterOneDnnSoftmaxBenchmarks();  // called by RegisterOneDnnBenchmarks

}  // namespace aclbench
