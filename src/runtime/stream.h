// An emulated stream: an in-order queue of tasks drained by one worker thread (or, in launch-
// blocking mode, run on the submitting thread; small tasks on an idle stream also run there,
// see Enqueue). Knows nothing of contexts, events or memory.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
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
  // `writes` says what device memory the task writes (default: unknown). `hold` is kept alive
  // until the task has run (or was dropped by a forced destroy): pins of the memory it uses.
  //
  // Inline execution: when `costBytes` <= kInlineCostLimit and the stream is idle (every task
  // enqueued before has finished, none is running), the task runs on the calling thread before
  // Enqueue returns, which saves the worker hand-off. It is still in order (the worker does not
  // start tasks enqueued meanwhile until it is done), its error (with the messages it
  // recorded, as on the worker) is still reported by the next synchronisation, and its writes
  // stay "unsynchronized" (see FindPendingWriter) until a synchronisation covers it.
  uint64_t Enqueue(const char* what, Task task, bool always = false, TaskWrites writes = {},
                   size_t costBytes = kCostUnknown, std::shared_ptr<void> hold = nullptr);

  // A task that writes [begin, end) and is still running or queued, or ran inline and has not
  // been synchronized: returns true with *what naming it and *exact true; failing that, such a
  // task whose writes are unknown (*exact false). False when no such task is recorded as
  // writing the range.
  bool FindPendingWriter(uintptr_t begin, uintptr_t end, std::string* what, bool* exact);

  // Waits until every task enqueued before the call has finished. timeoutMs: -1 forever,
  // 0 = just check. Returns false on expiry. On success the tasks count as synchronized.
  bool WaitIdle(int32_t timeoutMs);
  // True while some enqueued task has not finished.
  bool Pending() const { return completed_.load(std::memory_order_acquire) < submitted(); }
  // True while a task that ran inline and writes device memory (or may) has not been
  // synchronized: the host reading device memory now may be missing a synchronisation.
  bool Unsynchronized() const {
    return lastInlineWrite_.load(std::memory_order_acquire) >
           synced_.load(std::memory_order_acquire);
  }
  // Marks the tasks up to `seq` synchronized (an event recorded after them was waited for).
  void MarkSynchronized(uint64_t seq);

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
    std::shared_ptr<void> hold;
  };

  struct PendingWrite {
    uint64_t seq = 0;
    bool known = false;
    bool ranInline = false;  // stays live after it completes, until synchronized
    ByteRange range;
    std::string what;
  };

  uint64_t submitted() const { return submitted_.load(std::memory_order_acquire); }
  bool LiveLocked(const PendingWrite& w) const;
  void PrunePendingWritesLocked();
  void RecordWritesLocked(uint64_t seq, const char* what, const TaskWrites& writes, bool inline_);
  void WorkerLoop();
  // Runs a task and records its result. `inline_`: on the submitting thread (inline execution).
  void Run(const char* what, Task& task, bool inline_);

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
  std::atomic<size_t> queued_{0};    // queue_.size(), readable without the lock while spinning
  std::atomic<uint64_t> synced_{0};  // tasks up to this seq were synchronized
  std::atomic<uint64_t> lastInlineWrite_{0};  // seq of the last inline task that writes memory
  bool inlineRunning_ = false;                // a task runs inline: the worker must not start
  bool workerSleeping_ = false;
  int waiters_ = 0;
  bool stop_ = false;
  bool discard_ = false;
  int firstError_ = 0;
  std::string firstErrorMessage_;
  std::deque<PendingWrite> pendingWrites_;  // by seq; see LiveLocked for the stale ones
  // Past the cap on entries the oldest are dropped; the last one dropped still answers
  // FindPendingWriter (inexactly) until a synchronisation covers it.
  uint64_t droppedSeq_ = 0;
  std::string droppedWhat_;

  std::mutex inlineMu_;  // serialises tasks run on submitting threads (blocking mode)
  std::mutex shutdownMu_;
  std::thread worker_;
};

}  // namespace rt
}  // namespace aclcpu
