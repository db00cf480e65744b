// The runtime suite's fixture: the shared session fixture plus a task that sleeps.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "../common/acl_session_test.h"
#include "acl/acl.h"
#include "runtime/runtime.h"

class RuntimeTest : public AclSessionTest {
 protected:
  // Enqueues a task that sleeps `ms` milliseconds on `stream`.
  static void EnqueueSleep(aclrtStream stream, int ms) {
    ASSERT_EQ(aclcpu::rt::Submit(stream, "sleep",
                                 [ms] {
                                   std::this_thread::sleep_for(std::chrono::milliseconds(ms));
                                   return 0;
                                 }),
              ACL_SUCCESS);
  }
};
