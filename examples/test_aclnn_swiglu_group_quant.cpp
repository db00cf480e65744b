// Example for aclnnSwigluGroupQuant in the shape of the vendor's samples: initialise, check the
// chip (Ascend 950 only: elsewhere print a warning and return success), then run the four quant
// modes on one fp16 input and print the first byte of each y. (aclnn-cpu's own example.)
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_swiglu_group_quant.h"

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

void Finalize(int32_t deviceId, aclrtStream stream) {
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
}

bool OnAscend950() {
  const char* socName = aclrtGetSocName();
  if (socName != nullptr && strstr(socName, "Ascend950") != nullptr) {
    return true;
  }
  LOG_PRINT("Warning: aclnnSwigluGroupQuant runs on Ascend950 only; SoC '%s' skipped.\n",
            socName == nullptr ? "unknown" : socName);
  return false;
}

// A device tensor filled from a host vector, and its release.
struct DeviceTensor {
  void* addr = nullptr;
  aclTensor* tensor = nullptr;
  ~DeviceTensor() {
    if (tensor != nullptr) aclDestroyTensor(tensor);
    if (addr != nullptr) aclrtFree(addr);
  }
};

template <typename T>
int CreateAclTensor(const std::vector<T>& hostData, const std::vector<int64_t>& shape,
                    aclDataType dataType, DeviceTensor* out) {
  auto size = GetShapeSize(shape) * sizeof(T);
  auto ret = aclrtMalloc(&out->addr, size, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(out->addr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  out->tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0,
                                aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), out->addr);
  return 0;
}

struct QuantCase {
  const char* name;
  int64_t quantMode;
  bool roundScale;
  std::vector<int64_t> yScaleShape;
  aclDataType yScaleType;
  int64_t dstType;
  double dstTypeMax;
  aclDataType yType;
  bool staticScale;
};

int RunCase(const QuantCase& c, aclrtStream stream) {
  // x: fp16 [2, 256] holding the raw bit patterns i % 23 (tiny subnormals); y: [2, 128].
  std::vector<int64_t> xShape = {2, 256};
  std::vector<int64_t> yShape = {2, 128};
  std::vector<uint16_t> xHostData(GetShapeSize(xShape));
  for (size_t i = 0; i < xHostData.size(); i++) {
    xHostData[i] = static_cast<uint16_t>(i % 23);
  }
  DeviceTensor x, y, yScale, yOrigin, scale;
  auto ret = CreateAclTensor(xHostData, xShape, ACL_FLOAT16, &x);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(std::vector<uint8_t>(GetShapeSize(yShape), 0), yShape, c.yType, &y);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  if (c.yScaleType == ACL_FLOAT8_E8M0) {
    ret = CreateAclTensor(std::vector<uint8_t>(GetShapeSize(c.yScaleShape), 0), c.yScaleShape,
                          c.yScaleType, &yScale);
  } else {
    ret = CreateAclTensor(std::vector<float>(GetShapeSize(c.yScaleShape), 0.0f), c.yScaleShape,
                          c.yScaleType, &yScale);
  }
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(std::vector<uint16_t>(GetShapeSize(yShape), 0), yShape, ACL_FLOAT16,
                        &yOrigin);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  if (c.staticScale) {
    ret = CreateAclTensor(std::vector<float>{1.0f}, {1}, ACL_FLOAT, &scale);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
  }

  LOG_PRINT("Run %s: quant_mode=%ld\n", c.name, static_cast<long>(c.quantMode));
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  ret = aclnnSwigluGroupQuantGetWorkspaceSize(
      x.tensor, nullptr, nullptr, scale.tensor, c.dstType, c.quantMode, 0, c.roundScale, -1.0,
      c.dstTypeMax, false, y.tensor, yScale.tensor, yOrigin.tensor, &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnSwigluGroupQuantGetWorkspaceSize failed. ERROR: %d\n", ret);
            return ret);
  void* workspaceAddr = nullptr;
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              return ret);
  }
  ret = aclnnSwigluGroupQuant(workspaceAddr, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnSwigluGroupQuant failed. ERROR: %d\n", ret);
            return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
            return ret);

  std::vector<uint8_t> result(GetShapeSize(yShape), 0);
  ret = aclrtMemcpy(result.data(), result.size(), y.addr, result.size(),
                    ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy result from device to host failed. ERROR: %d\n",
                                          ret);
            return ret);
  LOG_PRINT("%s result[0] is: %d\n", c.name, result[0]);
  if (workspaceSize > 0) {
    aclrtFree(workspaceAddr);
  }
  return 0;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);
  if (!OnAscend950()) {
    Finalize(deviceId, stream);
    return 0;
  }
  // name, mode, roundScale, yScale shape and dtype, dstType, dstTypeMax, y dtype, static scale
  const std::vector<QuantCase> cases = {
      {"block_fp8", 0, false, {2, 1}, ACL_FLOAT, 36, 448.0, ACL_FLOAT8_E4M3FN, false},
      {"mx_fp8", 1, true, {2, 2, 2}, ACL_FLOAT8_E8M0, 36, 448.0, ACL_FLOAT8_E4M3FN, false},
      {"hifp8_static", 2, false, {1}, ACL_FLOAT, 27, 448.0, ACL_HIFLOAT8, true},
      {"hifp8_dynamic", 3, false, {1}, ACL_FLOAT, 27, 15.0, ACL_HIFLOAT8, false},
  };
  for (const QuantCase& c : cases) {
    ret = RunCase(c, stream);
    CHECK_RET(ret == ACL_SUCCESS, Finalize(deviceId, stream); return ret);
  }
  Finalize(deviceId, stream);
  return 0;
}
