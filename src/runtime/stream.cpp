#include "runtime/stream.h"

#include <chrono>
#include <exception>
#include <utility>

#include "acl/acl_base.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/log.h"

namespace aclcpu {
namespace rt {
namespace {

using Clock = std::chrono::steady_clock;

// A worker that just finished a task keeps polling this long before it sleeps, so that a
// burst of launches does not pay a futex wake-up (~40 us on small VMs) per task.
constexpr std::chrono::microseconds kWorkerSpin{50};
// A synchronising thread polls this long before it sleeps: short tasks finish within it.
constexpr std::chrono::microseconds kWaiterSpin{20};

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

uint64_t Stream::Enqueue(std::string what, Task task, bool always, TaskWrites writes) {
  if (blocking_) {
    // A task that enqueues onto its own stream runs the new task right away (already in order).
    std::unique_lock<std::mutex> inlineLock(inlineMu_, std::defer_lock);
    if (tRunningStream != this) inlineLock.lock();
    uint64_t seq = submitted_.fetch_add(1, std::memory_order_acq_rel) + 1;
    Item item{std::move(what), std::move(task), always};
    const Stream* outer = tRunningStream;
    Run(item);
    tRunningStream = outer;
    return seq;
  }
  bool wake = false;
  uint64_t seq = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    seq = submitted_.load(std::memory_order_relaxed) + 1;
    // The bookkeeping behind the precise missing-synchronisation warning (ACLNN_CPU_CHECK >= 1).
    if (CheckEnabled(1) && (!writes.known || !writes.ranges.empty())) {
      PrunePendingWritesLocked();
      if (!writes.known) pendingWrites_.push_back(PendingWrite{seq, false, ByteRange{}, what});
      for (const ByteRange& r : writes.ranges) {
        pendingWrites_.push_back(PendingWrite{seq, true, r, what});
      }
    }
    queue_.push_back(Item{std::move(what), std::move(task), always});
    queued_.fetch_add(1, std::memory_order_release);
    submitted_.fetch_add(1, std::memory_order_acq_rel);
    wake = workerSleeping_;
  }
  if (wake) workCv_.notify_one();
  return seq;
}

void Stream::PrunePendingWritesLocked() {
  const uint64_t done = completed_.load(std::memory_order_acquire);
  while (!pendingWrites_.empty() && pendingWrites_.front().seq <= done) pendingWrites_.pop_front();
}

bool Stream::FindPendingWriter(uintptr_t begin, uintptr_t end, std::string* what, bool* exact) {
  std::lock_guard<std::mutex> lock(mu_);
  PrunePendingWritesLocked();
  const PendingWrite* unknown = nullptr;
  for (const PendingWrite& w : pendingWrites_) {
    if (w.known && w.range.begin < end && begin < w.range.end) {
      *what = w.what;
      *exact = true;
      return true;
    }
    if (!w.known && unknown == nullptr) unknown = &w;
  }
  if (unknown == nullptr) return false;
  *what = unknown->what;
  *exact = false;
  return true;
}

void Stream::Run(Item& item) {
  // A task on a worker thread starts with an empty message list so that whatever it records
  // belongs to it; in blocking mode the messages stay with the caller, where they belong.
  if (!blocking_) ClearRecentErrMsg();
  tRunningStream = this;
  int rc = 0;
  std::string detail;
  try {
    rc = item.task ? item.task() : 0;
  } catch (const std::exception& e) {
    rc = ACL_ERROR_INTERNAL_ERROR;
    detail = std::string("exception: ") + e.what();
  } catch (...) {
    rc = ACL_ERROR_INTERNAL_ERROR;
    detail = "unknown exception";
  }
  tRunningStream = nullptr;
  if (rc != 0 && !blocking_) {
    if (const char* recorded = TakeRecentErrMsg()) {
      if (!detail.empty()) detail += "; ";
      detail += recorded;
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (rc != 0 && firstError_ == 0) {
    firstError_ = rc;
    firstErrorMessage_ = "task \"" + item.what + "\" failed with status " + std::to_string(rc);
    if (!detail.empty()) firstErrorMessage_ += ": " + detail;
  }
  completed_.fetch_add(1, std::memory_order_acq_rel);
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
      while (queue_.empty() && !stop_) {
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
    Run(item);
  }
}

bool Stream::WaitIdle(int32_t timeoutMs) {
  if (tRunningStream == this) return true;  // a task cannot wait for itself
  const uint64_t target = submitted();
  auto done = [&] { return completed_.load(std::memory_order_acquire) >= target; };
  if (done()) return true;
  if (timeoutMs == 0) return false;
  const auto spinUntil = Clock::now() + kWaiterSpin;
  while (Clock::now() < spinUntil) {
    if (done()) return true;
    CpuRelax();
  }
  std::unique_lock<std::mutex> lock(mu_);
  ++waiters_;
  bool ok = true;
  if (timeoutMs < 0) {
    doneCv_.wait(lock, done);
  } else {
    ok = doneCv_.wait_for(lock, std::chrono::milliseconds(timeoutMs), done);
  }
  --waiters_;
  return ok;
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
