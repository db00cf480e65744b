// Exported: devices and contexts.
#include "acl/acl.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;
using aclcpu::trace::WroteNumber;
using aclcpu::trace::WroteObject;

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
  return Traced(
      "aclrtSetDevice", [&](Call& c) { c.Int("deviceId", deviceId); },
      [&] { return Api("aclrtSetDevice", [&] { return aclcpu::rt::SetDevice(deviceId); }); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return Traced(
      "aclrtResetDevice", [&](Call& c) { c.Int("deviceId", deviceId); },
      [&] {
        return Api("aclrtResetDevice", [&] { return aclcpu::rt::ResetDevice(deviceId, false); });
      });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  return Traced(
      "aclrtResetDeviceForce", [&](Call& c) { c.Int("deviceId", deviceId); },
      [&] {
        return Api("aclrtResetDeviceForce",
                   [&] { return aclcpu::rt::ResetDevice(deviceId, true); });
      });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return Traced(
      "aclrtGetDevice", [&](Call& c) { c.Out("deviceId", deviceId); },
      [&] { return Api("aclrtGetDevice", [&] { return aclcpu::rt::GetDevice(deviceId); }); },
      WroteNumber("deviceId", deviceId));
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return Traced(
      "aclrtGetDeviceCount", [&](Call& c) { c.Out("count", count); },
      [&] { return Api("aclrtGetDeviceCount", [&] { return aclcpu::rt::GetDeviceCount(count); }); },
      WroteNumber("count", count));
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  return Traced(
      "aclrtGetRunMode", [&](Call& c) { c.Out("runMode", runMode); },
      [&] { return Api("aclrtGetRunMode", [&] { return aclcpu::rt::GetRunMode(runMode); }); },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && runMode != nullptr) {
          c.Wrote("runMode", *runMode == ACL_DEVICE ? "ACL_DEVICE" : "ACL_HOST");
        }
        c.Status(rc);
      });
}

aclError aclrtSynchronizeDevice(void) {
  return Traced(
      "aclrtSynchronizeDevice", [](Call&) {},
      [&] {
        return Api("aclrtSynchronizeDevice",
                   [&] { return aclcpu::rt::SynchronizeDevice(-1, false); });
      });
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) {
  return Traced(
      "aclrtSynchronizeDeviceWithTimeout", [&](Call& c) { c.Int("timeout", timeout); },
      [&] {
        return Api("aclrtSynchronizeDeviceWithTimeout",
                   [&] { return aclcpu::rt::SynchronizeDevice(timeout, true); });
      });
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  return Traced(
      "aclrtCreateContext", [&](Call& c) { c.Out("context", context).Int("deviceId", deviceId); },
      [&] {
        return Api("aclrtCreateContext",
                   [&] { return aclcpu::rt::CreateContext(context, deviceId); });
      },
      WroteObject("context", "context", context, true));
}

aclError aclrtDestroyContext(aclrtContext context) {
  return Traced(
      "aclrtDestroyContext", [&](Call& c) { c.Object("context", "context", context); },
      [&] {
        return Api("aclrtDestroyContext", [&] { return aclcpu::rt::DestroyContext(context); });
      },
      aclcpu::trace::DestroyedOnSuccess(context));
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  return Traced(
      "aclrtSetCurrentContext", [&](Call& c) { c.Object("context", "context", context); },
      [&] {
        return Api("aclrtSetCurrentContext",
                   [&] { return aclcpu::rt::SetCurrentContext(context); });
      });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  return Traced(
      "aclrtGetCurrentContext", [&](Call& c) { c.Out("context", context); },
      [&] {
        return Api("aclrtGetCurrentContext",
                   [&] { return aclcpu::rt::GetCurrentContext(context); });
      },
      WroteObject("context", "context", context, false));
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  return Traced(
      "aclrtCtxGetCurrentDefaultStream", [&](Call& c) { c.Out("stream", stream); },
      [&] {
        return Api("aclrtCtxGetCurrentDefaultStream",
                   [&] { return aclcpu::rt::CtxGetCurrentDefaultStream(stream); });
      },
      WroteObject("stream", "stream", stream, false));
}

}  // extern "C"
