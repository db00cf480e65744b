// Internal to src/runtime: range checks on device memory for the copy and fill functions, and
// the live-allocation counts of the leak report.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/runtime.h"

namespace aclcpu {
namespace rt {

// Checks that [p, p + count) lies inside one live device allocation (measured against the size
// the user asked for). On success *device (when non-null) gets the allocation's device; on
// failure returns ACL_ERROR_RT_PARAM_INVALID with a message naming `api` and `arg` and saying
// what `p` is instead (freed, host memory, unknown, or by how many bytes it overflows).
int CheckDeviceRange(const char* api, const char* arg, const void* p, size_t count,
                     int32_t* device);

// Same check for memory that may be host memory: unknown pointers pass (nothing to check),
// aclrtMallocHost memory is bounds-checked, freed device memory is refused. *device gets the
// device of a device allocation, or -1.
int CheckAnyRange(const char* api, const char* arg, const void* p, size_t count, int32_t* device);

// Live aclrtMalloc and aclrtMallocHost allocations (the leak report at aclFinalize).
struct LiveMemory {
  uint64_t deviceCount = 0;
  uint64_t deviceBytes = 0;  // as requested
  uint64_t hostCount = 0;
  uint64_t hostBytes = 0;
};
LiveMemory CountLiveMemory();

// aclFinalize: releases every live device allocation (as aclrtFree, without waiting; pinned ones
// at their last unpin) and every aclrtMallocHost allocation. Call after the leak report.
void ReleaseAllMemory();

// Fork handlers only (registry.cpp): hold the allocation table's lock across fork().
void LockMemoryTable();
void UnlockMemoryTable();

// Drops the written-range record of the allocation at `base` (aclrtFree; see MarkWritten).
void ForgetWritten(uintptr_t base);

}  // namespace rt
}  // namespace aclcpu
