// Range checks on device memory for the copy and fill functions (memory.h), and
// aclrtGetMemInfo: built on ClassifyPointer, apart from the allocation table itself.
#include <sys/sysinfo.h>

#include "common/check_level.h"
#include "common/error.h"
#include "common/log.h"
#include "runtime/memory.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {

int GetMemInfo(int32_t attr, size_t* freeBytes, size_t* totalBytes) {
  if (freeBytes == nullptr || totalBytes == nullptr) {
    return Failf(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo: %s is NULL",
                 freeBytes == nullptr ? "free" : "total");
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext("aclrtGetMemInfo", &ctx)) return rc;
  *freeBytes = 0;
  *totalBytes = 0;
  if (attr < ACL_DDR_MEM || attr > ACL_MEM_P2P_HUGE1G) {
    return ACL_SUCCESS;  // unsupported kinds report nothing, as CANN does
  }
  struct sysinfo si {};
  if (sysinfo(&si) == 0) {
    *freeBytes = static_cast<size_t>(si.freeram + si.bufferram) * si.mem_unit;
    *totalBytes = static_cast<size_t>(si.totalram) * si.mem_unit;
  }
  return ACL_SUCCESS;
}

int CheckDeviceRange(const char* api, const char* arg, const void* p, size_t count,
                     int32_t* device) {
  AllocationInfo info;
  switch (ClassifyPointer(p, &info)) {
    case PointerKind::kDevice: {
      const size_t offset =
          static_cast<size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
      const size_t avail = offset < info.requested ? info.requested - offset : 0;
      if (count > avail) {
        const size_t roundedAvail = offset < info.rounded ? info.rounded - offset : 0;
        if (count > roundedAvail || CheckEnabled(2)) {
          return Failf(ACL_ERROR_RT_PARAM_INVALID,
                       "%s: %s %p + %zu bytes overflows the device allocation at %p (%zu bytes "
                       "requested, %zu available from %s) by %zu bytes%s",
                       api, arg, p, count, info.base, info.requested, avail, arg, count - avail,
                       count > roundedAvail ? ""
                                            : " (inside the size CANN rounds it up to; refused "
                                              "at ACLNN_CPU_CHECK=2)");
        }
        // CANN rounds every allocation up (a multiple of 32, plus 32): on the NPU this works.
        Log(LogLevel::kWarning,
            "%s: %s %p + %zu bytes overruns the device allocation at %p (%zu bytes requested) "
            "by %zu bytes, inside the %zu bytes CANN reserves for it by rounding up; accepted, "
            "ACLNN_CPU_CHECK=2 refuses it",
            api, arg, p, count, info.base, info.requested, count - avail, info.rounded);
      }
      if (device != nullptr) *device = info.device;
      return ACL_SUCCESS;
    }
    case PointerKind::kFreedDevice:
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: %s %p points into device memory that aclrtFree already released "
                   "(allocation at %p, %zu bytes)",
                   api, arg, p, info.base, info.requested);
    case PointerKind::kHost:
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: %s %p is host memory from aclrtMallocHost, not device memory", api, arg, p);
    case PointerKind::kUnknown:
    default:
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: %s %p is not device memory (not inside any live aclrtMalloc "
                   "allocation)",
                   api, arg, p);
  }
}

int CheckAnyRange(const char* api, const char* arg, const void* p, size_t count, int32_t* device) {
  *device = -1;
  AllocationInfo info;
  switch (ClassifyPointer(p, &info)) {
    case PointerKind::kDevice:
    case PointerKind::kFreedDevice:
      return CheckDeviceRange(api, arg, p, count, device);
    case PointerKind::kHost: {
      const size_t offset =
          static_cast<size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
      const size_t avail = info.requested - offset;
      if (count > avail) {
        return Failf(ACL_ERROR_RT_PARAM_INVALID,
                     "%s: %s %p + %zu bytes overflows the aclrtMallocHost allocation at %p (%zu "
                     "bytes) by %zu bytes",
                     api, arg, p, count, info.base, info.requested, count - avail);
      }
      return ACL_SUCCESS;
    }
    default:
      return ACL_SUCCESS;  // plain host memory: nothing we can check
  }
}

}  // namespace rt
}  // namespace aclcpu
