// oneDNN peers (optional, ACLCPU_BENCH_HAVE_DNNL, the oneDNN 2.x API): one table row per peer,
// eltwise forward or backward of an algorithm with its alpha / beta, named
// onednn/<our operator>/<dtype>/<n>/t<threads> so that scripts/plot_bench.py pairs it with
// kernel/<our operator><generation><DTYPE>/<n>/t<threads>. Inputs are the kernel cases' inputs
// (bench_kernels.cpp): forward x in [-5, 5]; backward dy in [-5, 5] and x (or y) in [-8, 8].
// Threads come from OMP_NUM_THREADS, set per process by scripts/bench.sh like
// ACLNN_CPU_NUM_THREADS. The softmax peers are in bench_onednn_softmax.cpp.
#include <string>

#include "bench_common.h"

#if defined(ACLCPU_BENCH_HAVE_DNNL)
#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace aclbench {

#if defined(ACLCPU_BENCH_HAVE_DNNL)
namespace {

using dnnl::algorithm;

struct EltwisePeer {
  const char* op;  // our operator (kernel list name, or the bench variant: GeluErf)
  algorithm alg;
  float alpha;
  float beta;
  bool backward;
  double lo, hi;  // the range of x (forward) or of the backward's x / y
};

// What each of our operators is in oneDNN's terms. Differences that do not change the traffic:
// oneDNN's SELU stand-in (elu from dst with alpha = lambda * alpha) passes the positive branch's
// gradient unscaled; soft_relu has no beta / threshold in 2.x (beta 1, no threshold).
const EltwisePeer kPeers[] = {
    {"Gelu", algorithm::eltwise_gelu_tanh, 0, 0, false, -5, 5},
    {"GeluBackward", algorithm::eltwise_gelu_tanh, 0, 0, true, -8, 8},
    {"GeluErf", algorithm::eltwise_gelu_erf, 0, 0, false, -5, 5},
    {"GeluErfBackward", algorithm::eltwise_gelu_erf, 0, 0, true, -8, 8},
    {"Elu", algorithm::eltwise_elu, 1, 0, false, -5, 5},
    {"EluBackward", algorithm::eltwise_elu, 1, 0, true, -8, 8},
    {"Mish", algorithm::eltwise_mish, 0, 0, false, -5, 5},
    {"MishBackward", algorithm::eltwise_mish, 0, 0, true, -8, 8},
    {"Sigmoid", algorithm::eltwise_logistic, 0, 0, false, -5, 5},
    // aclnnSigmoidBackward takes the forward's output.
    {"SigmoidBackward", algorithm::eltwise_logistic_use_dst_for_bwd, 0, 0, true, 0, 1},
    {"LogSigmoid", algorithm::eltwise_logsigmoid, 0, 0, false, -5, 5},
    {"LogSigmoidBackward", algorithm::eltwise_logsigmoid, 0, 0, true, -8, 8},
    {"Softplus", algorithm::eltwise_soft_relu, 0, 0, false, -5, 5},
    {"SoftplusBackward", algorithm::eltwise_soft_relu, 0, 0, true, -8, 8},
    {"Hardswish", algorithm::eltwise_hardswish, 0, 0, false, -5, 5},
    {"HardswishBackward", algorithm::eltwise_hardswish, 0, 0, true, -8, 8},
#if DNNL_VERSION_MAJOR > 2 || (DNNL_VERSION_MAJOR == 2 && DNNL_VERSION_MINOR >= 7)
    {"Hardsigmoid", algorithm::eltwise_hardsigmoid, 1.0f / 6, 0.5f, false, -5, 5},
    {"HardsigmoidBackward", algorithm::eltwise_hardsigmoid, 1.0f / 6, 0.5f, true, -8, 8},
#endif
    {"Relu", algorithm::eltwise_relu, 0, 0, false, -5, 5},
    {"ReluBackward", algorithm::eltwise_relu, 0, 0, true, -8, 8},
    {"LeakyRelu", algorithm::eltwise_relu, 0.01f, 0, false, -5, 5},
    {"LeakyReluBackward", algorithm::eltwise_relu, 0.01f, 0, true, -8, 8},
    {"Swish", algorithm::eltwise_swish, 1, 0, false, -5, 5},
    {"SwishBackward", algorithm::eltwise_swish, 1, 0, true, -8, 8},
    {"SiluBackward", algorithm::eltwise_swish, 1, 0, true, -8, 8},
    {"SeluBackward", algorithm::eltwise_elu_use_dst_for_bwd, 1.7580993f, 0, true, -1.758, 4},
};

bool UsesDst(algorithm alg) {
  return alg == algorithm::eltwise_logistic_use_dst_for_bwd ||
         alg == algorithm::eltwise_elu_use_dst_for_bwd ||
         alg == algorithm::eltwise_relu_use_dst_for_bwd ||
         alg == algorithm::eltwise_tanh_use_dst_for_bwd;
}

void BM_OneDnn(benchmark::State& st, EltwisePeer peer, Dt d, int64_t n) {
  using namespace dnnl;
  try {
    engine eng(engine::kind::cpu, 0);
    stream strm(eng);
    const memory::data_type dt = d == Dt::F32   ? memory::data_type::f32
                                 : d == Dt::F16 ? memory::data_type::f16
                                                : memory::data_type::bf16;
    const memory::desc md({n}, dt, memory::format_tag::a);
    const auto fwdPd = eltwise_forward::primitive_desc(
        eltwise_forward::desc(prop_kind::forward_training, peer.alg, md, peer.alpha, peer.beta),
        eng);
    Buffer o(n * DtSize(d));
    memory om(md, eng, o.p);
    if (!peer.backward) {
      memory xm(md, eng, const_cast<void*>(CachedInput(d, n, peer.lo, peer.hi, 1)));
      eltwise_forward fwd(fwdPd);
      for (auto _ : st) {
        fwd.execute(strm, {{DNNL_ARG_SRC, xm}, {DNNL_ARG_DST, om}});
        strm.wait();
      }
      st.SetLabel(fwdPd.impl_info_str());
    } else {
      const auto bwdPd = eltwise_backward::primitive_desc(
          eltwise_backward::desc(peer.alg, md, md, peer.alpha, peer.beta), eng, fwdPd);
      memory gm(md, eng, const_cast<void*>(CachedInput(d, n, -5.0, 5.0, 1)));
      memory xm(md, eng, const_cast<void*>(CachedInput(d, n, peer.lo, peer.hi, 2)));
      eltwise_backward bwd(bwdPd);
      const int srcOrDst = UsesDst(peer.alg) ? DNNL_ARG_DST : DNNL_ARG_SRC;
      for (auto _ : st) {
        bwd.execute(strm, {{DNNL_ARG_DIFF_DST, gm}, {srcOrDst, xm}, {DNNL_ARG_DIFF_SRC, om}});
        strm.wait();
      }
      st.SetLabel(bwdPd.impl_info_str());
    }
  } catch (const dnnl::error& e) {
    st.SkipWithError((std::string("oneDNN: ") + e.what()).c_str());
    return;
  }
  SetCounters(st, n, DtSize(d), peer.backward ? 3 : 2);
  st.counters["threads"] = ProcessThreads();
}

}  // namespace

void RegisterOneDnnBenchmarks() {
  const int threads = ProcessThreads();
  for (int64_t n : Sizes()) {
    for (const EltwisePeer& peer : kPeers) {
      for (Dt d : {Dt::F32, Dt::BF16}) {
        const std::string name = std::string("onednn/") + peer.op + "/" + DtName(d) + "/" +
                                 std::to_string(n) + "/t" + std::to_string(threads);
        Apply(benchmark::RegisterBenchmark(name.c_str(), BM_OneDnn, peer, d, n), n);
      }
    }
  }
  RegisterOneDnnSoftmaxBenchmarks();
}
#else
void RegisterOneDnnBenchmarks() {}
#endif

}  // namespace aclbench
