// An emulated stream: an in-order queue of tasks drained by one worker thread (or, in launch-
// blocking mode, run on the submitting thread). Knows nothing of contexts, events or memory.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/runtime.h"

namespace aclcpu {
namespace rt {

// What a task writes, for the missing-synchronisation warning.
struct TaskWrites {
  bool known = false;             // false: the task may write anything
  std::vector<ByteRange> ranges;  // when known (empty = writes no device memory)
  static TaskWrites None() { return TaskWrites{true, {}}; }
  static TaskWrites Ranges(std::vector<ByteRange> r) { return TaskWrites{true, std::move(r)}; }
};

class Stream {
 public:
  // `blocking` runs every task on the thread that enqueues it (no worker thread).
  Stream(uint64_t handle, int32_t device, uint64_t context, bool isDefault, bool blocking);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  uint64_t handle() const { return handle_; }
  int32_t device() const { return device_; }
  uint64_t context() const { return context_; }
  bool isDefault() const { return isDefault_; }
  bool blocking() const { return blocking_; }

  // Appends `task`. `always` marks bookkeeping tasks (event markers) that still run when the
  // stream is force-destroyed with queued work. Returns the task's sequence number (1-based).
  // `writes` says what device memory the task writes (default: unknown).
  uint64_t Enqueue(std::string what, Task task, bool always = false, TaskWrites writes = {});

  // A pending task that writes [begin, end): returns true with *what naming it and *exact
  // true; failing that, a pending task whose writes are unknown (*exact false). False when
  // no pending task is recorded as writing the range.
  bool FindPendingWriter(uintptr_t begin, uintptr_t end, std::string* what, bool* exact);

  // Waits until every task enqueued before the call has finished. timeoutMs: -1 forever,
  // 0 = just check. Returns false on expiry.
  bool WaitIdle(int32_t timeoutMs);
  // True while some enqueued task has not finished.
  bool Pending() const { return completed_.load(std::memory_order_acquire) < submitted(); }

  // Returns the first error a task reported since the last call (0 if none) and clears it;
  // *message gets the task name and whatever the task recorded.
  int TakeError(std::string* message);

  // Stops the worker after finishing (drain) or dropping (discard) the queued tasks; joins it.
  // Idempotent.
  void Shutdown(bool discard);

  // True on a stream worker thread while it runs a task (blocking waits must not happen there).
  static bool OnWorkerThread();
  // The stream whose task the calling thread is running, or nullptr.
  static const Stream* Current();

 private:
  struct Item {
    std::string what;
    Task task;
    bool always = false;
  };

  struct PendingWrite {
    uint64_t seq = 0;
    bool known = false;
    ByteRange range;
    std::string what;
  };

  uint64_t submitted() const { return submitted_.load(std::memory_order_acquire); }
  void PrunePendingWritesLocked();
  void WorkerLoop();
  void Run(Item& item);
  void Completed();

  const uint64_t handle_;
  const int32_t device_;
  const uint64_t context_;
  const bool isDefault_;
  const bool blocking_;

  mutable std::mutex mu_;
  std::condition_variable workCv_;  // worker sleeps here when the queue is empty
  std::condition_variable doneCv_;  // waiters sleep here
  std::deque<Item> queue_;
  std::atomic<uint64_t> submitted_{0};
  std::atomic<uint64_t> completed_{0};
  std::atomic<size_t> queued_{0};  // queue_.size(), readable without the lock while spinning
  bool workerSleeping_ = false;
  int waiters_ = 0;
  bool stop_ = false;
  bool discard_ = false;
  int firstError_ = 0;
  std::string firstErrorMessage_;
  std::deque<PendingWrite> pendingWrites_;  // by seq; entries <= completed_ are stale

  std::mutex inlineMu_;  // serialises tasks run on submitting threads (blocking mode)
  std::mutex shutdownMu_;
  std::thread worker_;
};

}  // namespace rt
}  // namespace aclcpu
