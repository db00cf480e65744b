// oneDNN peers (optional, ACLCPU_BENCH_HAVE_DNNL): eltwise_backward swish (alpha = beta) and
// elu backward from dst with alpha = lambda * alpha (SELU's negative branch; oneDNN's positive
// branch passes the gradient through unscaled: same traffic, one multiply less). Threads come
// from OMP_NUM_THREADS, set per process by scripts/bench.sh like ACLNN_CPU_NUM_THREADS.
#include <string>

#include "bench_common.h"

#if defined(ACLCPU_BENCH_HAVE_DNNL)
#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace aclbench {

#if defined(ACLCPU_BENCH_HAVE_DNNL)
namespace {

void BM_OneDnn(benchmark::State& st, bool swish, Dt d, int64_t n) {
  using namespace dnnl;
  try {
    engine eng(engine::kind::cpu, 0);
    stream strm(eng);
    const memory::data_type dt = d == Dt::F32   ? memory::data_type::f32
                                 : d == Dt::F16 ? memory::data_type::f16
                                                : memory::data_type::bf16;
    const memory::desc md({n}, dt, memory::format_tag::a);
    const algorithm alg = swish ? algorithm::eltwise_swish : algorithm::eltwise_elu_use_dst_for_bwd;
    const float alpha = swish ? 1.0f : 1.7580993f;
    const auto fwdPd = eltwise_forward::primitive_desc(
        eltwise_forward::desc(prop_kind::forward_training, alg, md, alpha, 0.0f), eng);
    const auto bwdPd = eltwise_backward::primitive_desc(
        eltwise_backward::desc(alg, md, md, alpha, 0.0f), eng, fwdPd);
    void* g = const_cast<void*>(CachedInput(d, n, -5.0, 5.0, 1));
    void* x = const_cast<void*>(CachedInput(d, n, swish ? -8.0 : -1.758, swish ? 8.0 : 4.0, 2));
    Buffer o(n * DtSize(d));
    memory gm(md, eng, g), xm(md, eng, x), om(md, eng, o.p);
    eltwise_backward bwd(bwdPd);
    const int srcOrDst = swish ? DNNL_ARG_SRC : DNNL_ARG_DST;
    for (auto _ : st) {
      bwd.execute(strm, {{DNNL_ARG_DIFF_DST, gm}, {srcOrDst, xm}, {DNNL_ARG_DIFF_SRC, om}});
      strm.wait();
    }
    st.SetLabel(bwdPd.impl_info_str());
  } catch (const dnnl::error& e) {
    st.SkipWithError((std::string("oneDNN: ") + e.what()).c_str());
    return;
  }
  SetCounters(st, n, DtSize(d));
  st.counters["threads"] = ProcessThreads();
}

}  // namespace

void RegisterOneDnnBenchmarks() {
  const int threads = ProcessThreads();
  for (int64_t n : Sizes()) {
    for (bool swish : {true, false}) {
      for (Dt d : {Dt::F32, Dt::F16, Dt::BF16}) {
        const std::string name = std::string("onednn/") +
                                 (swish ? "SwishBackward/" : "SeluBackward/") + DtName(d) + "/" +
                                 std::to_string(n) + "/t" + std::to_string(threads);
        Apply(benchmark::RegisterBenchmark(name.c_str(), BM_OneDnn, swish, d, n), n);
      }
    }
  }
}
#else
void RegisterOneDnnBenchmarks() {}
#endif

}  // namespace aclbench
