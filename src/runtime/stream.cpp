#include "runtime/stream.h"

#include <chrono>
#include <exception>
#include <utility>

#include "acl/acl_base.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/log.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

using Clock = std::chrono::steady_clock;

// A worker that just finished a task keeps polling this long before it sleeps, so that a
// burst of launches does not pay a futex wake-up (~40 us on small VMs) per task.
constexpr std::chrono::microseconds kWorkerSpin{50};
// A synchronising thread polls this long before it sleeps: short tasks finish within it. Where
// the kernel pool leaves a core free, polling costs no kernel time, and it polls up to 1 ms.
constexpr std::chrono::microseconds kWaiterSpin{20};
constexpr std::chrono::microseconds kWaiterSpinSpareCore{1000};
// Entries kept for the missing-synchronisation warning, at most (see RecordWritesLocked).
constexpr size_t kMaxPendingWrites = 256;

thread_local const Stream* tRunningStream = nullptr;

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#endif
}

}  // namespace

Stream::Stream(uint64_t handle, int32_t device, uint64_t context, bool isDefault, bool blocking)
    : handle_(handle),
      device_(device),
      context_(context),
      isDefault_(isDefault),
      blocking_(blocking) {
  if (!blocking_) worker_ = std::thread([this] { WorkerLoop(); });
}

Stream::~Stream() { Shutdown(false); }

bool Stream::OnWorkerThread() { return tRunningStream != nullptr; }
const Stream* Stream::Current() { return tRunningStream; }

uint64_t Stream::Enqueue(const char* what, Task task, bool always, TaskWrites writes,
                         size_t costBytes, std::shared_ptr<void> hold) {
  if (blocking_) {
    // A task that enqueues onto its own stream runs the new task right away (already in order).
    std::unique_lock<std::mutex> inlineLock(inlineMu_, std::defer_lock);
    if (tRunningStream != this) inlineLock.lock();
    uint64_t seq = submitted_.fetch_add(1, std::memory_order_acq_rel) + 1;
    Run(what, task, /*inline_=*/false);
    return seq;
  }
  bool wake = false;
  uint64_t seq = 0;
  {
    std::unique_lock<std::mutex> lock(mu_);
    seq = submitted_.load(std::memory_order_relaxed) + 1;
    // Idle: nothing queued, nothing running (inline or on the worker), so running the task here
    // and now keeps the order. A task of this stream enqueueing onto it is never idle.
    const bool idle = completed_.load(std::memory_order_relaxed) == seq - 1;
    if (idle && costBytes <= kInlineCostLimit && !stop_) {
      RecordWritesLocked(seq, what, writes, /*inline_=*/true);
      inlineRunning_ = true;
      submitted_.store(seq, std::memory_order_release);
      lock.unlock();
      Run(what, task, /*inline_=*/true);
      return seq;
    }
    RecordWritesLocked(seq, what, writes, /*inline_=*/false);
    queue_.push_back(Item{what, std::move(task), always, std::move(hold)});
    queued_.fetch_add(1, std::memory_order_release);
    submitted_.store(seq, std::memory_order_release);
    wake = workerSleeping_ && !inlineRunning_;
  }
  if (wake) workCv_.notify_one();
  return seq;
}

void Stream::RecordWritesLocked(uint64_t seq, const char* what, const TaskWrites& writes,
                                bool inline_) {
  const bool writesMemory = !writes.known || !writes.ranges.empty();
  if (!writesMemory) return;
  // Even without the precise bookkeeping, an inline task that writes keeps the stream
  // "unsynchronized" (the imprecise warning of ACLNN_CPU_CHECK=0 still fires).
  if (inline_) lastInlineWrite_.store(seq, std::memory_order_release);
  // The bookkeeping behind the precise missing-synchronisation warning (ACLNN_CPU_CHECK >= 1).
  if (!CheckEnabled(1)) return;
  PrunePendingWritesLocked();
  if (!writes.known) pendingWrites_.push_back(PendingWrite{seq, false, inline_, ByteRange{}, what});
  for (const ByteRange& r : writes.ranges) {
    pendingWrites_.push_back(PendingWrite{seq, true, inline_, r, what});
  }
  // Work that is never synchronized must not grow the list without bound.
  while (pendingWrites_.size() > kMaxPendingWrites) {
    droppedSeq_ = pendingWrites_.front().seq;
    droppedWhat_ = std::move(pendingWrites_.front().what);
    pendingWrites_.pop_front();
  }
}

