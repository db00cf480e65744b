// Streams (ordering, errors, timeouts, handles, blocking mode) and events.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "runtime_test_util.h"

// aclrtQueryEvent is deprecated but still part of the API under test.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using StreamTest = RuntimeTest;

TEST_F(StreamTest, AsyncCopiesAndFillsRunInOrder) {
  constexpr size_t kChunk = 16, kChunks = 256, kBytes = kChunk * kChunks;
  void* a = nullptr;
  void* b = nullptr;
  void* pinned = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&pinned, kBytes), ACL_SUCCESS);
  EnqueueSleep(stream_, 5);  // so that everything below really queues up
  for (size_t i = 0; i < kChunks; ++i) {
    char* chunk = static_cast<char*>(a) + i * kChunk;
    ASSERT_EQ(aclrtMemsetAsync(chunk, kChunk, 0x55, kChunk, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(chunk, kChunk, static_cast<int32_t>(i), kChunk, stream_),
              ACL_SUCCESS);
  }
  ASSERT_EQ(aclrtMemcpyAsync(b, kBytes, a, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(a, kBytes, 0, kBytes, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(pinned, kBytes, b, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream_),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(b, kBytes, 0xEE, kBytes, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  std::vector<unsigned char> hostA(kBytes), hostB(kBytes);
  ASSERT_EQ(aclrtMemcpy(hostA.data(), kBytes, a, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(hostB.data(), kBytes, b, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  const unsigned char* p = static_cast<const unsigned char*>(pinned);
  for (size_t i = 0; i < kBytes; ++i) {
    ASSERT_EQ(p[i], static_cast<unsigned char>(i / kChunk)) << i;
    ASSERT_EQ(hostA[i], 0) << i;
    ASSERT_EQ(hostB[i], 0xEE) << i;
  }
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
}

TEST_F(StreamTest, TaskErrorIsReportedOnceBySynchronize) {
  ASSERT_EQ(aclcpu::rt::Submit(stream_, "failing kernel", [] { return 161002; }), ACL_SUCCESS);
  ASSERT_EQ(aclcpu::rt::Submit(stream_, "second failure", [] { return 561000; }), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream_), 161002);  // the first error wins
  const std::string message = TakeMessage();
  EXPECT_NE(message.find("failing kernel"), std::string::npos) << message;
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);  // cleared
  ASSERT_EQ(aclcpu::rt::Submit(nullptr, "default stream failure", [] { return 507015; }),
            ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDevice(), 507015);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  ASSERT_EQ(
      aclcpu::rt::Submit(stream_, "throws", []() -> int { throw std::runtime_error("boom"); }),
      ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_INTERNAL_ERROR);
  EXPECT_NE(TakeMessage().find("boom"), std::string::npos);
}

TEST_F(StreamTest, HandlesAreValidated) {
  EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtCreateStream: stream is NULL"), std::string::npos);
  EXPECT_EQ(aclrtCreateStreamWithConfig(nullptr, 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtCreateStreamWithConfig: stream is NULL"), std::string::npos);
  EXPECT_EQ(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyStreamForce(nullptr), ACL_ERROR_INVALID_PARAM);
  aclrtStream garbage = reinterpret_cast<aclrtStream>(0xdeadbeef);
  EXPECT_EQ(aclrtSynchronizeStream(garbage), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("not a live stream"), std::string::npos);
  EXPECT_EQ(aclrtDestroyStream(garbage), ACL_ERROR_RT_PARAM_INVALID);
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStreamWithConfig(&s, 3, ACL_STREAM_FAST_LAUNCH), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtMemsetAsync(&s, sizeof(s), 0, sizeof(s), s), ACL_ERROR_RT_PARAM_INVALID);
  aclrtStreamStatus status;
  EXPECT_EQ(aclrtStreamQuery(s, &status), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtStreamQuery(stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclcpu::rt::Submit(s, "late", [] { return 0; }), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(StreamTest, DestroyDrainsButForceDiscards) {
  std::atomic<int> ran{0};
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EnqueueSleep(s, 20);
  for (int i = 0; i < 10; ++i) aclcpu::rt::Submit(s, "count", [&] { return ++ran, 0; });
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(ran.load(), 10);
  ran = 0;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EnqueueSleep(s, 30);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));  // the sleep task has started
  for (int i = 0; i < 10; ++i) aclcpu::rt::Submit(s, "count", [&] { return ++ran, 0; });
  EXPECT_EQ(aclrtDestroyStreamForce(s), ACL_SUCCESS);
  EXPECT_EQ(ran.load(), 0);
}

TEST_F(StreamTest, SynchronizeWithTimeout) {
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, 0), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, -2), ACL_ERROR_RT_PARAM_INVALID);
  EnqueueSleep(stream_, 200);
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, 10), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, -1), ACL_SUCCESS);
  EXPECT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream_, 1000), ACL_SUCCESS);
}

