// Rowwise kernels next to a roofline of the same traffic, in one process (the machine is shared:
// only ratios measured within one run mean anything). For each case: the softmax family through
// kernels::rowwise::RunReduce and the split-and-gate driver through kernels::split::Run, at 1 and
// 2 threads, each timed as the minimum over `reps` calls, with the roofline (the same input and
// output buffers: every input read once, every output written once, plain or streaming stores,
// whichever is faster) timed right before and after it. Prints one line per case:
//   case threads kernel_ms roofline_ms ratio (= roofline / kernel, 1.0 = at the roofline)
// Usage: bench_rowwise [reps (default 7)] [filter substring]
#include <sys/mman.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "rowwise/reduce.h"
#include "rowwise/split_problem.h"
#include "thread_pool.h"

namespace {

namespace kn = aclcpu::kernels;
namespace rw = aclcpu::kernels::rowwise;
namespace sp = aclcpu::kernels::split;

// 64-byte aligned float storage, huge pages where allowed; successive buffers start at different
// offsets modulo 4 KiB so that operands do not alias in the caches' set bits.
struct Buf {
  float* p = nullptr;
  void* base = nullptr;
  size_t mapped = 0;
  explicit Buf(int64_t n) {
    static int serial = 0;
    const size_t shift = static_cast<size_t>((serial++ % 8) * 64 + 64 * 5);
    mapped = static_cast<size_t>(n) * 4 + shift + (size_t{2} << 20);
    base = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) std::abort();
    const uintptr_t a =
        (reinterpret_cast<uintptr_t>(base) + (size_t{2} << 20) - 1) & ~((uintptr_t{2} << 20) - 1);
    madvise(reinterpret_cast<void*>(a), static_cast<size_t>(n) * 4 + shift, MADV_HUGEPAGE);
    p = reinterpret_cast<float*>(a + shift);
  }
  ~Buf() { munmap(base, mapped); }
  Buf(const Buf&) = delete;
  Buf& operator=(const Buf&) = delete;
};

void Fill(float* p, int64_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  for (int64_t i = 0; i < n; ++i) p[i] = u(g);
}

kn::ThreadPool* Pool(int threads) {
  static std::unique_ptr<kn::ThreadPool> pools[3];
  if (!pools[threads]) pools[threads] = std::make_unique<kn::ThreadPool>(threads);
  return pools[threads].get();
}

// Wall-clock time, or with ACLCPU_BENCH_CPU=1 the process's CPU time (all threads; a pool's
// idle spinning counts, preemption by other processes does not): on a loaded machine the CPU
// time of both the kernel and the roofline is what a ratio can still be taken of.
double Now() {
  static const bool cpu = std::getenv("ACLCPU_BENCH_CPU") != nullptr;
  if (cpu) {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
  }
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double MinTime(const std::function<void()>& f, int reps) {
  f();  // warm-up (page faults, pool start)
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const double t0 = Now();
    f();
    best = std::min(best, Now() - t0);
  }
  return best;
}

// ---- roofline: every input span read once, every output span written once ----
struct Span {
  float* p;
  int64_t n;
};

struct RoofJob {
  std::vector<const float*> in;
  std::vector<float*> out;
  int64_t n = 0;  // elements per span
  bool nt = false;
};

constexpr int64_t kRoofBlock = 1 << 16;

void RoofRange(const RoofJob& j, int64_t b, int64_t e) {
#if defined(__AVX512F__)
  for (int64_t i = b; i < e; i += 16) {
    __m512 s = _mm512_loadu_ps(j.in[0] + i);
    for (size_t k = 1; k < j.in.size(); ++k) s = _mm512_add_ps(s, _mm512_loadu_ps(j.in[k] + i));
    for (size_t k = 0; k < j.out.size(); ++k) {
      if (j.nt) {
        _mm512_stream_ps(j.out[k] + i, s);
      } else {
        _mm512_storeu_ps(j.out[k] + i, s);
      }
    }
  }
  if (j.nt) _mm_sfence();
#else
  for (int64_t i = b; i < e; ++i) {
    float s = j.in[0][i];
    for (size_t k = 1; k < j.in.size(); ++k) s += j.in[k][i];
    for (size_t k = 0; k < j.out.size(); ++k) j.out[k][i] = s;
  }
#endif
}

void RoofOnce(const RoofJob& j, int threads) {
  const int64_t tasks = (j.n + kRoofBlock - 1) / kRoofBlock;
  auto body = [&j](int64_t t) {
    RoofRange(j, t * kRoofBlock, std::min(j.n, (t + 1) * kRoofBlock));
  };
  if (threads == 1) {
    for (int64_t t = 0; t < tasks; ++t) body(t);
  } else {
    Pool(threads)->ParallelFor(tasks, body);
  }
}

// The faster of plain and streaming stores.
double RoofTime(const RoofJob& job, int threads, int reps) {
  RoofJob j = job;
  j.nt = false;
  const double plain = MinTime([&] { RoofOnce(j, threads); }, reps);
  j.nt = true;
  const double nt = MinTime([&] { RoofOnce(j, threads); }, reps);
  return std::min(plain, nt);
}

void Report(const std::string& name, int threads, const std::function<void()>& kernel,
            const RoofJob& roof, int reps) {
  const double r0 = RoofTime(roof, threads, reps);
  const double k = MinTime(kernel, reps);
  const double r1 = RoofTime(roof, threads, reps);
  const double r = std::min(r0, r1);
  std::printf("%-34s t%d  kernel %8.3f ms  roofline %8.3f ms  ratio %.2f  %.3f ns/elem\n",
              name.c_str(), threads, k, r, r / k, k * 1e6 / static_cast<double>(roof.n));
  std::fflush(stdout);
}