bool Stream::LiveLocked(const PendingWrite& w) const {
  if (w.seq <= synced_.load(std::memory_order_acquire)) return false;
  return w.ranInline || w.seq > completed_.load(std::memory_order_acquire);
}

void Stream::PrunePendingWritesLocked() {
  while (!pendingWrites_.empty() && !LiveLocked(pendingWrites_.front())) pendingWrites_.pop_front();
}

bool Stream::FindPendingWriter(uintptr_t begin, uintptr_t end, std::string* what, bool* exact) {
  std::lock_guard<std::mutex> lock(mu_);
  PrunePendingWritesLocked();
  const PendingWrite* unknown = nullptr;
  for (const PendingWrite& w : pendingWrites_) {
    if (!LiveLocked(w)) continue;
    if (w.known && w.range.begin < end && begin < w.range.end) {
      *what = w.what;
      *exact = true;
      return true;
    }
    if (!w.known && unknown == nullptr) unknown = &w;
  }
  if (unknown != nullptr) {
    *what = unknown->what;
    *exact = false;
    return true;
  }
  if (droppedSeq_ > synced_.load(std::memory_order_acquire)) {
    *what = droppedWhat_;
    *exact = false;
    return true;
  }
  return false;
}

void Stream::MarkSynchronized(uint64_t seq) {
  uint64_t cur = synced_.load(std::memory_order_acquire);
  while (cur < seq && !synced_.compare_exchange_weak(cur, seq, std::memory_order_acq_rel)) {
  }
}

