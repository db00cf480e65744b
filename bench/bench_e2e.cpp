// End to end through the public API: phase 1 (GetWorkspaceSize), phase 2 (enqueue) and
// aclrtSynchronizeStream per iteration, as a user's test loop does. The thread count is the
// process's ACLNN_CPU_NUM_THREADS (read once by the runtime): one process per thread count.
// Each row's roofline_us counter is the roofline of the same traffic over the row's own device
// buffers, measured right after it (as the kernel rows do): the ratio roofline_us / time is the
// end-to-end fraction of the memory bound.
#include <string>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"
#include "bench_common.h"

namespace aclbench {
namespace {

namespace kn = aclcpu::kernels;

aclrtStream Stream() {
  static aclrtStream stream = [] {
    aclrtStream s = nullptr;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
        aclrtCreateStream(&s) != ACL_SUCCESS) {
      return static_cast<aclrtStream>(nullptr);
    }
    return s;
  }();
  return stream;
}

aclDataType AclType(Dt d) {
  switch (d) {
    case Dt::F32:
      return ACL_FLOAT;
    case Dt::F16:
      return ACL_FLOAT16;
    case Dt::BF16:
      return ACL_BF16;
    case Dt::I32:
      return ACL_INT32;
    default:
      return ACL_INT8;
  }
}

struct DeviceTensor {
  void* dev = nullptr;
  aclTensor* t = nullptr;
  DeviceTensor(Dt d, int64_t n, double lo, double hi, uint32_t seed) {
    const size_t bytes = n * DtSize(d);
    const void* host = CachedInput(d, n, lo, hi, seed);
    aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    const int64_t shape[1] = {n}, strides[1] = {1};
    t = aclCreateTensor(shape, 1, AclType(d), strides, 0, ACL_FORMAT_ND, shape, 1, dev);
  }
  ~DeviceTensor() {
    aclDestroyTensor(t);
    aclrtFree(dev);
  }
};

enum class Op { SwishBackward, SeluBackward, Selu };

void BM_E2E(benchmark::State& st, Op op, Dt d, int64_t n) {
  aclrtStream stream = Stream();
  if (stream == nullptr) {
    st.SkipWithError("runtime initialisation failed");
    return;
  }
  const bool swish = op == Op::SwishBackward;
  DeviceTensor g(d, n, -5.0, 5.0, 1);
  DeviceTensor x(d, n, swish ? -8.0 : -1.758, swish ? 8.0 : 4.0, 2);
  DeviceTensor out(d, n, 0.0, 1.0, 3);
  float betaValue = 1.0f;
  aclScalar* beta = aclCreateScalar(&betaValue, ACL_FLOAT);
  for (auto _ : st) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus s1 = 0, s2 = 0;
    switch (op) {
      case Op::SwishBackward:
        s1 = aclnnSwishBackwardGetWorkspaceSize(g.t, x.t, beta, out.t, &ws, &exec);
        s2 = aclnnSwishBackward(nullptr, 0, exec, stream);
        break;
      case Op::SeluBackward:
        s1 = aclnnSeluBackwardGetWorkspaceSize(g.t, x.t, out.t, &ws, &exec);
        s2 = aclnnSeluBackward(nullptr, 0, exec, stream);
        break;
      case Op::Selu:  // the input in [-5, 5]: both branches
        s1 = aclnnSeluGetWorkspaceSize(g.t, out.t, &ws, &exec);
        s2 = aclnnSelu(nullptr, 0, exec, stream);
        break;
    }
    aclError s3 = aclrtSynchronizeStream(stream);
    if (s1 != 0 || s2 != 0 || s3 != ACL_SUCCESS) {
      st.SkipWithError("an API call failed");
      break;
    }
  }
  aclDestroyScalar(beta);
  const int numIn = op == Op::Selu ? 1 : 2;
  SetCounters(st, n, DtSize(d), numIn + 1);
  st.counters["threads"] = ProcessThreads();
  // A one-input operator's roofline reads its input twice: the same traffic.
  const int64_t bytes = n * static_cast<int64_t>(DtSize(d)) / 4 * 4;
  if (bytes >= 4) {
    st.counters["roofline_us"] = BestRoofline(g.dev, numIn == 2 ? x.dev : g.dev, out.dev, bytes,
                                              DtSize(d), ProcessThreads());
  }
}

}  // namespace

void RegisterE2EBenchmarks() {
  const int threads = ProcessThreads();
  auto add = [&](const char* op, Op id, Dt d, int64_t n) {
    const std::string name = std::string("e2e/") + op + "/" + DtName(d) + "/" + std::to_string(n) +
                             "/t" + std::to_string(threads);
    Apply(benchmark::RegisterBenchmark(name.c_str(), BM_E2E, id, d, n), n);
  };
  for (int64_t n : Sizes()) {
    for (Dt d : {Dt::F32, Dt::F16, Dt::BF16}) add("SwishBackward", Op::SwishBackward, d, n);
    for (Dt d : {Dt::F32, Dt::F16, Dt::BF16, Dt::I32, Dt::I8}) {
      add("SeluBackward", Op::SeluBackward, d, n);
      add("Selu", Op::Selu, d, n);
    }
  }
}

}  // namespace aclbench
