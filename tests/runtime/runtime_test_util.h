// Shared fixture: every test starts from aclInit + aclrtSetDevice(0) + one stream and ends with
// a full teardown, so tests do not depend on each other's state.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "acl/acl.h"
#include "runtime/runtime.h"

class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const int rc = aclInit(nullptr);
    ASSERT_TRUE(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_INITIALIZE) << rc;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    aclGetRecentErrMsg();
  }
  void TearDown() override {
    if (stream_ != nullptr) aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
    aclGetRecentErrMsg();
  }

  // The recent error text (empty when none), consumed.
  static std::string TakeMessage() {
    const char* m = aclGetRecentErrMsg();
    return m == nullptr ? std::string() : std::string(m);
  }

  // Enqueues a task that sleeps `ms` milliseconds on `stream`.
  static void EnqueueSleep(aclrtStream stream, int ms) {
    ASSERT_EQ(aclcpu::rt::Submit(stream, "sleep",
                                 [ms] {
                                   std::this_thread::sleep_for(std::chrono::milliseconds(ms));
                                   return 0;
                                 }),
              ACL_SUCCESS);
  }

  aclrtStream stream_ = nullptr;
};