// ---- softmax family ----
void ReduceCase(const std::string& name, rw::ReduceOp op, std::vector<int64_t> shape, int dim,
                int reps) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  Buf x(n), y(n);
  Fill(x.p, n, -8.0f, 8.0f, 1);
  std::memset(y.p, 0, static_cast<size_t>(n) * 4);
  rw::ReduceProblem pb;
  pb.op = op;
  pb.ndim = static_cast<int>(shape.size());
  int64_t stride = 1;
  for (int d = pb.ndim - 1; d >= 0; --d) {
    pb.shape[d] = shape[d];
    pb.in[0].strides[d] = stride;
    pb.out[0].strides[d] = stride;
    stride *= shape[d];
  }
  pb.dim = dim;
  pb.in[0].data = x.p;
  pb.out[0].data = y.p;
  RoofJob roof;
  roof.in = {x.p};
  roof.out = {y.p};
  roof.n = n;
  for (int threads : {1, 2}) {
    kn::ThreadPool* pool = threads == 1 ? nullptr : Pool(threads);
    Report(
        name, threads, [&] { rw::RunReduce(pb, pool); }, roof, reps);
  }
}

// ---- split and gate: x [rows, 2h] -> halves [rows, h] ----
void SplitCase(const std::string& name, bool backward, int64_t rows, int64_t h, int reps) {
  const int64_t half = rows * h;
  Buf x(2 * half), dy(half), out(backward ? 2 * half : half);
  Fill(x.p, 2 * half, -6.0f, 6.0f, 2);
  Fill(dy.p, half, -1.0f, 1.0f, 3);
  std::memset(out.p, 0, static_cast<size_t>(backward ? 2 * half : half) * 4);
  sp::Problem pb;
  pb.op = backward ? sp::Op::kSwiGluGrad : sp::Op::kSwiGlu;
  pb.ndim = 2;
  pb.shape[0] = rows;
  pb.shape[1] = h;
  pb.rowDims = 1;
  const int64_t xs[2] = {2 * h, 1};
  const int64_t hs[2] = {h, 1};
  auto set = [](sp::Operand& o, const float* p, const int64_t* s) {
    o.data = p;
    o.strides[0] = s[0];
    o.strides[1] = s[1];
  };
  RoofJob roof;
  roof.n = half;
  if (backward) {
    pb.numInputs = 3;
    pb.numOutputs = 2;
    set(pb.in[0], dy.p, hs);
    set(pb.in[1], x.p, xs);
    set(pb.in[2], x.p + h, xs);
    set(pb.out[0], out.p, xs);
    set(pb.out[1], out.p + h, xs);
    roof.in = {dy.p, x.p, x.p + half};
    roof.out = {out.p, out.p + half};
  } else {
    pb.numInputs = 2;
    pb.numOutputs = 1;
    set(pb.in[0], x.p, xs);
    set(pb.in[1], x.p + h, xs);
    set(pb.out[0], out.p, hs);
    roof.in = {x.p, x.p + half};
    roof.out = {out.p};
  }
  for (int threads : {1, 2}) {
    kn::ThreadPool* pool = threads == 1 ? nullptr : Pool(threads);
    Report(
        name, threads, [&] { sp::Run(pb, pool); }, roof, reps);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
  const std::string filter = argc > 2 ? argv[2] : "";
  auto want = [&](const std::string& name) { return name.find(filter) != std::string::npos; };
  struct RCase {
    const char* name;
    rw::ReduceOp op;
    std::vector<int64_t> shape;
    int dim;
  };
  const RCase rcases[] = {
      {"softmax/16Kx1K/last", rw::ReduceOp::kSoftmax, {16384, 1024}, 1},
      {"softmax/512x32K/last", rw::ReduceOp::kSoftmax, {512, 32768}, 1},
      {"logsoftmax/16Kx1K/last", rw::ReduceOp::kLogSoftmax, {16384, 1024}, 1},
      {"logsoftmax/512x32K/last", rw::ReduceOp::kLogSoftmax, {512, 32768}, 1},
      {"softmax/64x1024x256/dim1", rw::ReduceOp::kSoftmax, {64, 1024, 256}, 1},
      {"logsoftmax/64x1024x256/dim1", rw::ReduceOp::kLogSoftmax, {64, 1024, 256}, 1},
      {"softmax/16x32x32K/dim1", rw::ReduceOp::kSoftmax, {16, 32, 32768}, 1},
      // In cache (L2): the compute cost alone.
      {"cache/softmax/128x1K/last", rw::ReduceOp::kSoftmax, {128, 1024}, 1},
      {"cache/logsoftmax/128x1K/last", rw::ReduceOp::kLogSoftmax, {128, 1024}, 1},
      {"cache/softmax/2x1024x64/dim1", rw::ReduceOp::kSoftmax, {2, 1024, 64}, 1},
  };
  for (const RCase& c : rcases) {
    if (want(c.name)) ReduceCase(c.name, c.op, c.shape, c.dim, reps);
  }
  if (want("swiglu/fwd/4Kx4K")) SplitCase("swiglu/fwd/4Kx4K", false, 4096, 2048, reps);
  if (want("swiglu/bwd/4Kx4K")) SplitCase("swiglu/bwd/4Kx4K", true, 4096, 2048, reps);
  if (want("cache/swiglu/fwd/64x4K")) SplitCase("cache/swiglu/fwd/64x4K", false, 64, 2048, reps);
  if (want("cache/swiglu/bwd/64x4K")) SplitCase("cache/swiglu/bwd/64x4K", true, 64, 2048, reps);
  return 0;
}
