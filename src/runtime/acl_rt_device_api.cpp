// Exported: devices and contexts.
#include "acl/acl.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
  return Api("aclrtSetDevice", [&] { return aclcpu::rt::SetDevice(deviceId); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return Api("aclrtResetDevice", [&] { return aclcpu::rt::ResetDevice(deviceId, false); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  return Api("aclrtResetDeviceForce", [&] { return aclcpu::rt::ResetDevice(deviceId, true); });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return Api("aclrtGetDevice", [&] { return aclcpu::rt::GetDevice(deviceId); });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return Api("aclrtGetDeviceCount", [&] { return aclcpu::rt::GetDeviceCount(count); });
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  return Api("aclrtGetRunMode", [&] { return aclcpu::rt::GetRunMode(runMode); });
}

aclError aclrtSynchronizeDevice(void) {
  return Api("aclrtSynchronizeDevice", [&] { return aclcpu::rt::SynchronizeDevice(-1, false); });
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) {
  return Api("aclrtSynchronizeDeviceWithTimeout",
             [&] { return aclcpu::rt::SynchronizeDevice(timeout, true); });
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  return Api("aclrtCreateContext", [&] { return aclcpu::rt::CreateContext(context, deviceId); });
}

aclError aclrtDestroyContext(aclrtContext context) {
  return Api("aclrtDestroyContext", [&] { return aclcpu::rt::DestroyContext(context); });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  return Api("aclrtSetCurrentContext", [&] { return aclcpu::rt::SetCurrentContext(context); });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  return Api("aclrtGetCurrentContext", [&] { return aclcpu::rt::GetCurrentContext(context); });
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  return Api("aclrtCtxGetCurrentDefaultStream",
             [&] { return aclcpu::rt::CtxGetCurrentDefaultStream(stream); });
}

}  // extern "C"
