// Example for aclnnAddRelu in the shape of the vendor's samples: device 0 and a stream,
// float tensors from host vectors, phase 1 and phase 2, then the result copied back and printed.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add_relu.h"

namespace {

// Checks an ACL call; on failure prints what failed and returns from main with 1.
#define EXAMPLE_CHECK(expr, what)                               \
  do {                                                          \
    const int rc_ = static_cast<int>(expr);                     \
    if (rc_ != 0) {                                             \
      printf("%s failed. ERROR: %d\n", what, rc_);               \
      return 1;                                                 \
    }                                                           \
  } while (0)

int64_t ElementCount(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// A contiguous ND float tensor in new device memory holding `host`.
int DeviceTensor(const std::vector<float>& host, const std::vector<int64_t>& shape, void** device,
                 aclTensor** tensor) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
  EXAMPLE_CHECK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  EXAMPLE_CHECK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0,
                            ACL_FORMAT_ND, shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies a float tensor of `count` elements back and prints it.
int PrintResult(const char* label, void* device, int64_t count) {
  std::vector<float> host(static_cast<size_t>(count), 0.0f);
  EXAMPLE_CHECK(aclrtMemcpy(host.data(), host.size() * sizeof(float), device,
                            host.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST),
                "aclrtMemcpy back");
  for (int64_t i = 0; i < count; ++i) printf("%s[%ld] is: %f\n", label, i, host[i]);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  EXAMPLE_CHECK(aclInit(nullptr), "aclInit");
  EXAMPLE_CHECK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  EXAMPLE_CHECK(aclrtCreateStream(&stream), "aclrtCreateStream");

  // Tensors (ND, float32).
  const std::vector<int64_t> selfShape = {4, 2};
  const std::vector<float> selfHost = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f};
  void* selfDevice = nullptr;
  aclTensor* self = nullptr;
  EXAMPLE_CHECK(DeviceTensor(selfHost, selfShape, &selfDevice, &self), "self tensor");
  const std::vector<int64_t> otherShape = {4, 2};
  const std::vector<float> otherHost = {1.0f, 1.0f, 1.0f, 2.0f, 2.0f, 2.0f, 3.0f, -3.0f};
  void* otherDevice = nullptr;
  aclTensor* other = nullptr;
  EXAMPLE_CHECK(DeviceTensor(otherHost, otherShape, &otherDevice, &other), "other tensor");
  const std::vector<int64_t> outShape = {4, 2};
  const std::vector<float> outHost = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  void* outDevice = nullptr;
  aclTensor* out = nullptr;
  EXAMPLE_CHECK(DeviceTensor(outHost, outShape, &outDevice, &out), "out tensor");
  float alphaValue = 1.2f;
  aclScalar* alpha = aclCreateScalar(&alphaValue, ACL_FLOAT);
  EXAMPLE_CHECK(alpha == nullptr, "aclCreateScalar");

  // Phase 1: checks the arguments and plans the work.
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  EXAMPLE_CHECK(aclnnAddReluGetWorkspaceSize(self, other, alpha, out, &workspaceSize, &executor),
                "aclnnAddReluGetWorkspaceSize");

  // Phase 2: a workspace only when phase 1 asks for one.
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    EXAMPLE_CHECK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "workspace");
  }
  EXAMPLE_CHECK(aclnnAddRelu(workspace, workspaceSize, executor, stream), "aclnnAddRelu");
  EXAMPLE_CHECK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  EXAMPLE_CHECK(PrintResult("result", outDevice, 8), "print");
  aclDestroyTensor(self);
  aclrtFree(selfDevice);
  aclDestroyTensor(other);
  aclrtFree(otherDevice);
  aclDestroyTensor(out);
  aclrtFree(outDevice);
  aclDestroyScalar(alpha);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
