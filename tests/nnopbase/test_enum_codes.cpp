// Enum-typed arguments from C callers carry arbitrary ints (c_callers.c passes them as C does).
// Codes the library cannot hold are refused with a message; the rest follow CANN's rules for
// unknown values (aclDataTypeSize 8, unknown malloc policy = default flags, memcpy kind 0..5).
// The fuzz build checks the same entry points with -fsanitize=enum.
#include <gtest/gtest.h>

#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "c_callers.h"
#include "nnopbase_test_util.h"

namespace {

const std::vector<int> kWildCodes = {64, 1000, -65, INT_MAX, INT_MIN};

TEST(EnumCodes, CreateTensorRefusesCodesTheTypesCannotHold) {
  TakeErr();
  for (int code : kWildCodes) {
    EXPECT_EQ(CCreateTensor(code, ACL_FORMAT_ND), nullptr) << code;
    EXPECT_EQ(TakeErr(), "aclCreateTensor: dataType " + std::to_string(code) +
                             " is not an aclDataType code (the type holds -64..63)");
    EXPECT_EQ(CCreateTensor(ACL_FLOAT, code), nullptr) << code;
    EXPECT_EQ(TakeErr(), "aclCreateTensor: format " + std::to_string(code) +
                             " is not an aclFormat code (the type holds -64..63)");
  }
  // Codes inside the types' range are stored as given (operators judge the dtype later).
  for (int code : {-64, 5, 63}) {
    auto* t = static_cast<aclTensor*>(CCreateTensor(code, 63 - (code & 7)));
    ASSERT_NE(t, nullptr) << code;
    aclDataType dtype = ACL_FLOAT;
    aclFormat format = ACL_FORMAT_ND;
    ASSERT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
    ASSERT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
    EXPECT_EQ(static_cast<int>(dtype), code);
    EXPECT_EQ(static_cast<int>(format), 63 - (code & 7));
    EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  }
  EXPECT_EQ(TakeErr(), "");
}

TEST(EnumCodes, InitTensorRefusesAndLeavesTheTensorAlone) {
  auto* t = static_cast<aclTensor*>(CCreateTensor(ACL_FLOAT16, ACL_FORMAT_NCHW));
  ASSERT_NE(t, nullptr);
  TakeErr();
  EXPECT_EQ(CInitTensor(t, 4096, ACL_FORMAT_ND), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(TakeErr(),
            "aclInitTensor: dataType 4096 is not an aclDataType code (the type holds -64..63)");
  EXPECT_EQ(CInitTensor(t, ACL_FLOAT, -100), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(TakeErr(),
            "aclInitTensor: format -100 is not an aclFormat code (the type holds -64..63)");
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  ASSERT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
  ASSERT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
  EXPECT_EQ(dtype, ACL_FLOAT16);
  EXPECT_EQ(format, ACL_FORMAT_NCHW);
  EXPECT_EQ(CInitTensor(t, ACL_INT32, ACL_FORMAT_ND), ACLNN_SUCCESS);
  ASSERT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
  EXPECT_EQ(dtype, ACL_INT32);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(EnumCodes, CreateScalarRefusesUnknownCodes) {
  int64_t value = 7;
  TakeErr();
  for (int code : kWildCodes) {
    EXPECT_EQ(CCreateScalar(&value, code), nullptr) << code;
    EXPECT_EQ(TakeErr(), "aclCreateScalar: dataType UNKNOWN(" + std::to_string(code) +
                             ") has no scalar representation");
  }
  auto* s = static_cast<aclScalar*>(CCreateScalar(&value, ACL_INT64));
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);
}

TEST(EnumCodes, DataTypeSizeOfAnyUnknownCodeIsEight) {
  for (int code : kWildCodes) EXPECT_EQ(CDataTypeSize(code), 8u) << code;
  EXPECT_EQ(CDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(CDataTypeSize(ACL_DT_UNDEFINED), 0u);
}

class EnumCodesRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    const int rc = aclInit(nullptr);
    ASSERT_TRUE(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_INITIALIZE) << rc;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    TakeErr();
  }
  void TearDown() override {
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
    TakeErr();
  }
  aclrtStream stream_ = nullptr;
};

TEST_F(EnumCodesRuntime, MemcpyRefusesKindsOutsideZeroToFive) {
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char host[64] = {1, 2, 3};
  for (int kind : {6, 7, 1000, -1, INT_MIN, INT_MAX}) {
    EXPECT_EQ(CMemcpy(dev, 64, host, 64, kind), ACL_ERROR_INVALID_PARAM) << kind;
    EXPECT_EQ(TakeErr(), "aclrtMemcpy: kind " + std::to_string(kind) +
                             " is not supported (expected 0..5, ACL_MEMCPY_HOST_TO_HOST .. "
                             "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)");
    EXPECT_EQ(CMemcpyAsync(dev, 64, host, 64, kind, stream_), ACL_ERROR_INVALID_PARAM) << kind;
    EXPECT_EQ(TakeErr(), "aclrtMemcpyAsync: kind " + std::to_string(kind) +
                             " is not supported (expected 0..5, ACL_MEMCPY_HOST_TO_HOST .. "
                             "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)");
  }
  // A valid kind still copies.
  ASSERT_EQ(CMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  char back[64] = {};
  ASSERT_EQ(CMemcpy(back, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(std::memcmp(back, host, 64), 0);
  EXPECT_EQ(back[2], 3);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

TEST_F(EnumCodesRuntime, UnknownMallocPolicyGetsTheDefaultFlagsAsInCann) {
  for (int policy : {1000, -1, INT_MAX, INT_MIN}) {
    void* p = nullptr;
    ASSERT_EQ(CMalloc(&p, 100, policy), ACL_SUCCESS) << policy;
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    std::memset(p, 0x5a, 100);  // the whole requested size is usable
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    p = nullptr;
    ASSERT_EQ(CMallocAlign32(&p, 100, policy), ACL_SUCCESS) << policy;
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    // An unknown attribute type in the config is ignored, a device id attribute still counts.
    p = nullptr;
    ASSERT_EQ(CMallocWithCfg(&p, 100, policy, 1000, 0), ACL_SUCCESS) << policy;
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(CMallocWithCfg(&p, 100, policy, ACL_RT_MEM_ATTR_DEVICE_ID, 4096),
              ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_NE(TakeErr().find("aclrtMallocWithCfg: cfg names device 4096"), std::string::npos);
  }
  EXPECT_EQ(TakeErr(), "");
}

TEST_F(EnumCodesRuntime, OtherRuntimeEnums) {
  size_t freeBytes = 1, totalBytes = 1;
  EXPECT_EQ(CGetMemInfo(1000, &freeBytes, &totalBytes), ACL_SUCCESS);  // unsupported: nothing
  EXPECT_EQ(freeBytes, 0u);
  EXPECT_EQ(totalBytes, 0u);
  EXPECT_EQ(CGetMemInfo(ACL_DDR_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
  EXPECT_GT(totalBytes, 0u);
  for (int level : {1, 1000, INT_MIN}) {
    EXPECT_EQ(CGetLastError(level), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(TakeErr(), "aclrtGetLastError: level " + std::to_string(level) +
                             " is not ACL_RT_THREAD_LEVEL (0)");
    EXPECT_EQ(CPeekAtLastError(level), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(TakeErr(), "aclrtPeekAtLastError: level " + std::to_string(level) +
                             " is not ACL_RT_THREAD_LEVEL (0)");
  }
  CGetLastError(ACL_RT_THREAD_LEVEL);  // clears the thread's last error
  EXPECT_EQ(CPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  CAppLog(1000, "an unknown level is logged at ERROR");  // must neither crash nor refuse
  CAppLog(INT_MIN, "and so is this one");
}

}  // namespace