void Stream::Run(const char* what, Task& task, bool inline_) {
  // A task on a worker thread starts with an empty message list so that whatever it records
  // belongs to it. A task run inline records into a list of its own too (the caller's is set
  // aside and put back afterwards), so that, as on the worker, its messages are reported with
  // its error by the next synchronisation instead of joining the caller's aclGetRecentErrMsg.
  // In blocking mode the messages stay with the caller's thread.
  const bool worker = !blocking_ && !inline_;
  // The task's messages stay on this thread even with process-level messages (err_msg_mode).
  const ThreadErrMsgScope ownMessages(worker || inline_);
  if (worker) ClearRecentErrMsg();
  std::vector<std::string> callerMessages;
  if (inline_) SwapRecentErrMsgs(&callerMessages);
  const Stream* outer = tRunningStream;  // inline or blocking work may nest across streams
  tRunningStream = this;
  int rc = 0;
  std::string detail;
  try {
    rc = task ? task() : 0;
  } catch (const std::exception& e) {
    rc = ACL_ERROR_INTERNAL_ERROR;
    detail = std::string("exception: ") + e.what();
  } catch (...) {
    rc = ACL_ERROR_INTERNAL_ERROR;
    detail = "unknown exception";
  }
  tRunningStream = outer;
  if (rc != 0 && worker) {
    if (const char* recorded = TakeThreadErrMsg()) {
      if (!detail.empty()) detail += "; ";
      detail += recorded;
    }
  }
  if (inline_) {
    // Puts the caller's messages back; callerMessages now holds the task's (oldest first),
    // joined newest first as TakeRecentErrMsg does. Those of a task that succeeded are dropped,
    // as on the worker.
    SwapRecentErrMsgs(&callerMessages);
    if (rc != 0 && !callerMessages.empty()) {
      if (!detail.empty()) detail += "; ";
      for (auto it = callerMessages.rbegin(); it != callerMessages.rend(); ++it) {
        if (it != callerMessages.rbegin()) detail += '\n';
        detail += *it;
      }
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (rc != 0 && firstError_ == 0) {
    firstError_ = rc;
    firstErrorMessage_ =
        std::string("task \"") + what + "\" failed with status " + std::to_string(rc);
    if (!detail.empty()) firstErrorMessage_ += ": " + detail;
  }
  completed_.fetch_add(1, std::memory_order_acq_rel);
  if (inline_) {
    inlineRunning_ = false;
    // Tasks other threads queued meanwhile (or a shutdown) wait for the worker.
    if (workerSleeping_ && (!queue_.empty() || stop_)) workCv_.notify_one();
  }
  if (waiters_ > 0) doneCv_.notify_all();
}

void Stream::WorkerLoop() {
  for (;;) {
    // Poll briefly before taking the lock to sleep.
    if (queued_.load(std::memory_order_acquire) == 0) {
      const auto until = Clock::now() + kWorkerSpin;
      while (queued_.load(std::memory_order_acquire) == 0 && Clock::now() < until) CpuRelax();
    }
    Item item;
    {
      std::unique_lock<std::mutex> lock(mu_);
      // A task running inline goes first: it was enqueued before anything in the queue.
      while (inlineRunning_ || (queue_.empty() && !stop_)) {
        workerSleeping_ = true;
        workCv_.wait(lock);
        workerSleeping_ = false;
      }
      if (queue_.empty()) return;  // stop_ with nothing left
      item = std::move(queue_.front());
      queue_.pop_front();
      queued_.fetch_sub(1, std::memory_order_release);
      if (discard_ && !item.always) {
        completed_.fetch_add(1, std::memory_order_acq_rel);
        if (waiters_ > 0) doneCv_.notify_all();
        continue;
      }
    }
    Run(item.what.c_str(), item.task, /*inline_=*/false);
    item.hold.reset();  // before the next wait: the memory it pins may be released now
  }
}

bool Stream::WaitIdle(int32_t timeoutMs) {
  if (tRunningStream == this) return true;  // a task cannot wait for itself
  const uint64_t target = submitted();
  auto done = [&] { return completed_.load(std::memory_order_acquire) >= target; };
  if (!done()) {
    if (timeoutMs == 0) return false;
    const auto spinUntil =
        Clock::now() + (KernelPoolLeavesACoreFree() ? kWaiterSpinSpareCore : kWaiterSpin);
    while (!done() && Clock::now() < spinUntil) CpuRelax();
  }
  if (!done()) {
    std::unique_lock<std::mutex> lock(mu_);
    ++waiters_;
    bool ok = true;
    if (timeoutMs < 0) {
      doneCv_.wait(lock, done);
    } else {
      ok = doneCv_.wait_for(lock, std::chrono::milliseconds(timeoutMs), done);
    }
    --waiters_;
    if (!ok) return false;
  }
  MarkSynchronized(target);
  return true;
}

int Stream::TakeError(std::string* message) {
  std::lock_guard<std::mutex> lock(mu_);
  int rc = firstError_;
  if (message != nullptr) *message = firstErrorMessage_;
  firstError_ = 0;
  firstErrorMessage_.clear();
  return rc;
}

void Stream::Shutdown(bool discard) {
  std::lock_guard<std::mutex> guard(shutdownMu_);
  if (!worker_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    discard_ = discard;
  }
  workCv_.notify_all();
  if (worker_.get_id() == std::this_thread::get_id()) {
    // A task destroyed its own stream: the loop ends after this task; nobody can join it.
    worker_.detach();
    Log(LogLevel::kWarning, "stream %#llx destroyed from one of its own tasks",
        static_cast<unsigned long long>(handle_));
    return;
  }
  worker_.join();
}

}  // namespace rt
}  // namespace aclcpu
