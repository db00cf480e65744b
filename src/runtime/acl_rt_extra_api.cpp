// Exported: the runtime calls of spec/api.md that aclnn samples do not use but runtime examples
// do — the host-callback trio, a timed stream wait, the failure mode, the event wait status,
// device and CANN capability queries, package versions and the 2-D copy. Each validates its
// arguments as the others do and builds on the emulated streams, events and memory.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "acl/acl.h"
#include "acl/error_codes/rt_error_codes.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "runtime/api_guard.h"
#include "runtime/runtime.h"

using aclcpu::EnumCode;
using aclcpu::Fail;
using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

constexpr const char* kVersionStr = "8.5.0";
constexpr int32_t kVersionNum = 80500000;  // major * 10^7 + minor * 10^5 + patch * 10^3

// The device ids aclrtSetDevice accepts.
int CheckDeviceId(const char* api, uint32_t deviceId) {
  const size_t n = aclcpu::rt::VisibleDeviceCount();
  if (n != 0 && deviceId >= n) {
    return Fail(ACL_ERROR_RT_INVALID_DEVICEID, std::string(api) + ": deviceId " +
                                                   std::to_string(deviceId) + " is not below " +
                                                   std::to_string(n) + " visible devices");
  }
  return ACL_SUCCESS;
}

int Null(const char* api, const char* arg) {
  return Fail(ACL_ERROR_INVALID_PARAM, std::string(api) + ": " + arg + " must not be null");
}

// Core counts of the emulated chip family (the vendor's AI Core / vector core counts).
void CoreCounts(int64_t* aiCore, int64_t* vectorCore, int64_t* l2) {
  const aclcpu::SocProfile* soc = aclcpu::SelectedSoc();
  const std::string name = soc != nullptr ? soc->name : aclcpu::kDefaultSoc;
  *aiCore = 24;
  *vectorCore = 48;
  *l2 = int64_t{192} << 20;
  if (name.rfind("Ascend310P", 0) == 0) {
    *aiCore = 8;
    *vectorCore = 7;
    *l2 = int64_t{16} << 20;
  } else if (name.rfind("Ascend910A", 0) == 0 || name.rfind("Ascend910Pro", 0) == 0 ||
             name.rfind("Ascend910Premium", 0) == 0) {
    *aiCore = 32;
    *vectorCore = 0;
    *l2 = int64_t{32} << 20;
  } else if (name.rfind("Ascend950", 0) == 0) {
    *aiCore = 32;
    *vectorCore = 64;
    *l2 = int64_t{128} << 20;
  }
}

}  // namespace

extern "C" {

aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout) {
  return Traced(
      "aclrtStreamWaitEventWithTimeout",
      [&](Call& c) {
        c.Object("stream", "stream", stream)
            .Object("event", "event", event)
            .Int("timeout", timeout);
      },
      [&] {
        return Api("aclrtStreamWaitEventWithTimeout", [&]() -> int {
          if (timeout < -1) {
            return Fail(ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtStreamWaitEventWithTimeout: timeout " + std::to_string(timeout) +
                            " must be -1 (wait forever) or at least 0 ms");
          }
          // The emulated wait is ordered on the stream; an event's work always finishes.
          return aclcpu::rt::StreamWaitEvent(stream, event);
        });
      });
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  return Traced(
      "aclrtSetStreamFailureMode",
      [&](Call& c) { c.Object("stream", "stream", stream).UInt("mode", mode); },
      [&] {
        return Api("aclrtSetStreamFailureMode", [&]() -> int {
          if (mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE) {
            return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetStreamFailureMode: mode " +
                                                     std::to_string(mode) +
                                                     " is neither ACL_CONTINUE_ON_FAILURE (0) "
                                                     "nor ACL_STOP_ON_FAILURE (1)");
          }
          int32_t device = 0;  // the stream must be live; a failed task is reported either way
          return aclcpu::rt::StreamDevice("aclrtSetStreamFailureMode", stream, &device);
        });
      });
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  return Traced(
      "aclrtQueryEventWaitStatus",
      [&](Call& c) { c.Object("event", "event", event).Out("status", status); },
      [&] {
        return Api("aclrtQueryEventWaitStatus", [&]() -> int {
          if (status == nullptr) return Null("aclrtQueryEventWaitStatus", "status");
          aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
          const int rc = aclcpu::rt::QueryEventStatus(event, &recorded);
          if (rc != 0) return rc;
          *status = recorded == ACL_EVENT_RECORDED_STATUS_COMPLETE
                        ? ACL_EVENT_WAIT_STATUS_COMPLETE
                        : ACL_EVENT_WAIT_STATUS_NOT_READY;
          return 0;
        });
      });
}

