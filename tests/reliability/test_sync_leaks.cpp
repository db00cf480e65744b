// Missing synchronisation, stream teardown, leaks at aclFinalize and (ACLNN_CPU_CHECK=2)
// reads of never-written device memory. Log lines are read from stdout.
#include <gmock/gmock.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "reliability_util.h"
#include "runtime/runtime.h"

namespace rel {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string PtrText(const void* p) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", p);
  return text;
}

// Blocks `stream` for `ms` milliseconds with a task that declares it writes nothing.
void Stall(aclrtStream stream, int ms) {
  ASSERT_EQ(aclcpu::rt::Submit(stream, "stall",
                               [ms] {
                                 std::this_thread::sleep_for(std::chrono::milliseconds(ms));
                                 return 0;
                               },
                               {}),
            ACL_SUCCESS);
}

class Sync : public RelTest {};

TEST_F(Sync, ReadingPendingOperatorOutputWarnsNamingStreamAndOperator) {
  std::vector<float> host(6, 0.5f);
  void* g = Alloc(24);
  void* x = Alloc(24);
  void* out = Alloc(24);
  void* other = Alloc(24, 0);
  ASSERT_EQ(aclrtMemcpy(g, 24, host.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(x, 24, host.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  T gt({6}, ACL_FLOAT, g), xt({6}, ACL_FLOAT, x), ot({6}, ACL_FLOAT, out);

  Stall(stream_, 150);
  ASSERT_EQ(Swish(gt, xt, ot), ACLNN_SUCCESS) << TakeErr();
  std::vector<float> back(6, 0.0f);
  testing::internal::CaptureStdout();
  // A buffer nobody is writing: no warning (the copy still waits, harmlessly).
  ASSERT_EQ(aclrtMemcpy(back.data(), 24, other, 24, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  std::string log = testing::internal::GetCapturedStdout();
  EXPECT_THAT(log, Not(HasSubstr("aclrtMemcpy: reading")));

  Stall(stream_, 150);
  ASSERT_EQ(Swish(gt, xt, ot), ACLNN_SUCCESS) << TakeErr();
  testing::internal::CaptureStdout();
  ASSERT_EQ(aclrtMemcpy(back.data(), 24, out, 24, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  log = testing::internal::GetCapturedStdout();
  EXPECT_THAT(log,
              HasSubstr("aclrtMemcpy: reading " + PtrText(out) + " (24 bytes) while stream " +
                        PtrText(stream_) + " still has pending aclnnSwishBackward writing it"));
  // It waited: the result is there, not the zero fill.
  const double s = 1.0 / (1.0 + std::exp(-0.5));
  EXPECT_NEAR(back[5], 0.5 * s * (1 + 0.5 * (1 - s)), 1e-6);
}

TEST_F(Sync, ReadingPendingAsyncCopyDestinationWarns) {
  void* pinned = nullptr;
  ASSERT_EQ(aclrtMallocHost(&pinned, 64), ACL_SUCCESS);
  std::memset(pinned, 0x3C, 64);
  void* dev = Alloc(64, 0);
  Stall(stream_, 150);
  ASSERT_EQ(aclrtMemcpyAsync(dev, 64, pinned, 64, ACL_MEMCPY_HOST_TO_DEVICE, stream_), ACL_SUCCESS);
  unsigned char back[16] = {};
  testing::internal::CaptureStdout();
  ASSERT_EQ(aclrtMemcpy(back, 16, static_cast<char*>(dev) + 48, 16, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_THAT(testing::internal::GetCapturedStdout(),
              HasSubstr("still has pending aclrtMemcpyAsync writing it"));
  EXPECT_EQ(back[15], 0x3C);
  EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
}

TEST_F(Sync, DestroyStreamDrainsPendingWork) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  void* dev = Alloc(4096, 0);
  std::atomic<bool> ran{false};
  ASSERT_EQ(aclcpu::rt::Submit(s, "slow",
                               [&ran] {
                                 std::this_thread::sleep_for(std::chrono::milliseconds(100));
                                 ran = true;
                                 return 0;
                               }),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(dev, 4096, 0x77, 4096, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_TRUE(ran.load());
  unsigned char back = 0;
  ASSERT_EQ(aclrtMemcpy(&back, 1, static_cast<char*>(dev) + 4095, 1, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(back, 0x77);
}

// --- 6. leaks -------------------------------------------------------------------------------

TEST(Leaks, FinalizeReportsWhatIsStillAlive) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  void* dev[2] = {};
  ASSERT_EQ(aclrtMalloc(&dev[0], 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&dev[1], 28, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(dev[0], 100, 0, 100), ACL_SUCCESS);
  auto* t = new T({4}, ACL_FLOAT, dev[0]);
  auto* t2 = new T({4}, ACL_FLOAT, dev[0]);
  float one = 1.0f;
  aclScalar* scalar = aclCreateScalar(&one, ACL_FLOAT);
  const int64_t values[2] = {1, 2};
  aclIntArray* array = aclCreateIntArray(values, 2);
  aclOpExecutor* exec = nullptr;
  uint64_t ws = 0;
  ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(*t, *t, nullptr, *t2, &ws, &exec), 0);

  testing::internal::CaptureStdout();
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  const std::string log = testing::internal::GetCapturedStdout();
  EXPECT_THAT(log, HasSubstr("aclFinalize: leak: 2 device allocation(s) (aclrtMalloc without "
                             "aclrtFree), 128 bytes, still live"));
  EXPECT_THAT(log, HasSubstr("leak: 1 host allocation(s) (aclrtMallocHost without "
                             "aclrtFreeHost), 64 bytes"));
  EXPECT_THAT(log, HasSubstr("leak: 1 stream(s)"));
  EXPECT_THAT(log, HasSubstr("leak: 1 event(s)"));
  EXPECT_THAT(log, HasSubstr("leak: 2 aclTensor(s)"));
  EXPECT_THAT(log, HasSubstr("leak: 1 aclScalar(s)"));
  EXPECT_THAT(log, HasSubstr("leak: 1 aclIntArray(s)"));
  EXPECT_THAT(log, HasSubstr("leak: 1 aclOpExecutor(s)"));
  EXPECT_THAT(log, HasSubstr("[WARNING]"));

  aclDestroyAclOpExecutor(exec);
  aclDestroyIntArray(array);
  aclDestroyScalar(scalar);
  delete t;
  delete t2;
  aclrtDestroyEvent(event);
  aclrtFree(dev[0]);
  aclrtFree(dev[1]);
  aclrtFreeHost(host);
  TakeErr();
  // A clean program gets no leak lines.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  testing::internal::CaptureStdout();
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_THAT(testing::internal::GetCapturedStdout(), Not(HasSubstr("leak:")));
}

// --- 4. uninitialised reads (ACLNN_CPU_CHECK=2) ----------------------------------------------

bool Level2() {
  const char* v = std::getenv("ACLNN_CPU_CHECK");
  return v != nullptr && std::strcmp(v, "2") == 0;
}

class Uninit : public RelTest {
 protected:
  void SetUp() override {
    if (!Level2()) GTEST_SKIP() << "needs ACLNN_CPU_CHECK=2";
    RelTest::SetUp();
  }
  void* Raw(size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    buffers_.push_back(p);
    return p;
  }
};

TEST_F(Uninit, OperatorReadingNeverWrittenMemoryIsRefused) {
  std::vector<float> host(6, 0.25f);
  void* g = Raw(24);
  void* x = Raw(24);
  ASSERT_EQ(aclrtMemcpy(g, 24, host.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(x, 24, host.data(), 12, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  T gt({6}, ACL_FLOAT, g), xt({6}, ACL_FLOAT, x), ot({6}, ACL_FLOAT, Raw(24));
  EXPECT_EQ(Swish(gt, xt, ot), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("aclnnSwishBackward: self reads never-written device memory: bytes "
                           "12..23 of the allocation at " +
                           PtrText(x)));
  // Once written (here asynchronously, in stream order), the same call is accepted, and its
  // output counts as written for the next operator.
  ASSERT_EQ(aclrtMemsetAsync(static_cast<char*>(x) + 12, 12, 0, 12, stream_), ACL_SUCCESS);
  EXPECT_EQ(Swish(gt, xt, ot), ACLNN_SUCCESS) << TakeErr();
  T o2({6}, ACL_FLOAT, Raw(24));
  EXPECT_EQ(Selu(ot, gt, o2), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

TEST_F(Uninit, StridedViewsCheckOnlyTheElementsTheyRead) {
  std::vector<float> host(8, 1.0f);
  void* x = Raw(64);  // 16 floats, only the even ones written
  for (int i = 0; i < 8; ++i) {
    ASSERT_EQ(aclrtMemcpy(static_cast<char*>(x) + 8 * i, 4, &host[i], 4, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
  }
  void* g = Raw(32);
  ASSERT_EQ(aclrtMemcpy(g, 32, host.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  T gt({8}, ACL_FLOAT, g), even({8}, ACL_FLOAT, x, {2}, 0, {16}),
      odd({8}, ACL_FLOAT, x, {2}, 1, {16});
  T out({8}, ACL_FLOAT, Raw(32));
  EXPECT_EQ(Swish(gt, even, out), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(Swish(gt, odd, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("bytes 4..7 of the allocation"));
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

}  // namespace
}  // namespace rel
