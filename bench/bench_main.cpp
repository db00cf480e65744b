// aclnn_cpu_bench: see docs/performance.md. Every Google Benchmark flag works
// (--benchmark_format=json, --benchmark_filter=..., --benchmark_repetitions=...).
#include <sys/mman.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "bench_common.h"
#include "elementwise/convert.h"

namespace aclbench {

uint16_t ToHalfBits(float f) { return aclcpu::kernels::FloatToHalf(f); }
uint16_t ToBf16Bits(float f) { return aclcpu::kernels::FloatToBf16(f); }

void Fill(void* p, Dt d, int64_t n, double lo, double hi, uint32_t seed) {
  // A 64-bit LCG: cheap enough for 64M elements, and reproducible.
  uint64_t state = 0x9e3779b97f4a7c15ull * (seed + 1);
  const double scale = (hi - lo) / 9007199254740992.0;  // 2^53
  for (int64_t i = 0; i < n; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double v = lo + static_cast<double>(state >> 11) * scale;
    switch (d) {
      case Dt::F32:
        static_cast<float*>(p)[i] = static_cast<float>(v);
        break;
      case Dt::F16:
        static_cast<uint16_t*>(p)[i] = ToHalfBits(static_cast<float>(v));
        break;
      case Dt::BF16:
        static_cast<uint16_t*>(p)[i] = ToBf16Bits(static_cast<float>(v));
        break;
      case Dt::I32:
        static_cast<int32_t*>(p)[i] = static_cast<int32_t>(v * 100);
        break;
      case Dt::I8:
        static_cast<int8_t*>(p)[i] = static_cast<int8_t>(std::clamp(v * 20, -128.0, 127.0));
        break;
    }
  }
}

Buffer::Buffer(size_t b) : bytes(b) {
  static unsigned counter = 0;
  constexpr size_t kHuge = size_t{2} << 20;
  const size_t offset = (counter++ % 4) * 1344;  // 21 cache lines apart
  const size_t need = (b == 0 ? 64 : (b + 63) / 64 * 64) + offset;
  mapped_ = need >= kHuge ? (need + kHuge - 1) / kHuge * kHuge : need;
  base_ = std::aligned_alloc(need >= kHuge ? kHuge : 64, mapped_);
  if (base_ == nullptr) std::abort();
#if defined(MADV_HUGEPAGE)
  if (need >= kHuge) madvise(base_, mapped_, MADV_HUGEPAGE);
#endif
  std::memset(base_, 0, mapped_);
  p = static_cast<char*>(base_) + offset;
}

Buffer::~Buffer() { std::free(base_); }

const void* CachedInput(Dt d, int64_t n, double lo, double hi, uint32_t seed) {
  struct Key {
    Dt d;
    double lo, hi;
    uint32_t seed;
  };
  static int64_t cachedN = -1;
  static std::vector<std::pair<Key, std::unique_ptr<Buffer>>> cache;
  if (n != cachedN) {  // benchmarks run size by size: keep one size's inputs only
    cache.clear();
    cachedN = n;
  }
  for (auto& e : cache) {
    if (e.first.d == d && e.first.lo == lo && e.first.hi == hi && e.first.seed == seed) {
      return e.second->p;
    }
  }
  auto buf = std::make_unique<Buffer>(n * DtSize(d));
  Fill(buf->p, d, n, lo, hi, seed);
  cache.emplace_back(Key{d, lo, hi, seed}, std::move(buf));
  return cache.back().second->p;
}

int ProcessThreads() {
  const char* t = std::getenv("ACLNN_CPU_NUM_THREADS");
  const int n = t != nullptr ? std::atoi(t) : 0;
  return n >= 1 ? n : 1;
}

void Apply(benchmark::internal::Benchmark* b, int64_t n) {
  b->UseRealTime();
  b->Unit(benchmark::kMicrosecond);
  b->MinTime(n >= (1 << 24) ? 0.3 : 0.1);
}

}  // namespace aclbench

int main(int argc, char** argv) {
  // The runtime reads ACLNN_CPU_NUM_THREADS once; default it to 1 so that an unscripted run is
  // labelled correctly (scripts/bench.sh sets it, and OMP_NUM_THREADS for oneDNN, per process).
  setenv("ACLNN_CPU_NUM_THREADS", "1", 0);
  setenv("OMP_NUM_THREADS", std::getenv("ACLNN_CPU_NUM_THREADS"), 0);
  aclbench::RegisterKernelBenchmarks();
  aclbench::RegisterRowwiseBenchmarks();
  aclbench::RegisterE2EBenchmarks();
  aclbench::RegisterOneDnnBenchmarks();
  // The chip the end-to-end cases emulate decides SeluBackward's kernel generation
  // (scripts/plot_bench.py puts those rows next to the matching kernel).
  const char* soc = std::getenv("ACLNN_CPU_SOC");
  benchmark::AddCustomContext("aclnn_cpu_soc",
                              soc != nullptr && *soc != '\0' ? soc : "Ascend910B1");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
