// aclrtMemcpy / aclrtMemset and their stream-ordered forms. The checks run in CANN's order;
// the device side(s) named by the copy kind must lie inside one live device allocation.
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
  return CheckAnyRange(api, "devPtr", devPtr, count, device);
}

// Enqueues `copy` on `stream`; when a side is pageable host memory the call returns only after
// the copy ran, as CANN does (the caller may reuse its buffer at once).
int Enqueue(const char* api, aclrtStream stream, bool waitForIt, const void* dst, size_t count,
            size_t costBytes, Task task) {
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(api, stream, &s)) return rc;
  // Marked when enqueued: an operator enqueued after this copy reads what it will write.
  MarkWritten(dst, count);
  // Small copies on an idle stream run inline (costBytes decides).
  s->Enqueue(api, std::move(task), false, TaskWrites::Ranges(Writes(dst, count)), costBytes);
  if (waitForIt) s->WaitIdle(-1);
  return ACL_SUCCESS;
}

}  // namespace

int Memcpy(void* dst, size_t destMax, const void* src, size_t count, int32_t kind) {
  CopyPlan plan;
  int rc = CheckCopy("aclrtMemcpy", dst, destMax, src, count, kind, &plan);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  WaitBeforeHostAccess("aclrtMemcpy", plan.srcDevice, src, count, plan.dstDevice);
  std::memmove(dst, src, count);
  MarkWritten(dst, count);
  return ACL_SUCCESS;
}

int MemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, int32_t kind,
                aclrtStream stream) {
  CopyPlan plan;
  int rc = CheckCopy("aclrtMemcpyAsync", dst, destMax, src, count, kind, &plan);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  return Enqueue("aclrtMemcpyAsync", stream, plan.pageableHost, dst, count, 2 * count,
                 [dst, src, count] {
                   std::memmove(dst, src, count);
                   return 0;
                 });
}

int Memset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  int32_t device = -1;
  int rc = CheckFill("aclrtMemset", devPtr, maxCount, count, &device);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  std::shared_ptr<Context> ctx;
  if (int c = RequireContext("aclrtMemset", &ctx)) return c;
  WaitBeforeHostAccess("aclrtMemset", -1, nullptr, 0, device);
  std::memset(devPtr, value & 0xFF, count);  // byte fill, as C memset
  MarkWritten(devPtr, count);
  return ACL_SUCCESS;
}

int MemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  int32_t device = -1;
  int rc = CheckFill("aclrtMemsetAsync", devPtr, maxCount, count, &device);
  if (rc != 0) return rc == 1 ? ACL_SUCCESS : rc;
  const bool pageable = device < 0 && ClassifyPointer(devPtr, nullptr) != PointerKind::kHost;
  return Enqueue("aclrtMemsetAsync", stream, pageable, devPtr, count, count,
                 [devPtr, value, count] {
                   std::memset(devPtr, value & 0xFF, count);
                   return 0;
                 });
}

}  // namespace rt
}  // namespace aclcpu
