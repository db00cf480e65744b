// Example for aclnnHeaviside in the shape of the vendor's samples: device 0 and a stream,
// float tensors from host vectors, phase 1 and phase 2, then the result copied back and printed.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_heaviside.h"

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
  const std::vector<int64_t> inputShape = {2, 4};
  const std::vector<float> inputHost = {-1.0f, -1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 5.0f, 7.0f};
  void* inputDevice = nullptr;
  aclTensor* input = nullptr;
  EXAMPLE_CHECK(DeviceTensor(inputHost, inputShape, &inputDevice, &input), "input tensor");
  const std::vector<int64_t> valuesShape = {2, 4};
  const std::vector<float> valuesHost = {-1.0f, -1.0f, 0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
  void* valuesDevice = nullptr;
  aclTensor* values = nullptr;
  EXAMPLE_CHECK(DeviceTensor(valuesHost, valuesShape, &valuesDevice, &values), "values tensor");
  const std::vector<int64_t> outShape = {2, 4};
  const std::vector<float> outHost = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  void* outDevice = nullptr;
  aclTensor* out = nullptr;
  EXAMPLE_CHECK(DeviceTensor(outHost, outShape, &outDevice, &out), "out tensor");

  // Phase 1: checks the arguments and plans the work.
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  EXAMPLE_CHECK(aclnnHeavisideGetWorkspaceSize(input, values, out, &workspaceSize, &executor),
                "aclnnHeavisideGetWorkspaceSize");

  // Phase 2: a workspace only when phase 1 asks for one.
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    EXAMPLE_CHECK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "workspace");
  }
  EXAMPLE_CHECK(aclnnHeaviside(workspace, workspaceSize, executor, stream), "aclnnHeaviside");
  EXAMPLE_CHECK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  EXAMPLE_CHECK(PrintResult("result", outDevice, 8), "print");
  aclDestroyTensor(input);
  aclrtFree(inputDevice);
  aclDestroyTensor(values);
  aclrtFree(valuesDevice);
  aclDestroyTensor(out);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
