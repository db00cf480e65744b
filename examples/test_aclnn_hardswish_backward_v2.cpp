// Example: aclnnHardswishBackwardV2 on a small FLOAT tensor, in the shape of CANN's aclnn samples.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"

#define CHECK_RET(cond, expr) \
  do {                        \
    if (!(cond)) {            \
      expr;                   \
    }                         \
  } while (0)

static int64_t Numel(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Copies host floats to a new device buffer and wraps it in a contiguous ND FLOAT tensor.
static int MakeTensor(const std::vector<float>& host, const std::vector<int64_t>& shape,
                      void** dev, aclTensor** tensor) {
  const size_t bytes = static_cast<size_t>(Numel(shape)) * sizeof(float);
  int ret = aclrtMalloc(dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMalloc failed: %d\n", ret); return ret);
  ret = aclrtMemcpy(*dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMemcpy failed: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0,
                            ACL_FORMAT_ND, shape.data(), shape.size(), *dev);
  return *tensor == nullptr ? 1 : 0;
}

// Runs phase 2 with a workspace when phase 1 asked for one, then waits for the stream.
template <typename Phase2>
static int Launch(Phase2 phase2, uint64_t workspaceSize, aclOpExecutor* executor,
                  aclrtStream stream) {
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    int ret = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, printf("workspace allocation failed: %d\n", ret); return ret);
  }
  int ret = phase2(workspace, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("phase 2 failed: %d\n", ret); return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSynchronizeStream failed: %d\n", ret); return ret);
  if (workspace != nullptr) aclrtFree(workspace);
  return 0;
}

static int PrintResult(const void* dev, int64_t n) {
  std::vector<float> host(static_cast<size_t>(n), 0.0f);
  int ret = aclrtMemcpy(host.data(), n * sizeof(float), dev, n * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, printf("copy back failed: %d\n", ret); return ret);
  for (int64_t i = 0; i < n; i++) printf("result[%ld] is: %f\n", i, host[i]);
  return 0;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  int ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclInit failed: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSetDevice failed: %d\n", ret); return ret);
  ret = aclrtCreateStream(&stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtCreateStream failed: %d\n", ret); return ret);

  const std::vector<int64_t> gradOutputShape = {4, 2};
  std::vector<float> gradOutputHost = {0, 1, 2, 3, 4, 5, 6, 7};
  void* gradOutputDev = nullptr;
  aclTensor* gradOutput = nullptr;
  ret = MakeTensor(gradOutputHost, gradOutputShape, &gradOutputDev, &gradOutput);
  CHECK_RET(ret == 0, return ret);
  const std::vector<int64_t> selfShape = {4, 2};
  std::vector<float> selfHost = {0, 1, 2, 3, 4, 5, 6, 7};
  void* selfDev = nullptr;
  aclTensor* self = nullptr;
  ret = MakeTensor(selfHost, selfShape, &selfDev, &self);
  CHECK_RET(ret == 0, return ret);
  const std::vector<int64_t> outShape = {4, 2};
  std::vector<float> outHost = {0, 0, 0, 0, 0, 0, 0, 0};
  void* outDev = nullptr;
  aclTensor* out = nullptr;
  ret = MakeTensor(outHost, outShape, &outDev, &out);
  CHECK_RET(ret == 0, return ret);

  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  ret = aclnnHardswishBackwardV2GetWorkspaceSize(gradOutput, self, out, &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclnnHardswishBackwardV2GetWorkspaceSize failed: %d\n", ret); return ret);
  ret = Launch(aclnnHardswishBackwardV2, workspaceSize, executor, stream);
  CHECK_RET(ret == 0, return ret);
  ret = PrintResult(outDev, Numel(outShape));
  CHECK_RET(ret == 0, return ret);

  aclDestroyTensor(gradOutput);
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclrtFree(gradOutputDev);
  aclrtFree(selfDev);
  aclrtFree(outDev);

  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
