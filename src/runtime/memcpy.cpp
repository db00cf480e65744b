// aclrtMemcpy / aclrtMemset and their stream-ordered forms. The checks run in CANN's order;
// the device side(s) named by the copy kind must lie inside one live device allocation.
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "common/error.h"
#include "runtime/memory.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

const char* KindName(int kind) {
  static const char* const kNames[] = {
      "ACL_MEMCPY_HOST_TO_HOST",   "ACL_MEMCPY_HOST_TO_DEVICE",
      "ACL_MEMCPY_DEVICE_TO_HOST", "ACL_MEMCPY_DEVICE_TO_DEVICE",
      "ACL_MEMCPY_DEFAULT",        "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE"};
  return kind >= 0 && kind <= 5 ? kNames[kind] : "?";
}

// Pins of the device allocations a copy or fill touches (at most two).
class CopyPins {
 public:
  CopyPins() = default;
  CopyPins(const CopyPins&) = delete;
  CopyPins& operator=(const CopyPins&) = delete;
  ~CopyPins() {
    if (count_ > 0) UnpinAllocations(bases_, count_);
  }
  // Pins p when it is device memory; false when it is device memory released meanwhile.
  bool Pin(const char* /*api*/, const void* p) {
    if (p == nullptr) return true;
    PointerKind kind;
    AllocationInfo info;
    PinAllocations(&p, 1, &kind, &info);
    if (kind == PointerKind::kDevice) bases_[count_++] = info.base;
    return kind != PointerKind::kFreedDevice;
  }

 private:
  const void* bases_[2] = {};
  size_t count_ = 0;
};

struct CopyPlan {
  int32_t dstDevice = -1;  // device of dst, -1 for host memory
  int32_t srcDevice = -1;
  bool pageableHost = false;  // a side is plain (not page-locked) host memory
};

// Everything up to and including the address checks; returns 1 (not an error) for the no-op
// cases, which the caller turns into ACL_SUCCESS.
int CheckCopy(const char* api, void* dst, size_t destMax, const void* src, size_t count,
              int32_t kind, CopyPlan* plan) {
  if (count == 0) return 1;
  if (dst == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: dst is NULL", api);
  if (src == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: src is NULL", api);
  const int k = kind;
  if (k < ACL_MEMCPY_HOST_TO_HOST || k > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE) {
    return Failf(ACL_ERROR_INVALID_PARAM,
                 "%s: kind %d is not supported (expected 0..5, ACL_MEMCPY_HOST_TO_HOST .. "
                 "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)",
                 api, k);
  }
  if (destMax == 0) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID, "%s: destMax is 0 (count is %zu)", api, count);
  }
  if (count > destMax) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu exceeds destMax %zu", api, count,
                 destMax);
  }
  if (dst == src) return 1;
  const bool dstDevice = k == ACL_MEMCPY_HOST_TO_DEVICE || k == ACL_MEMCPY_DEVICE_TO_DEVICE ||
                         k == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE;
  const bool srcDevice = k == ACL_MEMCPY_DEVICE_TO_HOST || k == ACL_MEMCPY_DEVICE_TO_DEVICE;
  std::string dstArg = std::string("dst (") + KindName(k) + ")";
  std::string srcArg = std::string("src (") + KindName(k) + ")";
  // Sides the kind calls host memory (and both sides of ACL_MEMCPY_DEFAULT, which decides by
  // address) may be anything, but freed device memory and overruns we can see are refused.
  int rc = dstDevice ? CheckDeviceRange(api, dstArg.c_str(), dst, count, &plan->dstDevice)
                     : CheckAnyRange(api, dstArg.c_str(), dst, count, &plan->dstDevice);
  if (rc != 0) return rc;
  rc = srcDevice ? CheckDeviceRange(api, srcArg.c_str(), src, count, &plan->srcDevice)
                 : CheckAnyRange(api, srcArg.c_str(), src, count, &plan->srcDevice);
  if (rc != 0) return rc;
  plan->pageableHost =
      (plan->dstDevice < 0 && ClassifyPointer(dst, nullptr) != PointerKind::kHost) ||
      (plan->srcDevice < 0 && ClassifyPointer(src, nullptr) != PointerKind::kHost);
  return 0;
}

