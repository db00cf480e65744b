// What the rest of the library may ask of the runtime (internal; not exported under CANN
// names). The exported aclrt* functions are thin wrappers over the same implementation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "acl/acl_base.h"

namespace aclcpu {
namespace kernels {
class ThreadPool;
}

namespace rt {

struct AllocationInfo {
  const void* base = nullptr;  // what aclrtMalloc returned
  size_t requested = 0;        // the size the user asked for (bounds are checked against this)
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

// Work for a stream. Returns 0 or an error code, which the stream records and reports from
// the next aclrtSynchronizeStream / aclrtSynchronizeDevice.
using Task = std::function<int()>;

// Resolves `stream` (nullptr = the current context's default stream), checks that a device is
// set and the stream is alive, then enqueues `task` in order (or runs it now under
// ASCEND_LAUNCH_BLOCKING=1 / ASCEND_RT_LAUNCH_BLOCKING=1). `what` names the work in messages.
// Returns ACL_SUCCESS or an ACL error code after recording a message.
int Submit(aclrtStream stream, const char* what, Task task);

// The kernel thread pool of the calling thread's current device (nullptr when none is set).
kernels::ThreadPool* CurrentDevicePool();

// True once aclInit succeeded and aclFinalize has not been called since.
bool IsInitialized();

}  // namespace rt
}  // namespace aclcpu
