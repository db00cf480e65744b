// aclInit / aclFinalize codes, devices (count, visibility, reference counts) and contexts.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

#include "runtime_test_util.h"

namespace {

// Leaves the process uninitialised whatever state the previous test left.
void ForceFinalized() {
  while (aclFinalize() == ACL_SUCCESS) {
  }
  aclGetRecentErrMsg();
}

TEST(InitTest, RepeatInitAndFinalizeCodes) {
  ForceFinalized();
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(aclcpu::rt::IsInitialized());
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);  // one finalize clears every reference
  EXPECT_FALSE(aclcpu::rt::IsInitialized());
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_EQ(aclInit(""), ACL_SUCCESS);  // init again after finalize is supported
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(InitTest, FinalizeReferenceCounts) {
  ForceFinalized();
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  uint64_t left = 99;
  EXPECT_EQ(aclFinalizeReference(&left), ACL_SUCCESS);
  EXPECT_EQ(left, 1u);
  EXPECT_TRUE(aclcpu::rt::IsInitialized());
  EXPECT_EQ(aclFinalizeReference(nullptr), ACL_SUCCESS);
  EXPECT_FALSE(aclcpu::rt::IsInitialized());
  EXPECT_EQ(aclFinalizeReference(&left), ACL_ERROR_REPEAT_FINALIZE);
}

TEST(InitTest, ConfigFile) {
  ForceFinalized();
  EXPECT_EQ(aclInit("/nonexistent/acl.json"), ACL_ERROR_INVALID_FILE);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("/nonexistent/acl.json"), std::string::npos);
  EXPECT_EQ(aclInit("/tmp"), ACL_ERROR_INVALID_FILE);  // a directory is not a config file
  char path[] = "/tmp/aclcpu_cfg_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, "{}", 2), 2);
  close(fd);
  EXPECT_EQ(aclInit(path), ACL_SUCCESS);
  EXPECT_EQ(aclInit(path), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);  // different configuration
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  std::remove(path);
}

TEST(InitTest, VisibleDevicesFilterAndRenumber) {
  struct Row {
    const char* visible;
    uint32_t expected;
  };
  const Row rows[] = {{nullptr, 4}, {"", 4},    {"1,3", 2}, {"1, 2,3", 1}, {"1,3,8", 2},
                      {"2,1", 1},   {"0,0", 1}, {"x", 0},   {"3", 1},      {"0,1,2,3", 4}};
  setenv("ACLNN_CPU_DEVICE_COUNT", "4", 1);
  for (const Row& row : rows) {
    ForceFinalized();
    if (row.visible == nullptr) {
      unsetenv("ASCEND_RT_VISIBLE_DEVICES");
    } else {
      setenv("ASCEND_RT_VISIBLE_DEVICES", row.visible, 1);
    }
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    uint32_t count = 99;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    EXPECT_EQ(count, row.expected) << (row.visible ? row.visible : "(unset)");
    EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(row.expected)), ACL_ERROR_RT_INVALID_DEVICEID);
    if (row.expected > 0) {
      EXPECT_EQ(aclrtSetDevice(static_cast<int32_t>(row.expected - 1)), ACL_SUCCESS);
      EXPECT_EQ(aclrtResetDevice(static_cast<int32_t>(row.expected - 1)), ACL_SUCCESS);
    }
    aclFinalize();
  }
  unsetenv("ASCEND_RT_VISIBLE_DEVICES");
  unsetenv("ACLNN_CPU_DEVICE_COUNT");
  ForceFinalized();
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 1u);
  aclFinalize();
  aclGetRecentErrMsg();
}

