#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "thread_pool.h"

namespace {

using aclcpu::kernels::ThreadPool;

TEST(ThreadPool, NumThreadsCountsTheCaller) {
  EXPECT_EQ(1, ThreadPool(1).NumThreads());
  EXPECT_EQ(1, ThreadPool(0).NumThreads());
  EXPECT_EQ(1, ThreadPool(-3).NumThreads());
  EXPECT_EQ(5, ThreadPool(5).NumThreads());
}

TEST(ThreadPool, EveryTaskRunsExactlyOnce) {
  for (int threads : {1, 2, 3, 7}) {
    ThreadPool pool(threads);
    for (int64_t n : {0, 1, 2, 5, 64, 1000}) {
      for (int rep = 0; rep < 20; ++rep) {
        std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
        pool.ParallelFor(n, [&](int64_t t) { hits[static_cast<size_t>(t)].fetch_add(1); });
        for (int64_t t = 0; t < n; ++t) {
          ASSERT_EQ(1, hits[static_cast<size_t>(t)].load())
              << "task " << t << " of " << n << " with " << threads << " threads";
        }
      }
    }
  }
}

TEST(ThreadPool, RawFunctionPointerOverload) {
  ThreadPool pool(3);
  std::vector<int64_t> out(100, -1);
  pool.ParallelFor(
      100, [](void* ctx, int64_t t) { (*static_cast<std::vector<int64_t>*>(ctx))[t] = t * t; },
      &out);
  for (int64_t t = 0; t < 100; ++t) EXPECT_EQ(t * t, out[t]);
}

TEST(ThreadPool, UsesWorkersWhenTasksBlock) {
  // Two tasks that wait for each other can only finish if they run on different threads.
  ThreadPool pool(2);
  std::atomic<int> arrived{0};
  bool ok = true;
  pool.ParallelFor(2, [&](int64_t) {
    arrived.fetch_add(1);
    for (int i = 0; i < 2000000 && arrived.load() < 2; ++i) std::this_thread::yield();
    if (arrived.load() < 2) ok = false;
  });
  EXPECT_TRUE(ok);
}

TEST(ThreadPool, NestedCallsRunInline) {
  ThreadPool pool(3);
  std::atomic<int64_t> sum{0};
  pool.ParallelFor(8, [&](int64_t outer) {
    pool.ParallelFor(8, [&](int64_t inner) { sum.fetch_add(outer * 8 + inner); });
  });
  EXPECT_EQ(63 * 64 / 2, sum.load());
}

TEST(ThreadPool, ConcurrentCallersFromManyHostThreads) {
  ThreadPool pool(3);
  constexpr int kCallers = 4;
  constexpr int kCalls = 300;
  std::vector<int64_t> totals(kCallers, 0);
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([&, c] {
      for (int i = 0; i < kCalls; ++i) {
        std::atomic<int64_t> s{0};
        pool.ParallelFor(17, [&](int64_t t) { s.fetch_add(t + 1); });
        totals[c] += s.load();
      }
    });
  }
  for (auto& t : callers) t.join();
  for (int c = 0; c < kCallers; ++c) EXPECT_EQ(kCalls * 17 * 18 / 2, totals[c]);
}

TEST(ThreadPool, WakesSleepingWorkers) {
  ThreadPool pool(4);
  for (int rep = 0; rep < 3; ++rep) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // let the workers fall asleep
    std::atomic<int> count{0};
    pool.ParallelFor(100, [&](int64_t) { count.fetch_add(1); });
    EXPECT_EQ(100, count.load());
  }
}

TEST(ThreadPool, ManyShortJobsBackToBack) {
  ThreadPool pool(2);
  int64_t total = 0;
  for (int i = 0; i < 20000; ++i) {
    std::atomic<int> c{0};
    pool.ParallelFor(3, [&](int64_t) { c.fetch_add(1); });
    total += c.load();
  }
  EXPECT_EQ(60000, total);
}

TEST(ThreadPool, DestroysWhileWorkersSleepOrSpin) {
  for (int i = 0; i < 50; ++i) {
    ThreadPool pool(3);
    if (i % 2 == 0) pool.ParallelFor(4, [](int64_t) {});
  }
}

}  // namespace
