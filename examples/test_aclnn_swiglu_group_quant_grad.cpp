// Example for aclnnSwigluGroupQuantGrad in the shape of the vendor's sample: initialise, build tensors
// from host vectors, run both phases, print the results, release everything. As in the vendor's
// sample, the FLOAT16 tensors are filled from float vectors byte for byte (the device sees the
// 16-bit halves of the float patterns) and gradX is read back as floats; the library computes on
// the bytes it was given, as the NPU does. (aclnn-cpu's own example.)
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_swiglu_group_quant_grad.h"

#define CHECK_RET(cond, return_expr) \
  do {                               \
    if (!(cond)) {                   \
      return_expr;                   \
    }                                \
  } while (0)

#define LOG_PRINT(message, ...)     \
  do {                              \
    printf(message, ##__VA_ARGS__); \
  } while (0)

int64_t GetShapeSize(const std::vector<int64_t>& shape) {
  int64_t shapeSize = 1;
  for (auto i : shape) {
    shapeSize *= i;
  }
  return shapeSize;
}

int Init(int32_t deviceId, aclrtStream* stream) {
  auto ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
  ret = aclrtCreateStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret);
            return ret);
  return 0;
}

template <typename T>
int CreateAclTensor(const std::vector<T>& hostData, const std::vector<int64_t>& shape,
                    void** deviceAddr, aclDataType dataType, aclTensor** tensor) {
  auto size = GetShapeSize(shape) * sizeof(T);
  auto ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0,
                            aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), *deviceAddr);
  return 0;
}

int main() {
  // 1. device / stream
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

  // 2. inputs and outputs
  const int64_t tokens = 512, h = 512, groups = 256;
  std::vector<int64_t> gradYShape = {tokens, h}, xShape = {tokens, 2 * h}, weightShape = {tokens};
  std::vector<int64_t> groupShape = {groups};
  std::vector<float> gradYHost(tokens * h), xHost(tokens * 2 * h), weightHost(tokens);
  std::vector<float> yOriginHost(tokens * h), gradXHost(tokens * 2 * h, 0), gradWeightHost(tokens, 0);
  std::vector<int64_t> groupHost(groups);
  for (int64_t i = 0; i < tokens * h; i++) {
    gradYHost[i] = (i % 10) * 0.1f;
    yOriginHost[i] = ((i % 8) + 1) * 0.3f;
  }
  for (int64_t i = 0; i < tokens * 2 * h; i++) xHost[i] = ((i % 20) - 10) * 0.5f;
  for (int64_t i = 0; i < tokens; i++) weightHost[i] = ((i % 5) + 1) * 0.2f;
  for (int64_t i = 0; i < groups; i++) groupHost[i] = 2 * i;
  void *gradYAddr = nullptr, *xAddr = nullptr, *weightAddr = nullptr, *yOriginAddr = nullptr;
  void *groupAddr = nullptr, *gradXAddr = nullptr, *gradWeightAddr = nullptr;
  aclTensor *gradY = nullptr, *x = nullptr, *weight = nullptr, *yOrigin = nullptr;
  aclTensor *groupIndex = nullptr, *gradX = nullptr, *gradWeight = nullptr;
  ret = CreateAclTensor(gradYHost, gradYShape, &gradYAddr, aclDataType::ACL_FLOAT16, &gradY);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(xHost, xShape, &xAddr, aclDataType::ACL_FLOAT16, &x);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(weightHost, weightShape, &weightAddr, aclDataType::ACL_FLOAT, &weight);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(yOriginHost, gradYShape, &yOriginAddr, aclDataType::ACL_FLOAT16, &yOrigin);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(groupHost, groupShape, &groupAddr, aclDataType::ACL_INT64, &groupIndex);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(gradXHost, xShape, &gradXAddr, aclDataType::ACL_FLOAT16, &gradX);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(gradWeightHost, weightShape, &gradWeightAddr, aclDataType::ACL_FLOAT, &gradWeight);
  CHECK_RET(ret == ACL_SUCCESS, return ret);

  // 3. phase 1: clampLimit 1.0
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor;
  ret = aclnnSwigluGroupQuantGradGetWorkspaceSize(gradY, x, weight, yOrigin, groupIndex, 1.0, gradX,
                                                  gradWeight, &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnSwigluGroupQuantGradGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
  void* workspaceAddr = nullptr;
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              return ret);
  }
  // phase 2: enqueue on the stream
  ret = aclnnSwigluGroupQuantGrad(workspaceAddr, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnSwigluGroupQuantGrad failed. ERROR: %d\n", ret); return ret);

  // 4. wait for the stream
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
            return ret);

  // 5. results (gradX read back as floats, as the vendor's sample does)
  ret = aclrtMemcpy(gradXHost.data(), gradXHost.size() * sizeof(float), gradXAddr,
                    gradXHost.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy gradX from device to host failed. ERROR: %d\n", ret);
            return ret);
  ret = aclrtMemcpy(gradWeightHost.data(), gradWeightHost.size() * sizeof(float), gradWeightAddr,
                    gradWeightHost.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy gradWeight from device to host failed. ERROR: %d\n", ret);
            return ret);
  for (int64_t i = 0; i < 10; i++) LOG_PRINT("gradX[%ld] = %f\n", i, gradXHost[i]);
  for (int64_t i = 0; i < 10; i++) LOG_PRINT("gradWeight[%ld] = %f\n", i, gradWeightHost[i]);

  // 6. release tensors and device memory
  aclDestroyTensor(gradY);
  aclDestroyTensor(x);
  aclDestroyTensor(weight);
  aclDestroyTensor(yOrigin);
  aclDestroyTensor(groupIndex);
  aclDestroyTensor(gradX);
  aclDestroyTensor(gradWeight);
  aclrtFree(gradYAddr);
  aclrtFree(xAddr);
  aclrtFree(weightAddr);
  aclrtFree(yOriginAddr);
  aclrtFree(groupAddr);
  aclrtFree(gradXAddr);
  aclrtFree(gradWeightAddr);
  if (workspaceSize > 0) {
    aclrtFree(workspaceAddr);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