// The chip profile is chosen once per process, so the unknown-chip case runs in a child
// process (this binary again, filtered to this test) with ACLNN_CPU_SOC set.
TEST(InitTest, UnknownSocIsRefusedByAclInit) {
  if (std::getenv("ACLCPU_RUNTIME_TEST_CHILD") != nullptr) {
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_RT_SOC_VERSION);
    const char* message = aclGetRecentErrMsg();
    ASSERT_NE(message, nullptr);
    EXPECT_NE(std::string(message).find("NoSuchChip"), std::string::npos) << message;
    EXPECT_EQ(aclrtGetSocName(), nullptr);
    return;
  }
  char self[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", self, sizeof(self) - 1), 0);
  const std::string command =
      std::string("ACLCPU_RUNTIME_TEST_CHILD=1 ACLNN_CPU_SOC=NoSuchChip '") + self +
      "' --gtest_filter=InitTest.UnknownSocIsRefusedByAclInit >/dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0);
}

using DeviceTest = RuntimeTest;

TEST_F(DeviceTest, SetGetAndInvalidIds) {
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_NE(TakeMessage().find("aclrtSetDevice"), std::string::npos);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtResetDevice(7), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM);
  aclrtRunMode mode = ACL_DEVICE;
  EXPECT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_HOST);
  EXPECT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(DeviceTest, NoDeviceOnAFreshThread) {
  int rc = 0, rcCtx = 0, rcStream = 0;
  std::thread([&] {
    int32_t device = 0;
    rc = aclrtGetDevice(&device);
    aclrtContext ctx = nullptr;
    rcCtx = aclrtGetCurrentContext(&ctx);
    aclrtStream s = nullptr;
    rcStream = aclrtCreateStream(&s);
  }).join();
  EXPECT_EQ(rc, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(rcCtx, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(rcStream, ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(DeviceTest, ReferenceCountedReset) {
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // count 2 (the fixture holds 1)
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // count 0: default context released
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
  // Streams created under the default context went with it.
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_PARAM_INVALID);
  stream_ = nullptr;
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(DeviceTest, SynchronizeDevice) {
  EnqueueSleep(stream_, 20);
  EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(-2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(1), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(-1), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDeviceWithTimeout(0), ACL_SUCCESS);
}

using ContextTest = RuntimeTest;

TEST_F(ContextTest, CreateSetDestroy) {
  aclrtContext defaultCtx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&defaultCtx), ACL_SUCCESS);
  ASSERT_NE(defaultCtx, nullptr);
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
  aclrtContext current = nullptr;
  EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, ctx);  // creating makes it current
  aclrtStream s1 = nullptr, s2 = nullptr;
  EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(&s1), ACL_SUCCESS);
  EXPECT_NE(s1, nullptr);
  EXPECT_EQ(aclrtSetCurrentContext(defaultCtx), ACL_SUCCESS);
  EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(&s2), ACL_SUCCESS);
  EXPECT_NE(s1, s2);  // each context has its own default stream
  EXPECT_EQ(aclrtDestroyStream(s2), ACL_ERROR_RT_PARAM_INVALID);  // default stream
  EXPECT_EQ(aclrtDestroyContext(defaultCtx), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("default context"), std::string::npos);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSetCurrentContext(ctx), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(s1), ACL_ERROR_RT_PARAM_INVALID);  // went with its context
  EXPECT_EQ(aclrtCreateContext(&ctx, 3), ACL_ERROR_RT_INVALID_DEVICEID);
}

TEST_F(ContextTest, NullArguments) {
  EXPECT_EQ(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtCreateContext: context is NULL"), std::string::npos);
  EXPECT_EQ(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtCtxGetCurrentDefaultStream(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtSetCurrentContext(reinterpret_cast<aclrtContext>(0x1234)),
            ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(ContextTest, SharedAcrossThreads) {
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
  int rcSet = -1, rcGet = -1;
  int32_t device = -1;
  std::thread([&] {
    rcSet = aclrtSetCurrentContext(ctx);
    rcGet = aclrtGetDevice(&device);
  }).join();
  EXPECT_EQ(rcSet, ACL_SUCCESS);
  EXPECT_EQ(rcGet, ACL_SUCCESS);
  EXPECT_EQ(device, 0);
}

}  // namespace