TEST_F(StreamTest, LaunchBlockingRunsOnTheCallingThread) {
  for (const char* var : {"ASCEND_LAUNCH_BLOCKING", "ASCEND_RT_LAUNCH_BLOCKING"}) {
    setenv(var, "1", 1);
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    unsetenv(var);
    std::thread::id ranOn;
    ASSERT_EQ(aclcpu::rt::Submit(s, "where", [&] { return ranOn = std::this_thread::get_id(), 0; }),
              ACL_SUCCESS);
    EXPECT_EQ(ranOn, std::this_thread::get_id()) << var;  // done before Submit returned
    int nested = 0;
    ASSERT_EQ(aclcpu::rt::Submit(
                  s, "outer",
                  [&] { return aclcpu::rt::Submit(s, "inner", [&] { return nested = 1, 0; }); }),
              ACL_SUCCESS);
    EXPECT_EQ(nested, 1);
    ASSERT_EQ(aclcpu::rt::Submit(s, "fails", [] { return 161001; }), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(s), 161001);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  }
  std::thread::id ranOn;
  ASSERT_EQ(
      aclcpu::rt::Submit(stream_, "where", [&] { return ranOn = std::this_thread::get_id(), 0; }),
      ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_NE(ranOn, std::this_thread::get_id());  // normal streams use their worker
}

using EventTest = RuntimeTest;

TEST_F(EventTest, RecordSynchronizeQuery) {
  aclrtEvent e = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  EXPECT_EQ(aclrtQueryEventStatus(e, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);  // not recorded yet
  EXPECT_EQ(aclrtSynchronizeEvent(e), ACL_SUCCESS);        // nothing to wait for
  EnqueueSleep(stream_, 100);
  ASSERT_EQ(aclrtRecordEvent(e, stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtQueryEventStatus(e, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  aclrtEventStatus old = ACL_EVENT_STATUS_COMPLETE;
  EXPECT_EQ(aclrtQueryEvent(e, &old), ACL_SUCCESS);
  EXPECT_EQ(old, ACL_EVENT_STATUS_NOT_READY);
  EXPECT_EQ(aclrtSynchronizeEventWithTimeout(e, 5), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  EXPECT_EQ(aclrtSynchronizeEventWithTimeout(e, -2), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeEvent(e), ACL_SUCCESS);
  EXPECT_EQ(aclrtQueryEventStatus(e, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(aclrtQueryEvent(e, &old), ACL_SUCCESS);
  EXPECT_EQ(old, ACL_EVENT_STATUS_COMPLETE);
  uint64_t stamp = 0;
  EXPECT_EQ(aclrtEventGetTimestamp(e, &stamp), ACL_SUCCESS);
  EXPECT_GT(stamp, 0u);
  ASSERT_EQ(aclrtResetEvent(e, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtQueryEventStatus(e, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(e), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtRecordEvent(e, stream_), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(EventTest, ReusableEventIsCompleteBeforeFirstRecord) {
  aclrtEvent e = nullptr;
  ASSERT_EQ(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC), ACL_SUCCESS);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_EQ(aclrtQueryEventStatus(e, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
  EXPECT_EQ(aclrtCreateEventWithFlag(&e, ACL_EVENT_EXTERNAL | ACL_EVENT_SYNC),
            ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
}

TEST_F(EventTest, ElapsedTime) {
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&start), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&end), ACL_SUCCESS);
  float ms = -1;
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
  ASSERT_EQ(aclrtRecordEvent(start, stream_), ACL_SUCCESS);
  EnqueueSleep(stream_, 20);
  ASSERT_EQ(aclrtRecordEvent(end, stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
  EXPECT_GE(ms, 15.0f);
  EXPECT_LT(ms, 5000.0f);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, start), ACL_SUCCESS);
  EXPECT_EQ(ms, 0.0f);
  EXPECT_EQ(aclrtEventElapsedTime(nullptr, start, end), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, nullptr, end), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtEventGetTimestamp(start, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtRecordEvent(nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(end), ACL_SUCCESS);
}

TEST_F(EventTest, StreamWaitEventOrdersTwoStreams) {
  for (int round = 0; round < 20; ++round) {
    aclrtStream consumer = nullptr;
    ASSERT_EQ(aclrtCreateStream(&consumer), ACL_SUCCESS);
    aclrtEvent e = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC), ACL_SUCCESS);
    std::atomic<int> produced{0};
    int seen = -1;
    EnqueueSleep(stream_, round == 0 ? 50 : 1);
    aclcpu::rt::Submit(stream_, "produce", [&] { return produced.store(round + 1), 0; });
    ASSERT_EQ(aclrtRecordEvent(e, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(consumer, e), ACL_SUCCESS);
    aclcpu::rt::Submit(consumer, "consume", [&] { return seen = produced.load(), 0; });
    ASSERT_EQ(aclrtSynchronizeStream(consumer), ACL_SUCCESS);
    EXPECT_EQ(seen, round + 1);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(consumer), ACL_SUCCESS);
  }
  EXPECT_EQ(aclrtStreamWaitEvent(stream_, nullptr), ACL_ERROR_INVALID_PARAM);
}

}  // namespace
