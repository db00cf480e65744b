// Example: aclnnSelu on a 4x2 FLOAT tensor.
// The shape of the vendor's samples: initialise, put host data into device tensors, run phase 1
// (checks, workspace size, executor), allocate a workspace only when one is asked for, run phase 2
// on a stream, synchronise, copy the result back, print it, release everything.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu.h"

#define CHECK_RET(cond, onFailure) \
  do {                             \
    if (!(cond)) {                 \
      onFailure;                   \
    }                              \
  } while (0)

namespace {

int64_t NumElements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Device memory holding `host`, and a contiguous ND tensor of `dtype` over it.
int MakeTensor(const std::vector<float>& host, const std::vector<int64_t>& shape, void** device,
               aclTensor** tensor) {
  const size_t bytes = static_cast<size_t>(NumElements(shape)) * sizeof(float);
  int ret = aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMalloc failed: %d\n", ret); return ret);
  ret = aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMemcpy to device failed: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0,
                            ACL_FORMAT_ND, shape.data(), shape.size(), *device);
  return *tensor == nullptr ? -1 : 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  int ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclInit failed: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSetDevice failed: %d\n", ret); return ret);
  ret = aclrtCreateStream(&stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtCreateStream failed: %d\n", ret); return ret);

  const std::vector<int64_t> selfShape = {4, 2};
  const std::vector<float> selfHost = {0, 2, 3, 4, 5, 6, 7, 7};
  void* selfDevice = nullptr;
  aclTensor* self = nullptr;
  ret = MakeTensor(selfHost, selfShape, &selfDevice, &self);
  CHECK_RET(ret == 0, return ret);
  const std::vector<int64_t> outShape = {4, 2};
  const std::vector<float> outHost = {0, 0, 0, 0, 0, 0, 0, 0};
  void* outDevice = nullptr;
  aclTensor* out = nullptr;
  ret = MakeTensor(outHost, outShape, &outDevice, &out);
  CHECK_RET(ret == 0, return ret);

  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  ret = aclnnSeluGetWorkspaceSize(self, out, &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclnnSeluGetWorkspaceSize failed: %d\n", ret); return ret);
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, printf("workspace allocation failed: %d\n", ret); return ret);
  }
  ret = aclnnSelu(workspace, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclnnSelu failed: %d\n", ret); return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSynchronizeStream failed: %d\n", ret); return ret);

  std::vector<float> result(static_cast<size_t>(NumElements(outShape)), 0.0f);
  ret = aclrtMemcpy(result.data(), result.size() * sizeof(float), outDevice,
                    result.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMemcpy to host failed: %d\n", ret); return ret);
  for (size_t i = 0; i < result.size(); ++i) {
    printf("result[%zu] is: %f\n", i, result[i]);
  }

  aclDestroyTensor(self);
  aclrtFree(selfDevice);
  aclDestroyTensor(out);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
