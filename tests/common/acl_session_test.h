// The fixture both the runtime and the reliability suites start from: every test begins with
// aclInit + aclrtSetDevice(0) + one stream and ends with a full teardown, so tests do not depend
// on each other's state. Suites derive from it and add their own helpers.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "acl/acl.h"

class AclSessionTest : public ::testing::Test {
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

  aclrtStream stream_ = nullptr;
};
