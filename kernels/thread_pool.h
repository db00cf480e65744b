// Fork/join thread pool for the kernels. The calling thread takes part in the work, so a pool of
// N threads owns N - 1 workers. Workers spin briefly after each job (a futex wake-up costs tens of
// microseconds on the VMs we target), then sleep on a condition variable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace aclcpu {
namespace kernels {

class ThreadPool {
 public:
  // A task body: `ctx` is passed through unchanged, `task` is in [0, numTasks).
  using TaskFn = void (*)(void* ctx, int64_t task);

  // `numThreads` counts the calling thread; values below 1 are treated as 1 (no workers). When
  // the system refuses to start a worker (thread, address-space or map limits), the pool keeps
  // the workers it started (NumThreads() says how many threads it has) and StartError() says
  // why; it never throws for that.
  explicit ThreadPool(int numThreads);
  // Joins the workers. No ParallelFor may be running.
  ~ThreadPool();

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int NumThreads() const { return numThreads_; }
  // Empty, or why fewer threads than requested were started.
  const std::string& StartError() const { return startError_; }

  // Runs fn(ctx, t) for every t in [0, numTasks) and returns when all have finished. Tasks are
  // claimed dynamically, so which thread runs a task is unspecified. Safe to call from several
  // host threads at once and from inside a task: a call that finds the pool busy runs its tasks
  // inline on the calling thread (never deadlocks, never oversubscribes). `fn` must not throw.
  void ParallelFor(int64_t numTasks, TaskFn fn, void* ctx);
  // Convenience overload with the same semantics.
  void ParallelFor(int64_t numTasks, const std::function<void(int64_t task)>& fn);

 private:
  void WorkerLoop();
  // Waits until a job newer than `seen` is published (or stop); returns its generation.
  uint64_t WaitForJob(uint64_t seen);
  void RunClaimedTasks();
  void WaitUntilIdle();

  // Declared before the workers: members are destroyed in reverse order, so everything a
  // worker touches outlives the worker threads.
  int numThreads_;
  std::string startError_;
  std::mutex callMutex_;  // one fork/join at a time; others run inline

  // Generation: even = a published job (or none yet), odd = the caller is setting one up.
  alignas(64) std::atomic<uint64_t> generation_{0};
  alignas(64) std::atomic<int64_t> nextTask_{0};
  alignas(64) std::atomic<int> active_{0};  // workers inside a job
  // Job description: written only while generation_ is odd and no worker is active.
  TaskFn jobFn_ = nullptr;
  void* jobCtx_ = nullptr;
  int64_t jobTasks_ = 0;

  alignas(64) std::atomic<int> sleepers_{0};
  std::atomic<bool> stop_{false};
  std::mutex sleepMutex_;
  std::condition_variable sleepCv_;

  std::vector<std::thread> workers_;  // last: joined before anything above is destroyed
};

// Runs body(task) for every task in [0, numTasks): on the calling thread when there is no pool,
// one task or one thread, else on `pool`. The caller's partition into tasks never depends on the
// thread count, which keeps results bitwise identical for any pool.
template <typename Body>
void RunTasks(ThreadPool* pool, int64_t numTasks, Body& body) {
  if (pool == nullptr || numTasks <= 1 || pool->NumThreads() <= 1) {
    for (int64_t t = 0; t < numTasks; ++t) body(t);
    return;
  }
  pool->ParallelFor(
      numTasks, [](void* ctx, int64_t task) { (*static_cast<Body*>(ctx))(task); }, &body);
}

}  // namespace kernels
}  // namespace aclcpu
