// Example: aclnnSigmoid — sigmoid of a 2x2 FLOAT tensor.
// The shape of CANN's samples: device 0 and a stream, tensors from host vectors, phase 1, a
// workspace only when one is needed, phase 2, synchronize, copy back, print, release.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_sigmoid.h"

#define CHECK_OK(expr, what)                                                \
  do {                                                                      \
    const int rc_ = static_cast<int>(expr);                                 \
    if (rc_ != 0) {                                                         \
      printf("%s failed. ERROR: %d\n", what, rc_);                        \
      return rc_;                                                           \
    }                                                                       \
  } while (0)

static int64_t Numel(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Copies `host` into a new device buffer and describes it as a contiguous ND tensor.
template <typename T>
static int MakeTensor(const std::vector<T>& host, const std::vector<int64_t>& shape,
                      aclDataType dtype, void** device, aclTensor** tensor) {
  const size_t bytes = host.size() * sizeof(T);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
           "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND,
                            shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> selfShape = {2, 2};
  const std::vector<float> selfHost = {0, 1, 2, 3};
  void* selfDevice = nullptr;
  aclTensor* self = nullptr;
  CHECK_OK(MakeTensor(selfHost, selfShape, ACL_FLOAT, &selfDevice, &self), "create self");

  const std::vector<int64_t> outShape = {2, 2};
  const std::vector<float> outHost = {0, 0, 0, 0};
  void* outDevice = nullptr;
  aclTensor* out = nullptr;
  CHECK_OK(MakeTensor(outHost, outShape, ACL_FLOAT, &outDevice, &out), "create out");

  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  CHECK_OK(aclnnSigmoidGetWorkspaceSize(self, out, &workspaceSize, &executor),
           "aclnnSigmoidGetWorkspaceSize");
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "workspace");
  }
  CHECK_OK(aclnnSigmoid(workspace, workspaceSize, executor, stream), "aclnnSigmoid");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  std::vector<float> result(Numel(outShape));
  const size_t resultBytes = result.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(result.data(), resultBytes, outDevice, resultBytes, ACL_MEMCPY_DEVICE_TO_HOST),
           "copy result to host");
  for (int64_t i = 0; i < static_cast<int64_t>(result.size()); ++i) {
    printf("result[%ld] is: %f\n", i, result[i]);
  }

  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclrtFree(selfDevice);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
