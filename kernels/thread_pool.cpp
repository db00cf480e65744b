#include "thread_pool.h"

#include <chrono>
#include <exception>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace {

// How long an idle worker spins before it sleeps. Back-to-back kernels launched within this
// window never pay for a futex wake-up.
constexpr std::chrono::microseconds kSpinBeforeSleep(100);
// Spins between yields while the caller waits for workers (matters when threads outnumber cores).
constexpr int kSpinsBeforeYield = 256;

// The pool whose job the current thread is executing (workers always; callers during a call).
thread_local const ThreadPool* tlInsidePool = nullptr;

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#endif
}

void RunInline(int64_t numTasks, ThreadPool::TaskFn fn, void* ctx) {
  for (int64_t t = 0; t < numTasks; ++t) fn(ctx, t);
}

void CallStdFunction(void* ctx, int64_t task) {
  (*static_cast<const std::function<void(int64_t)>*>(ctx))(task);
}

}  // namespace

ThreadPool::ThreadPool(int numThreads) : numThreads_(numThreads < 1 ? 1 : numThreads) {
  const int requested = numThreads_;
  try {
    workers_.reserve(static_cast<size_t>(requested - 1));
    for (int i = 1; i < requested; ++i) workers_.emplace_back([this] { WorkerLoop(); });
  } catch (const std::exception& e) {
    // Keep the workers that started (they are waiting for jobs, which is harmless); the pool
    // runs with them and the calling thread.
    startError_ = "started " + std::to_string(workers_.size() + 1) + " of " +
                  std::to_string(requested) + " threads: " + e.what();
    numThreads_ = static_cast<int>(workers_.size()) + 1;
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(sleepMutex_);
    stop_.store(true);
  }
  sleepCv_.notify_all();
  for (auto& w : workers_) w.join();
}

void ThreadPool::ParallelFor(int64_t numTasks, const std::function<void(int64_t task)>& fn) {
  ParallelFor(numTasks, &CallStdFunction, const_cast<void*>(static_cast<const void*>(&fn)));
}

void ThreadPool::ParallelFor(int64_t numTasks, TaskFn fn, void* ctx) {
  if (numTasks <= 0) return;
  if (numThreads_ == 1 || numTasks == 1 || tlInsidePool != nullptr) {
    RunInline(numTasks, fn, ctx);
    return;
  }
  std::unique_lock<std::mutex> call(callMutex_, std::try_to_lock);
  if (!call.owns_lock()) {  // another host thread is using the pool
    RunInline(numTasks, fn, ctx);
    return;
  }
  tlInsidePool = this;
  // Odd generation: stragglers of the previous job see a stale generation and back off; wait for
  // any that already entered before the job description is rewritten.
  const uint64_t gen = generation_.load(std::memory_order_relaxed);
  generation_.store(gen + 1);
  WaitUntilIdle();
  jobFn_ = fn;
  jobCtx_ = ctx;
  jobTasks_ = numTasks;
  nextTask_.store(0, std::memory_order_relaxed);
  generation_.store(gen + 2);  // publish
  if (sleepers_.load() > 0) {
    std::lock_guard<std::mutex> lock(sleepMutex_);
    sleepCv_.notify_all();
  }
  RunClaimedTasks();
  // Every task is claimed now; the job is done once no worker is inside it.
  WaitUntilIdle();
  tlInsidePool = nullptr;
}

void ThreadPool::WaitUntilIdle() {
  for (int spins = 0; active_.load() != 0; ++spins) {
    if (spins < kSpinsBeforeYield) {
      CpuRelax();
    } else {
      std::this_thread::yield();
    }
  }
}

void ThreadPool::RunClaimedTasks() {
  const TaskFn fn = jobFn_;
  void* const ctx = jobCtx_;
  const int64_t n = jobTasks_;
  for (;;) {
    const int64_t t = nextTask_.fetch_add(1);
    if (t >= n) break;
    fn(ctx, t);
  }
}

uint64_t ThreadPool::WaitForJob(uint64_t seen) {
  auto ready = [&](uint64_t g) { return (g & 1) == 0 && g != seen; };
  const auto spinUntil = std::chrono::steady_clock::now() + kSpinBeforeSleep;
  for (int spins = 1;; ++spins) {
    const uint64_t g = generation_.load(std::memory_order_acquire);
    if (ready(g) || stop_.load(std::memory_order_relaxed)) return g;
    CpuRelax();
    if ((spins & 63) == 0 && std::chrono::steady_clock::now() > spinUntil) break;
  }
  std::unique_lock<std::mutex> lock(sleepMutex_);
  sleepers_.fetch_add(1);  // seq_cst: pairs with the caller's publish-then-load of sleepers_
  uint64_t g = 0;
  sleepCv_.wait(lock, [&] {
    g = generation_.load();
    return ready(g) || stop_.load();
  });
  sleepers_.fetch_sub(1);
  return g;
}

void ThreadPool::WorkerLoop() {
  tlInsidePool = this;
  uint64_t seen = 0;
  for (;;) {
    const uint64_t g = WaitForJob(seen);
    if (stop_.load()) return;
    seen = g;
    active_.fetch_add(1);
    // Re-check after announcing ourselves: the caller may already be preparing the next job.
    if (generation_.load() == g) RunClaimedTasks();
    active_.fetch_sub(1);
  }
}

}  // namespace kernels
}  // namespace aclcpu
