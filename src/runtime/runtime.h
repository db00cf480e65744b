// What the rest of the library may ask of the runtime (internal; not exported under CANN
// names). The exported aclrt* functions are thin wrappers over the same implementation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace aclcpu {
namespace kernels {
class ThreadPool;
}

namespace rt {

struct AllocationInfo {
  const void* base = nullptr;  // what aclrtMalloc returned
  size_t requested = 0;        // the size the user asked for (bounds are checked against this)
  size_t rounded = 0;          // what CANN reserves for it (a multiple of 32, usually plus 32)
  size_t mapped = 0;           // bytes addressable from base (whole pages; >= rounded on device)
  uint64_t id = 0;             // unique per allocation, never reused
  int32_t device = 0;
};

enum class PointerKind {
  kDevice,       // inside a live aclrtMalloc allocation
  kFreedDevice,  // inside an allocation that aclrtFree released
  kHost,         // inside a live aclrtMallocHost allocation
  kUnknown,      // anything else (plain host memory, garbage)
};

// Classifies `p`; for kDevice/kFreedDevice/kHost fills *info (when non-null) with the
// allocation that contains it.
PointerKind ClassifyPointer(const void* p, AllocationInfo* info);

// As ClassifyPointer, and for device memory (kDevice) also pins the allocation: it stays mapped
// until unpinned (UnpinAllocations with info->base), even when aclrtFree (or aclFinalize) releases
// it meanwhile (the release then completes at the last unpin). Nothing is pinned for the other
// kinds. Pins (and classifies) n pointers at once: kinds[i] / infos[i] for ptrs[i].
void PinAllocations(const void* const* ptrs, size_t n, PointerKind* kinds, AllocationInfo* infos);
// Unpins the allocations whose bases (info.base of a kDevice pin) are given.
void UnpinAllocations(const void* const* bases, size_t n);

// While one is alive on a thread, every task that thread submits (rt::Submit) keeps `hold` alive
// until the task has run or was dropped: an operator launch puts the pins of the memory it uses
// there, so that enqueued work never runs on released pages.
class LaunchScope {
 public:
  explicit LaunchScope(std::shared_ptr<void> hold);
  ~LaunchScope();
  LaunchScope(const LaunchScope&) = delete;
  LaunchScope& operator=(const LaunchScope&) = delete;

 private:
  std::shared_ptr<void> previous_;
};

// Number of visible devices once the runtime read its environment (0 before).
size_t VisibleDeviceCount();

// The device that `stream` (nullptr = the current context's default stream) runs on; fails as
// ResolveStream does (message naming `api`) for a stream that is not live.
int StreamDevice(const char* api, aclrtStream stream, int32_t* device);

// Work for a stream. Returns 0 or an error code, which the stream records and reports from
// the next aclrtSynchronizeStream / aclrtSynchronizeDevice.
using Task = std::function<int()>;

// Resolves `stream` (nullptr = the current context's default stream), checks that a device is
// set and the stream is alive, then enqueues `task` in order (or runs it now under
// ASCEND_LAUNCH_BLOCKING=1 / ASCEND_RT_LAUNCH_BLOCKING=1). `what` names the work in messages.
// Returns ACL_SUCCESS or an ACL error code after recording a message.
int Submit(aclrtStream stream, const char* what, Task task);

// A byte range [begin, end) of device memory.
struct ByteRange {
  uintptr_t begin = 0;
  uintptr_t end = 0;
};

// The cost hint of work whose size is not known: it always runs on the stream's worker.
constexpr size_t kCostUnknown = SIZE_MAX;
// Work whose cost hint (bytes read plus bytes written) is at most this may run on the calling
// thread when the stream is idle (see Stream::Enqueue); anything larger stays asynchronous. 1 MiB
// is 10-40 us of kernel time here, about what handing the work to the worker and waking the
// waiting thread costs.
constexpr size_t kInlineCostLimit = size_t{1} << 20;

// Submit for a task that declares what it writes: a synchronous aclrtMemcpy that reads one of
// these ranges while the task is unsynchronized warns naming the stream and `what` (tasks
// submitted without ranges may write anything). An empty list means the task writes no device
// memory. `costBytes` is the memory the task touches; a task that may block, or waits for
// anything but memory, must pass kCostUnknown.
int Submit(aclrtStream stream, const char* what, Task task, std::vector<ByteRange> writes,
           size_t costBytes = kCostUnknown);

// Initialised-memory tracking (ACLNN_CPU_CHECK=2; no-ops otherwise). Marks [p, p + bytes) of
// a live device allocation as written (aclrtMemcpy/aclrtMemset destinations, operator outputs;
// marked in submission order, when the work is enqueued).
void MarkWritten(const void* p, size_t bytes);

struct UnwrittenBytes {
  const void* allocation = nullptr;  // base of the allocation holding them
  size_t offset = 0;                 // first never-written byte, relative to `allocation`
  size_t length = 0;                 // length of that never-written run (within the query)
};
// True (and *out filled) when some byte of [p, p + bytes) in a live device allocation was never
// written since aclrtMalloc. Always false unless ACLNN_CPU_CHECK=2.
bool FindUnwritten(const void* p, size_t bytes, UnwrittenBytes* out);

// The kernel thread pool of the calling thread's current device (nullptr when none is set).
kernels::ThreadPool* CurrentDevicePool();

// True once aclInit succeeded and aclFinalize has not been called since.
bool IsInitialized();

}  // namespace rt
}  // namespace aclcpu