// Host callbacks: the callback runs on the stream in order (ACL_CALLBACK_BLOCK and NO_BLOCK
// alike keep later work behind it here), on the stream's worker thread rather than on the
// thread subscribed with aclrtSubscribeReport.
aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                             aclrtStream stream) {
  return Traced(
      "aclrtLaunchCallback",
      [&](Call& c) {
        c.Hex("fn", reinterpret_cast<uintptr_t>(fn)).Mem("userData", userData);
        c.Int("blockType", EnumCode(blockType)).Object("stream", "stream", stream);
      },
      [&] {
        return Api("aclrtLaunchCallback", [&]() -> int {
          if (fn == nullptr) return Null("aclrtLaunchCallback", "fn");
          const int32_t type = EnumCode(blockType);
          if (type != ACL_CALLBACK_NO_BLOCK && type != ACL_CALLBACK_BLOCK) {
            return Fail(ACL_ERROR_INVALID_PARAM, "aclrtLaunchCallback: blockType " +
                                                     std::to_string(type) + " is not a block type");
          }
          return aclcpu::rt::Submit(stream, "aclrtLaunchCallback", [fn, userData]() -> int {
            fn(userData);
            return 0;
          });
        });
      });
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return Traced(
      "aclrtSubscribeReport",
      [&](Call& c) { c.UInt("threadId", threadId).Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtSubscribeReport", [&]() -> int {
          int32_t device = 0;
          return aclcpu::rt::StreamDevice("aclrtSubscribeReport", stream, &device);
        });
      });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return Traced(
      "aclrtUnSubscribeReport",
      [&](Call& c) { c.UInt("threadId", threadId).Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtUnSubscribeReport", [&]() -> int {
          int32_t device = 0;
          return aclcpu::rt::StreamDevice("aclrtUnSubscribeReport", stream, &device);
        });
      });
}

}  // extern "C"

namespace {

// The operator execution timeout (µs) set last; 0 until one is set. The longest accepted is the
// vendor's AI Core maximum, 1091 s; 0 selects it, and longer requests are held at it.
constexpr uint64_t kMaxOpTimeoutUs = uint64_t{1091} * 1000 * 1000;
std::atomic<uint64_t> g_opTimeoutUs{0};

uint64_t SetOpTimeout(uint64_t us) {
  const uint64_t actual = us == 0 ? kMaxOpTimeoutUs : std::min(us, kMaxOpTimeoutUs);
  g_opTimeoutUs.store(actual);
  return actual;
}

}  // namespace

extern "C" {

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout) {
  return Traced(
      "aclrtSetOpExecuteTimeOut", [&](Call& c) { c.UInt("timeout", timeout); },
      [&] {
        return Api("aclrtSetOpExecuteTimeOut", [&]() -> int {
          SetOpTimeout(uint64_t{timeout} * 1000 * 1000);
          return ACL_SUCCESS;
        });
      });
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout) {
  return Traced(
      "aclrtSetOpExecuteTimeOutWithMs", [&](Call& c) { c.UInt("timeout", timeout); },
      [&] {
        return Api("aclrtSetOpExecuteTimeOutWithMs", [&]() -> int {
          SetOpTimeout(uint64_t{timeout} * 1000);
          return ACL_SUCCESS;
        });
      });
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t* actualTimeout) {
  return Traced(
      "aclrtSetOpExecuteTimeOutV2",
      [&](Call& c) { c.UInt("timeout", timeout).Out("actualTimeout", actualTimeout); },
      [&] {
        return Api("aclrtSetOpExecuteTimeOutV2", [&]() -> int {
          if (actualTimeout == nullptr) return Null("aclrtSetOpExecuteTimeOutV2", "actualTimeout");
          *actualTimeout = SetOpTimeout(timeout);
          return ACL_SUCCESS;
        });
      });
}