// Device ownership: the device memory a copy or fill touches must belong to the device its
// stream (or, for the synchronous forms, the current context) runs on.
int CheckOwnDevice(const char* api, const char* arg, const void* p, int32_t memoryDevice,
                   int32_t device) {
  if (memoryDevice < 0 || memoryDevice == device) return ACL_SUCCESS;
  return Failf(ACL_ERROR_RT_PARAM_INVALID,
               "%s: %s %p is memory of device %d, but the call runs on device %d; device memory "
               "is used by the device that was current at its aclrtMalloc",
               api, arg, p, static_cast<int>(memoryDevice), static_cast<int>(device));
}

int CheckCopyDevices(const char* api, const CopyPlan& plan, const void* dst, const void* src,
                     int32_t device) {
  if (int rc = CheckOwnDevice(api, "dst", dst, plan.dstDevice, device)) return rc;
  return CheckOwnDevice(api, "src", src, plan.srcDevice, device);
}

// True when [p, p + count) lies in mappings of this process that are writable (read from
// /proc/self/maps): aclrtMemset of plain host memory must not fault on a wild pointer.
bool HostRangeWritable(const void* p, size_t count) {
  std::FILE* maps = std::fopen("/proc/self/maps", "r");
  if (maps == nullptr) return true;  // cannot tell: as before
  uintptr_t cur = reinterpret_cast<uintptr_t>(p);
  const uintptr_t end = cur + count;
  char line[512];
  while (cur < end && std::fgets(line, sizeof(line), maps) != nullptr) {
    unsigned long lo = 0, hi = 0;
    char perms[8] = {};
    if (std::sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3) continue;
    if (lo > cur) break;  // the maps are sorted: a gap before cur is left
    if (hi > cur) {
      if (perms[1] != 'w') break;
      cur = hi;
    }
  }
  std::fclose(maps);
  return cur >= end;
}

// Before the host reads or writes device memory synchronously, queued work on that device
// must have finished; reading while work is queued is the classic missing-synchronisation
// bug, so that case is reported.
void WaitBeforeHostAccess(const char* api, int32_t readDevice, const void* read, size_t count,
                          int32_t writeDevice) {
  if (readDevice >= 0) WaitForDeviceWork(readDevice, api, read, count);
  if (writeDevice >= 0 && writeDevice != readDevice) WaitForDeviceWork(writeDevice, api);
}

std::vector<ByteRange> Writes(const void* dst, size_t count) {
  const auto begin = reinterpret_cast<uintptr_t>(dst);
  return {ByteRange{begin, begin + count}};
}

int CheckFill(const char* api, void* devPtr, size_t maxCount, size_t count, int32_t* device) {
  if (count == 0) return 1;
  if (devPtr == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", api);
  if (count > maxCount) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu exceeds maxCount %zu", api, count,
                 maxCount);
  }
  if (int rc = CheckAnyRange(api, "devPtr", devPtr, count, device)) return rc;
  if (*device < 0 && ClassifyPointer(devPtr, nullptr) == PointerKind::kUnknown &&
      !HostRangeWritable(devPtr, count)) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "%s: devPtr %p (%zu bytes) is neither device memory nor writable host memory "
                 "of this process",
                 api, devPtr, count);
  }
  return ACL_SUCCESS;
}

