// Kernel-level benchmarks: every kernel-list row (kernels::RunElementwise on pools of 1 and 2
// threads), the roofline kernel with the same traffic, and a transposed-input case for the
// strided driver. Rows come from the registry, so a new (operator, dtype) is measured without
// code here; a short table (kParamRows) gives some operators the scalars their peers use
// (oneDNN, PyTorch) and adds mode variants (GELU erf) as rows of their own.
#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <vector>

#include "bench_common.h"
#include "elementwise/driver.h"
#include "elementwise/functors/gelu_modes.h"
#include "thread_pool.h"

namespace aclbench {
namespace {

namespace kn = aclcpu::kernels;

struct KernelCase {
  const kn::KernelRow* row;
  std::string name;  // "SeluBackward/Legacy/F16" -> "SeluBackwardLegacyF16"
  Dt dt;
  int numIn;
  kn::KernelParams params;
  bool variant = false;  // a mode variant of the row (not the registry's default parameters)
};

// Scalars (slots 0..3), bool b[0] and mode for rows of an operator (by the kernel list's name, so
// that the table compiles whether or not an operator exists yet). `benchOp` renames the
// operator in the benchmark name; `variant` adds a case next to the default one instead of
// replacing its parameters. Values: the peers' defaults (PyTorch's and oneDNN's).
struct ParamRow {
  const char* op;
  const char* benchOp;
  bool variant;
  int mode;
  float s[4];
  bool b0;
};
constexpr ParamRow kParamRows[] = {
    // GELU: the default case is the tanh form (aclnnGelu); the erf form as its own rows.
    {"Gelu", "GeluErf", true, kn::kGeluErf, {1, 1, 1, 0}, false},
    {"GeluBackward", "GeluErfBackward", true, kn::kGeluErf, {1, 1, 1, 0}, false},
    {"LeakyRelu", "LeakyRelu", false, 0, {0.01f, 1, 1, 0}, false},
    {"LeakyReluBackward", "LeakyReluBackward", false, 0, {0.01f, 1, 1, 0}, false},
    // Softplus beta = 1, threshold = 20 (slots: kSoftplusBeta, kSoftplusThreshold, 1 / beta).
    {"Softplus", "Softplus", false, 0, {1, 20, 1, 0}, false},
    {"SoftplusBackward", "SoftplusBackward", false, 0, {1, 20, 1, 0}, false},
    // ELU alpha = 1 from self (scale, inputScale, negcoef = alpha * scale; isResult false).
    {"EluBackward", "EluBackward", false, 0, {1, 1, 1, 1}, false},
    {"Threshold", "Threshold", false, 0, {0, 0, 1, 0}, false},
    {"ThresholdBackward", "ThresholdBackward", false, 0, {0, 1, 1, 0}, false},
    {"Hardshrink", "Hardshrink", false, 0, {0.5f, 1, 1, 0}, false},
    {"HardshrinkBackward", "HardshrinkBackward", false, 0, {0.5f, 1, 1, 0}, false},
    {"Softshrink", "Softshrink", false, 0, {0.5f, 1, 1, 0}, false},
    {"SoftshrinkBackward", "SoftshrinkBackward", false, 0, {0.5f, 1, 1, 0}, false},
};

kn::KernelParams DefaultParams() {
  kn::KernelParams params;
  params.SetScalar(0, 1.0f);
  params.SetScalar(1, 1.0f);
  params.SetScalar(2, 1.0f);
  return params;
}

kn::KernelParams ParamsOf(const ParamRow& p) {
  kn::KernelParams params;
  for (int k = 0; k < 4; ++k) params.SetScalar(k, p.s[k]);
  params.b[0] = p.b0;
  params.mode = p.mode;
  return params;
}

// The rows whose dtype the benchmark buffers can hold.
std::vector<KernelCase> Cases() {
  std::vector<KernelCase> cases;
  size_t n = 0;
  const kn::KernelRow* rows = kn::KernelRows(&n);
  for (size_t i = 0; i < n; ++i) {
    const kn::KernelRow& r = rows[i];
    Dt dt;
    switch (r.dtype) {
      case kn::DType::F32:
        dt = Dt::F32;
        break;
      case kn::DType::F16:
        dt = Dt::F16;
        break;
      case kn::DType::BF16:
        dt = Dt::BF16;
        break;
      case kn::DType::I32:
        dt = Dt::I32;
        break;
      case kn::DType::I8:
        dt = Dt::I8;
        break;
      default:
        continue;
    }
    const std::string opName = kn::GetOpInfo(r.op).name;
    std::string rest;  // generation and dtype: "Legacy/F16" -> "LegacyF16"
    for (const char* c = r.name + opName.size(); *c != 0; ++c) {
      if (*c != '/') rest += *c;
    }
    KernelCase k{&r, opName + rest, dt, kn::GetOpInfo(r.op).numIn, DefaultParams()};
    std::vector<KernelCase> variants;
    for (const ParamRow& p : kParamRows) {
      if (opName != p.op) continue;
      if (p.variant) {
        KernelCase v = k;
        v.name = p.benchOp + rest;
        v.params = ParamsOf(p);
        v.variant = true;
        variants.push_back(v);
      } else {
        k.name = p.benchOp + rest;
        k.params = ParamsOf(p);
      }
    }
    cases.push_back(k);
    cases.insert(cases.end(), variants.begin(), variants.end());
  }
  return cases;
}

}  // namespace

kn::ThreadPool* Pool(int threads) {
  static std::unique_ptr<kn::ThreadPool> pools[3];
  if (!pools[threads]) pools[threads] = std::make_unique<kn::ThreadPool>(threads);
  return pools[threads].get();
}

namespace {

// ---- roofline: out = a + b on 32-bit words, the same bytes as a kernel call of n elements ----

struct RoofJob {
  const uint32_t* a;
  const uint32_t* b;
  uint32_t* o;
  int64_t words;
  int64_t wordsPerBlock;
  bool nt;
};

void RoofRange(const RoofJob& j, int64_t begin, int64_t end) {
  int64_t i = begin;
#if defined(__AVX512F__)
  constexpr int kW = 16;
  if (j.nt) {
    for (; i < end && (reinterpret_cast<uintptr_t>(j.o + i) & 63) != 0; ++i)
      j.o[i] = j.a[i] + j.b[i];
    for (; i + kW <= end; i += kW) {
      const __m512i s = _mm512_add_epi32(_mm512_loadu_si512(j.a + i), _mm512_loadu_si512(j.b + i));
      _mm512_stream_si512(reinterpret_cast<__m512i*>(j.o + i), s);
    }
  } else {
    for (; i + kW <= end; i += kW) {
      const __m512i s = _mm512_add_epi32(_mm512_loadu_si512(j.a + i), _mm512_loadu_si512(j.b + i));
      _mm512_storeu_si512(j.o + i, s);
    }
  }
#elif defined(__AVX2__)
  constexpr int kW = 8;
  using V = __m256i;
  if (j.nt) {
    for (; i < end && (reinterpret_cast<uintptr_t>(j.o + i) & 31) != 0; ++i)
      j.o[i] = j.a[i] + j.b[i];
    for (; i + kW <= end; i += kW) {
      const V s = _mm256_add_epi32(_mm256_loadu_si256(reinterpret_cast<const V*>(j.a + i)),
                                   _mm256_loadu_si256(reinterpret_cast<const V*>(j.b + i)));
      _mm256_stream_si256(reinterpret_cast<V*>(j.o + i), s);
    }
  } else {
    for (; i + kW <= end; i += kW) {
      const V s = _mm256_add_epi32(_mm256_loadu_si256(reinterpret_cast<const V*>(j.a + i)),
                                   _mm256_loadu_si256(reinterpret_cast<const V*>(j.b + i)));
      _mm256_storeu_si256(reinterpret_cast<V*>(j.o + i), s);
    }
  }
#endif
  for (; i < end; ++i) j.o[i] = j.a[i] + j.b[i];
#if defined(__SSE2__)
  if (j.nt) _mm_sfence();
#endif
}

void RoofBlock(void* ctx, int64_t block) {
  const RoofJob& j = *static_cast<const RoofJob*>(ctx);
  const int64_t begin = block * j.wordsPerBlock;
  RoofRange(j, begin, std::min(j.words, begin + j.wordsPerBlock));
}

}  // namespace

double TimeRoofline(const void* a, const void* b, void* o, int64_t bytes, size_t isz, int threads,
                    bool nt) {
  RoofJob j{static_cast<const uint32_t*>(a), static_cast<const uint32_t*>(b),
            static_cast<uint32_t*>(o),
            (bytes + 3) / 4,  // the buffers are padded to 64 bytes
            // the kernels' contiguous blocks of the same bytes
            kn::ContiguousBlockElems(static_cast<int64_t>(isz), bytes / static_cast<int64_t>(isz)) *
                static_cast<int64_t>(isz) / 4,
            nt};
  const int64_t blocks = (j.words + j.wordsPerBlock - 1) / j.wordsPerBlock;
  kn::ThreadPool* pool = Pool(threads);
  std::vector<double> us;
  const auto start = std::chrono::steady_clock::now();
  while (us.size() < 5 ||
         (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(50) &&
          us.size() < 1000)) {
    const auto t0 = std::chrono::steady_clock::now();
    if (blocks <= 1 || threads == 1) {
      for (int64_t blk = 0; blk < blocks; ++blk) RoofBlock(&j, blk);
    } else {
      pool->ParallelFor(blocks, &RoofBlock, &j);
    }
    benchmark::ClobberMemory();
    us.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
  return us[us.size() / 2];
}

namespace {

void BM_Kernel(benchmark::State& st, KernelCase k, int64_t n, int threads, bool transposed,
               kn::Precision precision = kn::Precision::Npu) {
  const size_t isz = DtSize(k.dt);
  const kn::DType dtype = k.row->dtype;
  // Inputs: the first in [-5, 5], the others in [-8, 8]: both signs, both branches of every
  // select, the whole exp range that matters.
  const void* in[3] = {CachedInput(k.dt, n, -5.0, 5.0, 1), CachedInput(k.dt, n, -8.0, 8.0, 2),
                       CachedInput(k.dt, n, -8.0, 8.0, 3)};
  Buffer out(n * isz);
  // Contiguous: one dim. Transposed: a square view whose first input is read column-major.
  int64_t side = 1;
  while (side * side < n) ++side;
  const int64_t shape1[1] = {n}, stride1[1] = {1};
  const int64_t shape2[2] = {side, n / side}, rowMajor[2] = {n / side, 1}, colMajor[2] = {1, side};
  kn::ElementwiseProblem p;
  p.ndim = transposed ? 2 : 1;
  p.shape = transposed ? shape2 : shape1;
  p.numIn = k.numIn;
  p.numOut = kn::GetOpInfo(k.row->op).numOut;
  for (int i = 0; i < k.numIn; ++i) {
    p.in[i] = {in[i], transposed ? (i == 0 ? colMajor : rowMajor) : stride1, dtype};
  }
  Buffer out2(n * isz);
  p.out[0] = {out.p, transposed ? rowMajor : stride1, dtype};
  p.out[1] = {out2.p, transposed ? rowMajor : stride1, dtype};
  kn::KernelParams params = k.params;
  // The operator's enum attribute (e.g. GELU: 0 tanh, 1 erf), the row's unless
  // ACLNN_CPU_BENCH_MODE says.
  if (const char* mode = std::getenv("ACLNN_CPU_BENCH_MODE")) params.mode = std::atoi(mode);
  kn::ThreadPool* pool = Pool(threads);
  for (auto _ : st) {
    kn::RunElementwise(*k.row, precision, p, params, pool);
    benchmark::DoNotOptimize(out.p);
    benchmark::ClobberMemory();
  }
  SetCounters(st, n, isz, k.numIn + p.numOut);
  st.counters["threads"] = threads;
  // The roofline over this case's own buffers, right after it: the ratio then does not depend on
  // where the buffers landed in memory (that moved 16M-element 2-thread times by 1.5x here).
  // A one-input kernel's roofline reads its input twice at the same addresses: the same traffic.
  if (!transposed) {
    const int64_t bytes = n * static_cast<int64_t>(isz);
    const void* b = k.numIn >= 2 ? in[1] : in[0];
    st.counters["roofline_us"] = BestRoofline(in[0], b, out.p, bytes, isz, threads);
  }
}

void BM_Roofline(benchmark::State& st, size_t isz, int64_t n, int threads, bool nt) {
  const int64_t words = (n * static_cast<int64_t>(isz) + 3) / 4;
  const void* a = CachedInput(Dt::I32, words, -1e6, 1e6, 3);
  const void* b = CachedInput(Dt::I32, words, -1e6, 1e6, 4);
  Buffer o(words * 4);
  RoofJob j{static_cast<const uint32_t*>(a),
            static_cast<const uint32_t*>(b),
            static_cast<uint32_t*>(o.p),
            words,
            kn::ContiguousBlockElems(static_cast<int64_t>(isz), n) * static_cast<int64_t>(isz) / 4,
            nt};
  const int64_t blocks = (words + j.wordsPerBlock - 1) / j.wordsPerBlock;
  kn::ThreadPool* pool = Pool(threads);
  for (auto _ : st) {
    if (blocks <= 1 || threads == 1) {
      for (int64_t blk = 0; blk < blocks; ++blk) RoofBlock(&j, blk);
    } else {
      pool->ParallelFor(blocks, &RoofBlock, &j);
    }
    benchmark::DoNotOptimize(o.p);
    benchmark::ClobberMemory();
  }
  SetCounters(st, n, isz, 3);
  st.counters["threads"] = threads;
}

}  // namespace

void RegisterKernelBenchmarks() {
  for (int threads : {1, 2}) {
    for (int64_t n : Sizes()) {
      for (size_t isz : {4, 2, 1}) {
        for (bool nt : {false, true}) {
          const std::string name = "roofline/" + std::to_string(isz) + "B/" +
                                   (nt ? "nt" : "plain") + "/" + std::to_string(n) + "/t" +
                                   std::to_string(threads);
          Apply(benchmark::RegisterBenchmark(name.c_str(), BM_Roofline, isz, n, threads, nt), n);
        }
      }
      for (const KernelCase& k : Cases()) {
        const std::string name = std::string("kernel/") + k.name + "/" + std::to_string(n) + "/t" +
                                 std::to_string(threads);
        Apply(benchmark::RegisterBenchmark(name.c_str(), BM_Kernel, k, n, threads, false,
                                           kn::Precision::Npu),
              n);
        // What ACLNN_CPU_PRECISION=golden costs (float64 compute), for rows that have it.
        if (k.row->golden != nullptr && !k.variant && n >= (int64_t{1} << 20)) {
          const std::string golden = std::string("golden/") + k.name + "/" + std::to_string(n) +
                                     "/t" + std::to_string(threads);
          Apply(benchmark::RegisterBenchmark(golden.c_str(), BM_Kernel, k, n, threads, false,
                                             kn::Precision::Golden),
                n);
        }
      }
    }
    // The strided driver with a column-major gradOutput (out and x row-major).
    for (int64_t n : {int64_t{1} << 20, int64_t{1} << 24}) {
      for (const KernelCase& k : Cases()) {
        if (k.name != "SwishBackwardAnyF32" && k.name != "SeluBackwardCurrentF32" &&
            k.name != "SeluBackwardCurrentBF16")
          continue;
        const std::string name = std::string("transposed/") + k.name + "/" + std::to_string(n) +
                                 "/t" + std::to_string(threads);
        Apply(benchmark::RegisterBenchmark(name.c_str(), BM_Kernel, k, n, threads, true,
                                           kn::Precision::Npu),
              n);
      }
    }
  }
}

}  // namespace aclbench
