// The runtime calls runtime examples use beyond the aclnn samples
// (src/runtime/acl_rt_extra_api.cpp): host callbacks, timed stream waits, failure mode, event wait
// status, device / CANN capability queries, package versions and the 2-D copy; plus
// aclDumpOpTensors' argument checks.
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl_rt_api.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "runtime_test_util.h"

namespace {

using ExtraApiTest = RuntimeTest;

TEST_F(ExtraApiTest, Memcpy2dCopiesRowsBetweenPitches) {
  // 3 rows of 5 bytes from a host block with pitch 8 into a device block with pitch 6, and back
  // into a host block with pitch 7.
  std::vector<unsigned char> src(3 * 8);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i + 1);
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 3 * 6, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(dev, 18, 0xAA, 18), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy2d(dev, 6, src.data(), 8, 5, 3, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::vector<unsigned char> back(3 * 7, 0);
  ASSERT_EQ(aclrtMemcpy2d(back.data(), 7, dev, 6, 5, 3, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (size_t r = 0; r < 3; ++r) {
    for (size_t c = 0; c < 7; ++c) {
      EXPECT_EQ(back[r * 7 + c], c < 5 ? src[r * 8 + c] : 0) << r << "," << c;
    }
  }
  unsigned char gap = 0;  // the device pitch's sixth byte was never written
  ASSERT_EQ(aclrtMemcpy(&gap, 1, static_cast<char*>(dev) + 5, 1, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(gap, 0xAA);
  EXPECT_EQ(aclrtMemcpy2d(dev, 4, src.data(), 8, 5, 3, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);  // width > dpitch
  EXPECT_EQ(aclrtMemcpy2d(nullptr, 6, src.data(), 8, 5, 3, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  // A copy past the allocation (rounded up by aclrtMalloc, but not to 64 rows of 6) is refused
  // by the per-row checks of aclrtMemcpy.
  std::vector<unsigned char> tall(64 * 8, 1);
  EXPECT_NE(aclrtMemcpy2d(dev, 6, tall.data(), 8, 5, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy2d(dev, 6, src.data(), 8, 0, 3, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

void Bump(void* userData) { ++*static_cast<int*>(userData); }

TEST_F(ExtraApiTest, CallbacksRunInStreamOrder) {
  int calls = 0;
  ASSERT_EQ(aclrtSubscribeReport(1234, stream_), ACL_SUCCESS);
  EnqueueSleep(stream_, 20);
  ASSERT_EQ(aclrtLaunchCallback(Bump, &calls, ACL_CALLBACK_BLOCK, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchCallback(Bump, &calls, ACL_CALLBACK_NO_BLOCK, stream_), ACL_SUCCESS);
  EXPECT_EQ(calls, 0);  // still behind the sleep
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(aclrtProcessReport(1), ACL_ERROR_RT_REPORT_TIMEOUT);  // nothing left to process
  EXPECT_EQ(aclrtUnSubscribeReport(1234, stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtLaunchCallback(nullptr, &calls, ACL_CALLBACK_BLOCK, stream_),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtLaunchCallback(Bump, &calls, static_cast<aclrtCallbackBlockType>(7), stream_),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ExtraApiTest, OpExecuteTimeoutReportsTheValueThatTookEffect) {
  uint64_t actual = 1;
  EXPECT_EQ(aclrtSetOpExecuteTimeOutV2(2500, &actual), ACL_SUCCESS);
  EXPECT_EQ(actual, 2500u);
  EXPECT_EQ(aclrtSetOpExecuteTimeOutV2(0, &actual), ACL_SUCCESS);  // 0: the longest, 1091 s
  EXPECT_EQ(actual, 1091000000u);
  EXPECT_EQ(aclrtSetOpExecuteTimeOutV2(uint64_t{1} << 40, &actual), ACL_SUCCESS);
  EXPECT_EQ(actual, 1091000000u);
  EXPECT_EQ(aclrtSetOpExecuteTimeOutV2(5, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("actualTimeout"), std::string::npos);
  // The acl_rt_api.h overload forwards to V2.
  actual = 0;
  EXPECT_EQ(aclrtSetOpExecuteTimeOut(uint64_t{7}, &actual), ACL_SUCCESS);
  EXPECT_EQ(actual, 7u);
  EXPECT_EQ(aclrtSetOpExecuteTimeOut(3u), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetOpExecuteTimeOutWithMs(40u), ACL_SUCCESS);
  // Work still runs to completion after a short timeout.
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemsetAsync(dev, 64, 1, 64, stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

TEST_F(ExtraApiTest, EventsStreamsAndFailureMode) {
  aclrtEvent event = nullptr;
  aclrtStream other = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
  EnqueueSleep(stream_, 10);
  ASSERT_EQ(aclrtRecordEvent(event, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEventWithTimeout(other, event, 1000), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);  // waited for stream_'s sleep
  aclrtEventWaitStatus status = ACL_EVENT_WAIT_STATUS_RESERVED;
  ASSERT_EQ(aclrtQueryEventWaitStatus(event, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_COMPLETE);
  EXPECT_EQ(aclrtQueryEventWaitStatus(event, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtStreamWaitEventWithTimeout(other, event, -5), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSetStreamFailureMode(other, ACL_STOP_ON_FAILURE), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetStreamFailureMode(other, 2), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_F(ExtraApiTest, CapabilitiesAndVersions) {
  int64_t v = -1;
  ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &v), ACL_SUCCESS);
  EXPECT_GT(v, 0);
  ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICPU_CORE_NUM, &v), ACL_SUCCESS);
  EXPECT_GT(v, 0);
  EXPECT_EQ(aclrtGetDeviceInfo(0, static_cast<aclrtDevAttr>(9999), &v), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetDeviceInfo(4096, ACL_DEV_ATTR_AICORE_CORE_NUM, &v),
            ACL_ERROR_RT_INVALID_DEVICEID);
  ASSERT_EQ(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &v), ACL_SUCCESS);
  EXPECT_GE(v, 0);
  const aclCannAttr* attrs = nullptr;
  size_t num = 0;
  ASSERT_EQ(aclGetCannAttributeList(&attrs, &num), ACL_SUCCESS);
  ASSERT_GE(num, 1u);
  int32_t value = -1;
  for (size_t i = 0; i < num; ++i) {
    ASSERT_EQ(aclGetCannAttribute(attrs[i], &value), ACL_SUCCESS);
    EXPECT_EQ(value, 1) << "listed attribute " << static_cast<int>(attrs[i]);
  }
  EXPECT_EQ(aclGetCannAttribute(ACL_CANN_ATTR_UNDEFINED, &value), ACL_ERROR_INVALID_PARAM);
  char pkg[] = "runtime";
  char version[ACL_PKG_VERSION_MAX_SIZE] = {};
  ASSERT_EQ(aclsysGetVersionStr(pkg, version), ACL_SUCCESS);
  EXPECT_NE(std::string(version).find('.'), std::string::npos);
  int32_t number = 0;
  ASSERT_EQ(aclsysGetVersionNum(pkg, &number), ACL_SUCCESS);
  EXPECT_GT(number, 0);
  EXPECT_EQ(aclsysGetVersionStr(nullptr, version), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ExtraApiTest, DumpOpTensorsChecksItsArguments) {
  int64_t n = 2;
  aclTensor* t = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, nullptr);
  aclTensor* tensors[] = {t, t};
  EXPECT_EQ(aclDumpOpTensors("Relu", "relu0", tensors, 1, 1, stream_), ACLNN_SUCCESS);
  EXPECT_EQ(aclDumpOpTensors(nullptr, "relu0", tensors, 1, 1, stream_), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDumpOpTensors("Relu", "relu0", nullptr, 1, 1, stream_), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDumpOpTensors("Relu", "relu0", tensors, 1, 1, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  aclDestroyTensor(t);
}

}  // namespace