// Enqueues `copy` on `stream`; when a side is pageable host memory the call returns only after
// the copy ran, as CANN does (the caller may reuse its buffer at once).
int Enqueue(const char* api, aclrtStream stream, bool waitForIt, const void* dst, size_t count,
            size_t costBytes, Task task, const CopyPlan& plan, const void* src) {
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(api, stream, &s)) return rc;
  if (int rc = CheckCopyDevices(api, plan, dst, src, s->device())) return rc;
  // The device memory stays mapped until the task has run, whatever aclrtFree does meanwhile.
  auto pins = std::make_shared<CopyPins>();
  if (!pins->Pin(api, dst) || !pins->Pin(api, src)) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID, "%s: the memory was released by aclrtFree meanwhile",
                 api);
  }
  // Marked when enqueued: an operator enqueued after this copy reads what it will write.
  MarkWritten(dst, count);
  // Small copies on an idle stream run inline (costBytes decides).
  s->Enqueue(api, std::move(task), false, TaskWrites::Ranges(Writes(dst, count)), costBytes,
             std::move(pins));
  if (waitForIt) s->WaitIdle(-1);
  return ACL_SUCCESS;
}

}  // namespace

int Memcpy(void* dst, size_t destMax, const void* src, size_t count, int32_t kind) {
  CopyPlan plan;
  int rc = CheckCopy("aclrtMemcpy", dst, destMax, src, count, kind, &plan);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  if (plan.dstDevice >= 0 || plan.srcDevice >= 0) {
    std::shared_ptr<Context> ctx = CurrentContext();
    if (ctx != nullptr) {
      if (int c = CheckCopyDevices("aclrtMemcpy", plan, dst, src, ctx->device)) return c;
    }
  }
  WaitBeforeHostAccess("aclrtMemcpy", plan.srcDevice, src, count, plan.dstDevice);
  CopyPins pins;  // a concurrent aclrtFree cannot unmap the memory under the copy
  if (!pins.Pin("aclrtMemcpy", dst) || !pins.Pin("aclrtMemcpy", src)) {
    return Fail(ACL_ERROR_RT_PARAM_INVALID,
                "aclrtMemcpy: the memory was released by aclrtFree meanwhile");
  }
  std::memmove(dst, src, count);
  MarkWritten(dst, count);
  return ACL_SUCCESS;
}

int MemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, int32_t kind,
                aclrtStream stream) {
  CopyPlan plan;
  int rc = CheckCopy("aclrtMemcpyAsync", dst, destMax, src, count, kind, &plan);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  if (kind == ACL_MEMCPY_HOST_TO_HOST) {  // the runtime's EP mode (aclrtGetRunMode: ACL_HOST)
    return Fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "aclrtMemcpyAsync: ACL_MEMCPY_HOST_TO_HOST is not supported in EP mode (the "
                "host runs the application); copy host memory with memcpy or aclrtMemcpy");
  }
  return Enqueue(
      "aclrtMemcpyAsync", stream, plan.pageableHost, dst, count, 2 * count,
      [dst, src, count] {
        std::memmove(dst, src, count);
        return 0;
      },
      plan, src);
}

int Memset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  int32_t device = -1;
  int rc = CheckFill("aclrtMemset", devPtr, maxCount, count, &device);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  std::shared_ptr<Context> ctx;
  if (int c = RequireContext("aclrtMemset", &ctx)) return c;
  if (int c = CheckOwnDevice("aclrtMemset", "devPtr", devPtr, device, ctx->device)) return c;
  WaitBeforeHostAccess("aclrtMemset", -1, nullptr, 0, device);
  CopyPins pins;
  if (!pins.Pin("aclrtMemset", devPtr)) {
    return Fail(ACL_ERROR_RT_PARAM_INVALID,
                "aclrtMemset: the memory was released by aclrtFree meanwhile");
  }
  std::memset(devPtr, value & 0xFF, count);  // byte fill, as C memset
  MarkWritten(devPtr, count);
  return ACL_SUCCESS;
}

int MemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  int32_t device = -1;
  int rc = CheckFill("aclrtMemsetAsync", devPtr, maxCount, count, &device);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  const bool pageable = device < 0 && ClassifyPointer(devPtr, nullptr) != PointerKind::kHost;
  CopyPlan plan;
  plan.dstDevice = device;
  return Enqueue(
      "aclrtMemsetAsync", stream, pageable, devPtr, count, count,
      [devPtr, value, count] {
        std::memset(devPtr, value & 0xFF, count);
        return 0;
      },
      plan, nullptr);
}

}  // namespace rt
}  // namespace aclcpu
