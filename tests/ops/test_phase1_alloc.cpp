// Phase 1 allocates nothing in the common case: a warm aclnn<Op>GetWorkspaceSize on contiguous
// tensors of at most 8 dims makes no heap allocation. This binary replaces the global
// allocation functions with counting ones that count only inside a measured window.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PHASE1_ALLOC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define PHASE1_ALLOC_SANITIZED 1
#endif
#endif

// operator new gets its memory from malloc, which counts it when malloc is replaced below; it
// counts itself only where malloc is not replaced (sanitizer builds).
#ifdef PHASE1_ALLOC_SANITIZED
#define PHASE1_NEW_COUNTS 1
#else
#define PHASE1_NEW_COUNTS 0
#endif

namespace {

std::atomic<bool> gCounting{false};
std::atomic<long> gAllocations{0};

// PHASE1_ALLOC_TRAP=1 stops a debugger at each counted allocation, to find where it is made.
const bool gTrap = std::getenv("PHASE1_ALLOC_TRAP") != nullptr;

inline void Count() {
  if (gCounting.load(std::memory_order_relaxed)) {
    gAllocations.fetch_add(1);
    if (gTrap) __builtin_trap();
  }
}

void* CountedNew(std::size_t n) {
  if (PHASE1_NEW_COUNTS) Count();
  if (n == 0) n = 1;
  for (;;) {
    if (void* p = std::malloc(n)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* CountedAlignedNew(std::size_t n, std::size_t align) {
  Count();
  if (n == 0) n = 1;
  void* p = nullptr;
  if (posix_memalign(&p, align < sizeof(void*) ? sizeof(void*) : align, n) != 0) {
    throw std::bad_alloc();
  }
  return p;
}

}  // namespace

#ifndef PHASE1_ALLOC_SANITIZED
// malloc and friends are counted too (C code, std::string's and std::function's storage all
// end up here); they forward to glibc's implementation.
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* malloc(std::size_t n) {
  Count();
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  Count();
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  Count();
  return __libc_realloc(p, n);
}
}
#endif

void* operator new(std::size_t n) { return CountedNew(n); }
void* operator new[](std::size_t n) { return CountedNew(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return CountedNew(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return CountedNew(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t a) {
  return CountedAlignedNew(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return CountedAlignedNew(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

class Phase1Alloc : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  }
  static void TearDownTestSuite() {
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
  }

  // Three contiguous FLOAT tensors of `shape` over fresh, written device buffers.
  void MakeTensors(const std::vector<int64_t>& shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    int64_t n = 1;
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = n;
      n *= shape[i];
    }
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    std::vector<float> host(static_cast<size_t>(n), 0.5f);
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(aclrtMalloc(&buffers_[i], bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      ASSERT_EQ(aclrtMemcpy(buffers_[i], bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                ACL_SUCCESS);
      tensors_[i] = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0,
                                    ACL_FORMAT_ND, shape.data(), shape.size(), buffers_[i]);
      ASSERT_NE(tensors_[i], nullptr);
    }
  }
  void TearDown() override {
    for (int i = 0; i < 3; ++i) {
      if (tensors_[i] != nullptr) aclDestroyTensor(tensors_[i]);
      if (buffers_[i] != nullptr) aclrtFree(buffers_[i]);
    }
  }

  // Phase 1 of both operators, counting allocations; phase 2 (uncounted) runs what they made.
  // Returns the allocations phase 1 made.
  long Round(const aclScalar* beta) {
    uint64_t ws = 1;
    aclOpExecutor* selu = nullptr;
    aclOpExecutor* swish = nullptr;
    gAllocations.store(0);
    gCounting.store(true);
    const aclnnStatus seluStatus =
        aclnnSeluBackwardGetWorkspaceSize(tensors_[0], tensors_[1], tensors_[2], &ws, &selu);
    const aclnnStatus swishStatus = aclnnSwishBackwardGetWorkspaceSize(
        tensors_[0], tensors_[1], beta, tensors_[2], &ws, &swish);
    gCounting.store(false);
    const long counted = gAllocations.load();
    EXPECT_EQ(seluStatus, ACLNN_SUCCESS);
    EXPECT_EQ(swishStatus, ACLNN_SUCCESS);
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnSeluBackward(nullptr, 0, selu, stream_), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, swish, stream_), ACLNN_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    return counted;
  }

  static aclrtStream stream_;
  void* buffers_[3] = {};
  aclTensor* tensors_[3] = {};
};
aclrtStream Phase1Alloc::stream_ = nullptr;

TEST_F(Phase1Alloc, CountingSeesAnAllocation) {
  gAllocations.store(0);
  gCounting.store(true);
  auto* p = new std::vector<int>(100);
  gCounting.store(false);
  delete p;
  EXPECT_GE(gAllocations.load(), 1);
}

TEST_F(Phase1Alloc, WarmPhase1AllocatesNothing) {
  const float betaValue = 1.5f;
  aclScalar* beta = aclCreateScalar(const_cast<float*>(&betaValue), ACL_FLOAT);
  ASSERT_NE(beta, nullptr);
  const std::vector<std::vector<int64_t>> shapes = {
      {1}, {7}, {3, 5}, {2, 3, 4, 5}, {2, 1, 3, 1, 2, 2, 1, 3}, {64, 128}};
  for (const auto& shape : shapes) {
    SCOPED_TRACE(testing::Message() << "rank " << shape.size());
    TearDown();
    for (int i = 0; i < 3; ++i) {
      tensors_[i] = nullptr;
      buffers_[i] = nullptr;
    }
    MakeTensors(shape);
    // Warm-up: first-call set-up may allocate, and freed executors are reused only once 16
    // others wait behind them (stale handles stay detectable), so fill that pool first.
    for (int i = 0; i < 12; ++i) Round(beta);
    for (int round = 0; round < 5; ++round) {
      EXPECT_EQ(Round(beta), 0) << "round " << round;
      EXPECT_EQ(Round(nullptr), 0) << "round " << round << " without beta";
    }
  }
  aclDestroyScalar(beta);
}

}  // namespace
