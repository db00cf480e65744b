// End to end through the public API: phase 1 (GetWorkspaceSize), phase 2 (enqueue) and
// aclrtSynchronizeStream per iteration, as a user's test loop does. The thread count is the
// process's ACLNN_CPU_NUM_THREADS (read once by the runtime): one process per thread count.
#include <string>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"
#include "bench_common.h"

namespace aclbench {
namespace {

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

void BM_E2E(benchmark::State& st, bool swish, Dt d, int64_t n) {
  aclrtStream stream = Stream();
  if (stream == nullptr) {
    st.SkipWithError("runtime initialisation failed");
    return;
  }
  DeviceTensor g(d, n, -5.0, 5.0, 1);
  DeviceTensor x(d, n, swish ? -8.0 : -1.758, swish ? 8.0 : 4.0, 2);
  DeviceTensor out(d, n, 0.0, 1.0, 3);
  float betaValue = 1.0f;
  aclScalar* beta = aclCreateScalar(&betaValue, ACL_FLOAT);
  for (auto _ : st) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus s1 = swish ? aclnnSwishBackwardGetWorkspaceSize(g.t, x.t, beta, out.t, &ws, &exec)
                           : aclnnSeluBackwardGetWorkspaceSize(g.t, x.t, out.t, &ws, &exec);
    aclnnStatus s2 = swish ? aclnnSwishBackward(nullptr, 0, exec, stream)
                           : aclnnSeluBackward(nullptr, 0, exec, stream);
    aclError s3 = aclrtSynchronizeStream(stream);
    if (s1 != 0 || s2 != 0 || s3 != ACL_SUCCESS) {
      st.SkipWithError("an API call failed");
      break;
    }
  }
  aclDestroyScalar(beta);
  SetCounters(st, n, DtSize(d));
  st.counters["threads"] = ProcessThreads();
}

}  // namespace

void RegisterE2EBenchmarks() {
  const int threads = ProcessThreads();
  for (int64_t n : Sizes()) {
    for (Dt d : {Dt::F32, Dt::F16, Dt::BF16}) {
      const std::string name = std::string("e2e/SwishBackward/") + DtName(d) + "/" +
                               std::to_string(n) + "/t" + std::to_string(threads);
      Apply(benchmark::RegisterBenchmark(name.c_str(), BM_E2E, true, d, n), n);
    }
    for (Dt d : {Dt::F32, Dt::F16, Dt::BF16, Dt::I32, Dt::I8}) {
      const std::string name = std::string("e2e/SeluBackward/") + DtName(d) + "/" +
                               std::to_string(n) + "/t" + std::to_string(threads);
      Apply(benchmark::RegisterBenchmark(name.c_str(), BM_E2E, false, d, n), n);
    }
  }
}

}  // namespace aclbench
