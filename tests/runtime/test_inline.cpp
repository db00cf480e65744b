// Inline execution: small work submitted to an idle stream runs on the calling thread. These
// tests check what the user can observe (order, errors, events, the missing-synchronisation
// warning, several threads on one stream), not timings. WARNING lines are read from stdout.
#include <gmock/gmock.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/error.h"
#include "runtime_test_util.h"

namespace {

[[maybe_unused]] const bool kLogToStdout = [] {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "2", 0);
  setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 0);
  return true;
}();

using aclcpu::rt::kCostUnknown;
using aclcpu::rt::Submit;
using ::testing::HasSubstr;
using ::testing::Not;

class InlineTest : public RuntimeTest {
 protected:
  void* Alloc(size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    allocations_.push_back(p);
    return p;
  }
  void TearDown() override {
    for (void* p : allocations_) aclrtFree(p);
    RuntimeTest::TearDown();
  }

  // Runs `read` with stdout captured; returns what was printed.
  template <typename F>
  static std::string Captured(F read) {
    testing::internal::CaptureStdout();
    read();
    return testing::internal::GetCapturedStdout();
  }

  std::vector<void*> allocations_;
};

// A task with a small cost hint runs on the calling thread when the stream is idle, and on the
// worker when work is queued before it (which it must not overtake) or when it is large.
TEST_F(InlineTest, SmallWorkOnAnIdleStreamRunsOnTheCallingThread) {
  const std::thread::id self = std::this_thread::get_id();
  std::thread::id ranOn;
  auto record = [&ranOn] {
    ranOn = std::this_thread::get_id();
    return 0;
  };
  ASSERT_EQ(Submit(stream_, "small", record, {}, 64), ACL_SUCCESS);
  EXPECT_EQ(ranOn, self);  // already ran
  ASSERT_EQ(Submit(stream_, "large", record, {}, aclcpu::rt::kInlineCostLimit + 1), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_NE(ranOn, self);
  ASSERT_EQ(Submit(stream_, "unknown cost", record, {}), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_NE(ranOn, self);

  std::atomic<bool> release{false};
  ASSERT_EQ(Submit(
                stream_, "gate",
                [&release] {
                  while (!release.load()) std::this_thread::yield();
                  return 0;
                },
                {}, kCostUnknown),
            ACL_SUCCESS);
  ranOn = self;
  ASSERT_EQ(Submit(stream_, "small behind the gate", record, {}, 64), ACL_SUCCESS);
  release = true;
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_NE(ranOn, self);
}

TEST_F(InlineTest, InlineAndQueuedWorkKeepProgramOrder) {
  constexpr size_t kBytes = 256;
  char* dev = static_cast<char*>(Alloc(kBytes));
  std::vector<unsigned char> back(kBytes);
  ASSERT_EQ(aclrtMemsetAsync(dev, kBytes, 0x11, kBytes, stream_), ACL_SUCCESS);  // idle: inline
  // Queued on the worker (unknown cost); the small fill after it must wait for it.
  ASSERT_EQ(Submit(stream_, "slow fill",
                   [dev] {
                     std::this_thread::sleep_for(std::chrono::milliseconds(20));
                     std::memset(dev, 0x22, kBytes);
                     return 0;
                   }),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(dev, kBytes, 0x33, kBytes / 2, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(back.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(back[0], 0x33);
  EXPECT_EQ(back[kBytes - 1], 0x22);

  // A chain of small dependent copies, each on an idle stream again.
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(aclrtMemsetAsync(dev, kBytes, i, 1, stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(dev + 1 + i, 1, dev, 1, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_),
              ACL_SUCCESS);
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(back.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(back[1 + i], i) << i;
}

TEST_F(InlineTest, InlineTaskErrorIsReportedBySynchronize) {
  ASSERT_EQ(Submit(
                stream_, "failing small kernel", [] { return 161002; }, {}, 64),
            ACL_SUCCESS);
  ASSERT_EQ(Submit(
                stream_, "second small failure", [] { return 561000; }, {}, 64),
            ACL_SUCCESS);
  aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
  ASSERT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);  // finished, the error is still held
  TakeMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), 161002);  // the first error wins
  const std::string message = TakeMessage();
  EXPECT_THAT(message, HasSubstr("failing small kernel"));
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);  // reported once
  // A task that throws, inline: the exception is caught and reported too.
  ASSERT_EQ(Submit(
                stream_, "throwing small kernel", []() -> int { throw std::runtime_error("boom"); },
                {}, 64),
            ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_ERROR_INTERNAL_ERROR);
  EXPECT_THAT(TakeMessage(), HasSubstr("boom"));
}

// The messages an inline task records travel with its error, as a worker task's do: they reach
// the synchronising call's message, not the enqueueing thread's list (which keeps what it had).
TEST_F(InlineTest, InlineTaskMessagesAreReportedWithItsError) {
  for (const size_t cost : {size_t{64}, kCostUnknown}) {  // inline, then on the worker
    SCOPED_TRACE(cost == kCostUnknown ? "worker" : "inline");
    TakeMessage();
    aclcpu::Fail(1, "caller's own message");
    ASSERT_EQ(Submit(
                  stream_, "recording kernel",
                  [] {
                    aclcpu::Fail(161002, "task detail one");
                    return aclcpu::Fail(161002, "task detail two");
                  },
                  {}, cost),
              ACL_SUCCESS);
    // A task that succeeds after recording a message: the message is dropped.
    ASSERT_EQ(Submit(
                  stream_, "succeeding kernel",
                  [] {
                    aclcpu::Fail(1, "succeeding task's message");
                    return 0;
                  },
                  {}, cost),
              ACL_SUCCESS);
    EXPECT_EQ(TakeMessage(), "caller's own message");
    EXPECT_EQ(aclrtSynchronizeStream(stream_), 161002);
    const std::string message = TakeMessage();
    EXPECT_THAT(message, HasSubstr("recording kernel"));
    EXPECT_THAT(message, HasSubstr("task detail two\ntask detail one"));
    EXPECT_THAT(message, Not(HasSubstr("succeeding task's message")));
    EXPECT_THAT(message, Not(HasSubstr("caller's own message")));
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(TakeMessage(), "");
  }
}

TEST_F(InlineTest, EventsRecordedAfterInlineWorkSeeItComplete) {
  void* dev = Alloc(64);
  aclrtEvent start = nullptr;
  aclrtEvent end = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&start), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&end), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(start, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x5A, 64, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(end, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeEvent(end), ACL_SUCCESS);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  ASSERT_EQ(aclrtQueryEventStatus(end, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  float ms = -1.0f;
  ASSERT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
  EXPECT_GE(ms, 0.0f);
  unsigned char back = 0;
  ASSERT_EQ(aclrtMemcpy(&back, 1, static_cast<char*>(dev) + 63, 1, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(back, 0x5A);

  // Recorded behind queued work: not complete until that work is.
  std::atomic<bool> release{false};
  ASSERT_EQ(Submit(stream_, "gate",
                   [&release] {
                     while (!release.load()) std::this_thread::yield();
                     return 0;
                   },
                   {}),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(end, stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtQueryEventStatus(end, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  release = true;
  ASSERT_EQ(aclrtSynchronizeEvent(end), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(end), ACL_SUCCESS);
}

// Work that ran inline is finished, but until the user synchronizes, reading what it wrote is
// still the missing-synchronisation bug: the warning fires (once; the read synchronizes).
TEST_F(InlineTest, ReadingUnsynchronizedInlineOutputWarns) {
  char* dev = static_cast<char*>(Alloc(64));
  char* other = static_cast<char*>(Alloc(64));
  ASSERT_EQ(aclrtMemset(other, 64, 0, 64), ACL_SUCCESS);
  unsigned char back[16] = {};
  const std::string expected = "while stream " + [this] {
    char text[32];
    std::snprintf(text, sizeof(text), "%p", stream_);
    return std::string(text);
  }() + " still has pending aclrtMemsetAsync writing it";

  ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x6B, 64, stream_), ACL_SUCCESS);
  // Another buffer: no warning.
  EXPECT_THAT(Captured([&] {
                ASSERT_EQ(aclrtMemcpy(back, 16, other, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
              }),
              Not(HasSubstr("aclrtMemcpy: reading")));
  ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x6B, 64, stream_), ACL_SUCCESS);
  EXPECT_THAT(Captured([&] {
                ASSERT_EQ(aclrtMemcpy(back, 16, dev + 48, 16, ACL_MEMCPY_DEVICE_TO_HOST),
                          ACL_SUCCESS);
              }),
              HasSubstr("aclrtMemcpy: reading"));
  EXPECT_EQ(back[15], 0x6B);
  EXPECT_THAT(Captured([&] {
                ASSERT_EQ(aclrtMemcpy(back, 16, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
              }),
              Not(HasSubstr("aclrtMemcpy: reading")));

  // The exact text names the stream and the task.
  ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x6C, 64, stream_), ACL_SUCCESS);
  EXPECT_THAT(Captured([&] {
                ASSERT_EQ(aclrtMemcpy(back, 16, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
              }),
              HasSubstr(expected));

  // Each way of synchronizing clears it.
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
  const std::vector<std::function<void()>> syncs = {
      [&] { ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS); },
      [&] { ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS); },
      [&] {
        ASSERT_EQ(aclrtRecordEvent(event, stream_), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
      },
      [&] {
        aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
        ASSERT_EQ(aclrtStreamQuery(stream_, &status), ACL_SUCCESS);
        ASSERT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
      },
  };
  for (size_t i = 0; i < syncs.size(); ++i) {
    ASSERT_EQ(aclrtMemsetAsync(dev, 64, 0x70 + static_cast<int>(i), 64, stream_), ACL_SUCCESS);
    syncs[i]();
    EXPECT_THAT(Captured([&] {
                  ASSERT_EQ(aclrtMemcpy(back, 16, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
                }),
                Not(HasSubstr("aclrtMemcpy: reading")))
        << "synchronisation " << i;
    EXPECT_EQ(back[0], 0x70 + i);
  }
  EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);

  // Many unsynchronized inline writes: the oldest is still reported (inexactly past the cap).
  ASSERT_EQ(aclrtMemsetAsync(other, 64, 1, 64, stream_), ACL_SUCCESS);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(aclrtMemsetAsync(dev, 64, i, 1, stream_), ACL_SUCCESS);
  }
  EXPECT_THAT(Captured([&] {
                ASSERT_EQ(aclrtMemcpy(back, 16, other, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
              }),
              HasSubstr("aclrtMemcpy: reading"));
}

// Several host threads sharing one stream: every task runs exactly once and never two at a
// time (the stream serialises them whether they run inline or on the worker); the shared
// counter is deliberately not atomic, so a sanitizer build sees any overlap.
TEST_F(InlineTest, ThreadsSharingAStreamAreSerialised) {
  constexpr int kThreads = 4;
  constexpr int kTasks = 500;
  long counter = 0;
  std::atomic<int> running{0};
  std::atomic<bool> overlap{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kTasks; ++i) {
        const size_t cost = (i + t) % 7 == 0 ? kCostUnknown : 64;  // mix inline and queued
        ASSERT_EQ(Submit(
                      stream_, "count",
                      [&] {
                        if (running.fetch_add(1) != 0) overlap = true;
                        ++counter;
                        running.fetch_sub(1);
                        return 0;
                      },
                      {}, cost),
                  ACL_SUCCESS);
        if (i % 100 == 99) {
          ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(counter, long{kThreads} * kTasks);
  EXPECT_FALSE(overlap.load());
}

// A small task that enqueues onto its own stream: the new task queues behind it.
TEST_F(InlineTest, InlineTaskEnqueueingOntoItsStreamRunsAfterIt) {
  std::vector<int> order;
  aclrtStream stream = stream_;
  ASSERT_EQ(Submit(
                stream_, "outer",
                [&order, stream] {
                  Submit(
                      stream, "inner", [&order] { return order.push_back(2), 0; }, {}, 8);
                  order.push_back(1);
                  return 0;
                },
                {}, 8),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  ASSERT_EQ(order.size(), 2u);
  EXPECT_EQ(order[0], 1);
  EXPECT_EQ(order[1], 2);
}

}  // namespace
