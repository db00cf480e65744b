// oneDNN softmax peers (optional, ACLCPU_BENCH_HAVE_DNNL, oneDNN 2.x softmax_v2): softmax and
// log-softmax forward and backward, fp32, on the shapes of the rowwise kernel cases
// (bench_rowwise.cpp: lines of 1K and 32K along the last dim, 1K along dim 0), named
// onednn/<op><shape>/f32/<n>/t<threads>. Inputs as the kernel cases: x and dy in [-5, 5], y a
// plausible forward output. Threads: OMP_NUM_THREADS (one process per thread count).
#include <string>

#include "bench_common.h"

#if defined(ACLCPU_BENCH_HAVE_DNNL)
#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace aclbench {

#if defined(ACLCPU_BENCH_HAVE_DNNL)
namespace {

struct SoftmaxPeer {
  const char* op;
  bool log;
  bool backward;
};
constexpr SoftmaxPeer kSoftmaxPeers[] = {
    {"Softmax", false, false},
    {"LogSoftmax", true, false},
    {"SoftmaxBackward", false, true},
    {"LogSoftmaxBackward", true, true},
};

void BM_OneDnnSoftmax(benchmark::State& st, SoftmaxPeer peer, RowShape shape, int64_t n) {
  using namespace dnnl;
  try {
    engine eng(engine::kind::cpu, 0);
    stream strm(eng);
    const memory::desc md({shape.Rows(n), shape.Cols(n)}, memory::data_type::f32,
                          memory::format_tag::ab);
    const algorithm alg = peer.log ? algorithm::softmax_log : algorithm::softmax_accurate;
    const auto fwdPd = softmax_v2_forward::primitive_desc(
        softmax_v2_forward::desc(prop_kind::forward_training, alg, md, md, shape.dim), eng);
    Buffer o(n * sizeof(float));
    memory om(md, eng, o.p);
    memory xm(md, eng, const_cast<void*>(CachedInput(Dt::F32, n, -5.0, 5.0, 1)));
    if (!peer.backward) {
      softmax_v2_forward fwd(fwdPd);
      for (auto _ : st) {
        fwd.execute(strm, {{DNNL_ARG_SRC, xm}, {DNNL_ARG_DST, om}});
        strm.wait();
      }
      st.SetLabel(fwdPd.impl_info_str());
    } else {
      const double lo = peer.log ? -12.0 : 0.0;
      const double hi = peer.log ? -4.0 : 2.0 / static_cast<double>(shape.len);
      memory ym(md, eng, const_cast<void*>(CachedInput(Dt::F32, n, lo, hi, 4)));
      const auto bwdPd = softmax_v2_backward::primitive_desc(
          softmax_v2_backward::desc(alg, md, md, md, shape.dim), eng, fwdPd);
      softmax_v2_backward bwd(bwdPd);
      for (auto _ : st) {
        bwd.execute(strm, {{DNNL_ARG_DST, ym}, {DNNL_ARG_DIFF_DST, xm}, {DNNL_ARG_DIFF_SRC, om}});
        strm.wait();
      }
      st.SetLabel(bwdPd.impl_info_str());
    }
  } catch (const dnnl::error& e) {
    st.SkipWithError((std::string("oneDNN: ") + e.what()).c_str());
    return;
  }
  SetCounters(st, n, sizeof(float), peer.backward ? 3 : 2);
  st.counters["threads"] = ProcessThreads();
}

}  // namespace

void RegisterOneDnnSoftmaxBenchmarks() {
  const int threads = ProcessThreads();
  for (int64_t n : RowwiseSizes()) {
    for (const SoftmaxPeer& peer : kSoftmaxPeers) {
      for (const RowShape& s : RowShapes()) {
        const std::string name = std::string("onednn/") + peer.op + s.name + "/f32/" +
                                 std::to_string(n) + "/t" + std::to_string(threads);
        Apply(benchmark::RegisterBenchmark(name.c_str(), BM_OneDnnSoftmax, peer, s, n), n);
      }
    }
  }
}
#else
void RegisterOneDnnSoftmaxBenchmarks() {}
#endif

}  // namespace aclbench
