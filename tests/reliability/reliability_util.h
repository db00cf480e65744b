// Shared helpers for the reliability suite: misuse of the public API must be refused with a
// status and a message (never a crash), and what the runtime logs is checked from stdout
// (the suite runs with ASCEND_GLOBAL_LOG_LEVEL=2 and ASCEND_SLOG_PRINT_TO_STDOUT=1).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../common/acl_session_test.h"
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"

namespace rel {

inline std::string TakeErr() {
  const char* m = aclGetRecentErrMsg();
  return m == nullptr ? std::string() : std::string(m);
}

inline std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
  return s;
}

// A tensor handle that destroys itself.
struct T {
  aclTensor* t = nullptr;
  T() = default;
  T(const std::vector<int64_t>& shape, aclDataType dtype, void* data,
    std::vector<int64_t> strides = {}, int64_t offset = 0, std::vector<int64_t> storage = {}) {
    if (strides.empty()) strides = Contiguous(shape);
    if (storage.empty()) storage = shape;
    t = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, ACL_FORMAT_ND,
                        storage.data(), storage.size(), data);
  }
  ~T() {
    if (t != nullptr) aclDestroyTensor(t);
  }
  T(const T&) = delete;
  T& operator=(const T&) = delete;
  operator aclTensor*() const { return t; }
};

// aclInit + device 0 + a stream per test; everything released at the end.
class RelTest : public AclSessionTest {
 protected:
  void TearDown() override {
    for (void* p : buffers_) aclrtFree(p);
    AclSessionTest::TearDown();
  }

  // Device memory of `bytes`, filled with `fill` through aclrtMemset (so it counts as written).
  void* Alloc(size_t bytes, int fill = 0) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (p != nullptr) {
      EXPECT_EQ(aclrtMemset(p, bytes, fill, bytes), ACL_SUCCESS);
      buffers_.push_back(p);
    }
    return p;
  }
  void Free(void* p) {
    for (auto it = buffers_.begin(); it != buffers_.end(); ++it) {
      if (*it == p) {
        buffers_.erase(it);
        break;
      }
    }
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }

  // Phase 1 of Swish (beta absent); returns its status.
  static int SwishPlan(const aclTensor* g, const aclTensor* x, aclTensor* out,
                       aclOpExecutor** exec) {
    uint64_t ws = 0;
    return aclnnSwishBackwardGetWorkspaceSize(g, x, nullptr, out, &ws, exec);
  }
  // Both phases of Swish; the status of the first that fails (or 0).
  int Swish(const aclTensor* g, const aclTensor* x, aclTensor* out) {
    aclOpExecutor* exec = nullptr;
    const int rc = SwishPlan(g, x, out, &exec);
    if (rc != 0) return rc;
    return aclnnSwishBackward(nullptr, 0, exec, stream_);
  }
  int Selu(const aclTensor* g, const aclTensor* r, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    const int rc = aclnnSeluBackwardGetWorkspaceSize(g, r, out, &ws, &exec);
    if (rc != 0) return rc;
    return aclnnSeluBackward(nullptr, 0, exec, stream_);
  }

  std::vector<void*> buffers_;
};

}  // namespace rel