// Callbacks have already run on their streams: there is never a report to process, so this
// waits out the timeout (ms; -1 = a short poll, not forever) and reports the timeout.
aclError aclrtProcessReport(int32_t timeout) {
  return Traced(
      "aclrtProcessReport", [&](Call& c) { c.Int("timeout", timeout); },
      [&] {
        return Api("aclrtProcessReport", [&]() -> int {
          if (timeout < -1) {
            return Fail(ACL_ERROR_INVALID_PARAM,
                        "aclrtProcessReport: timeout " + std::to_string(timeout) + " is below -1");
          }
          const int32_t ms = timeout < 0 ? 1 : std::min<int32_t>(timeout, 100);
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          return ACL_ERROR_RT_REPORT_TIMEOUT;
        });
      });
}

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) {
  return Traced(
      "aclrtGetDeviceInfo",
      [&](Call& c) {
        c.UInt("deviceId", deviceId).Int("attr", EnumCode(attr)).Out("value", value);
      },
      [&] {
        return Api("aclrtGetDeviceInfo", [&]() -> int {
          if (value == nullptr) return Null("aclrtGetDeviceInfo", "value");
          if (const int rc = CheckDeviceId("aclrtGetDeviceInfo", deviceId); rc != 0) return rc;
          int64_t aiCore = 0, vectorCore = 0, l2 = 0;
          CoreCounts(&aiCore, &vectorCore, &l2);
          switch (EnumCode(attr)) {
            case ACL_DEV_ATTR_AICPU_CORE_NUM:
              *value = static_cast<int64_t>(std::max(1u, std::thread::hardware_concurrency()));
              return 0;
            case ACL_DEV_ATTR_AICORE_CORE_NUM:
            case ACL_DEV_ATTR_CUBE_CORE_NUM:
              *value = aiCore;
              return 0;
            case ACL_DEV_ATTR_VECTOR_CORE_NUM:
              *value = vectorCore;
              return 0;
            case ACL_DEV_ATTR_WARP_SIZE:
              *value = 32;
              return 0;
            case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE: {
              size_t freeBytes = 0, total = 0;
              const int rc = aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &total);
              *value = rc == 0 ? static_cast<int64_t>(total) : 0;
              return 0;
            }
            case ACL_DEV_ATTR_L2_CACHE_SIZE:
              *value = l2;
              return 0;
            default:
              return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceInfo: attr " +
                                                       std::to_string(EnumCode(attr)) +
                                                       " is not a device attribute aclnn-cpu "
                                                       "knows");
          }
        });
      });
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t* value) {
  return Traced(
      "aclGetDeviceCapability",
      [&](Call& c) {
        c.UInt("deviceId", deviceId).Int("deviceInfo", EnumCode(deviceInfo));
        c.Out("value", value);
      },
      [&] {
        return Api("aclGetDeviceCapability", [&]() -> int {
          if (value == nullptr) return Null("aclGetDeviceCapability", "value");
          if (const int rc = CheckDeviceId("aclGetDeviceCapability", deviceId); rc != 0) return rc;
          int64_t aiCore = 0, vectorCore = 0, l2 = 0;
          CoreCounts(&aiCore, &vectorCore, &l2);
          switch (EnumCode(deviceInfo)) {
            case ACL_DEVICE_INFO_AI_CORE_NUM:
              *value = aiCore;
              return 0;
            case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
              *value = vectorCore;
              return 0;
            case ACL_DEVICE_INFO_L2_SIZE:
              *value = l2;
              return 0;
            default:
              return Fail(ACL_ERROR_INVALID_PARAM, "aclGetDeviceCapability: deviceInfo " +
                                                       std::to_string(EnumCode(deviceInfo)) +
                                                       " is not known");
          }
        });
      });
}

aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) {
  return Traced(
      "aclGetCannAttributeList",
      [&](Call& c) { c.Out("cannAttrList", cannAttrList).Out("num", num); },
      [&] {
        return Api("aclGetCannAttributeList", [&]() -> int {
          if (cannAttrList == nullptr) return Null("aclGetCannAttributeList", "cannAttrList");
          if (num == nullptr) return Null("aclGetCannAttributeList", "num");
          static const aclCannAttr kWithBf16[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};
          static const aclCannAttr kWithout[] = {ACL_CANN_ATTR_INF_NAN};
          const aclcpu::SocProfile* soc = aclcpu::SelectedSoc();
          const bool bf16 = soc != nullptr && soc->hasBf16;
          *cannAttrList = bf16 ? kWithBf16 : kWithout;
          *num = bf16 ? 2 : 1;
          return 0;
        });
      });
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) {
  return Traced(
      "aclGetCannAttribute",
      [&](Call& c) { c.Int("cannAttr", EnumCode(cannAttr)).Out("value", value); },
      [&] {
        return Api("aclGetCannAttribute", [&]() -> int {
          if (value == nullptr) return Null("aclGetCannAttribute", "value");
          const aclcpu::SocProfile* soc = aclcpu::SelectedSoc();
          switch (EnumCode(cannAttr)) {
            case ACL_CANN_ATTR_INF_NAN:
              *value = 1;
              return 0;
            case ACL_CANN_ATTR_BF16:
              *value = soc != nullptr && soc->hasBf16 ? 1 : 0;
              return 0;
            case ACL_CANN_ATTR_JIT_COMPILE:
              *value = 0;
              return 0;
            default:
              return Fail(ACL_ERROR_INVALID_PARAM, "aclGetCannAttribute: cannAttr " +
                                                       std::to_string(EnumCode(cannAttr)) +
                                                       " is not known");
          }
        });
      });
}

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
  return Traced(
      "aclsysGetVersionStr",
      [&](Call& c) { c.Text("pkgName", pkgName).Out("versionStr", versionStr); },
      [&] {
        return Api("aclsysGetVersionStr", [&]() -> int {
          if (pkgName == nullptr) return Null("aclsysGetVersionStr", "pkgName");
          if (versionStr == nullptr) return Null("aclsysGetVersionStr", "versionStr");
          std::snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s", kVersionStr);
          return 0;
        });
      });
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
  return Traced(
      "aclsysGetVersionNum",
      [&](Call& c) { c.Text("pkgName", pkgName).Out("versionNum", versionNum); },
      [&] {
        return Api("aclsysGetVersionNum", [&]() -> int {
          if (pkgName == nullptr) return Null("aclsysGetVersionNum", "pkgName");
          if (versionNum == nullptr) return Null("aclsysGetVersionNum", "versionNum");
          *versionNum = kVersionNum;
          return 0;
        });
      });
}

// Row by row through aclrtMemcpy's checks and copies: width bytes of each of height rows.
aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, aclrtMemcpyKind kind) {
  return Traced(
      "aclrtMemcpy2d",
      [&](Call& c) {
        c.Mem("dst", dst).UInt("dpitch", dpitch).Mem("src", src).UInt("spitch", spitch);
        c.UInt("width", width).UInt("height", height).MemcpyKind("kind", EnumCode(kind));
      },
      [&] {
        return Api("aclrtMemcpy2d", [&]() -> int {
          if (dst == nullptr) return Null("aclrtMemcpy2d", "dst");
          if (src == nullptr) return Null("aclrtMemcpy2d", "src");
          if (width > dpitch || width > spitch) {
            return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy2d: width " + std::to_string(width) +
                                                     " exceeds dpitch " + std::to_string(dpitch) +
                                                     " or spitch " + std::to_string(spitch));
          }
          if (width == 0 || height == 0) return 0;
          for (size_t r = 0; r < height; ++r) {
            const int rc = aclcpu::rt::Memcpy(static_cast<char*>(dst) + r * dpitch, width,
                                              static_cast<const char*>(src) + r * spitch, width,
                                              EnumCode(kind));
            if (rc != 0) return rc;
          }
          return 0;
        });
      });
}

}  // extern "C"
