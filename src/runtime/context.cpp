// Contexts: explicit ones from aclrtCreateContext, and the thread's current context.
#include "common/error.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {

int CreateContext(aclrtContext* context, int32_t deviceId) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is NULL");
  }
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  std::vector<DeviceUse>& devices = Devices(reg);
  if (deviceId < 0 || static_cast<size_t>(deviceId) >= devices.size()) {
    return Failf(ACL_ERROR_RT_INVALID_DEVICEID,
                 "aclrtCreateContext: device id %d is out of range [0, %zu)",
                 static_cast<int>(deviceId), devices.size());
  }
  std::shared_ptr<Context> ctx = NewContextLocked(reg, deviceId, false);
  SetThreadContext(ctx->handle);
  *context = HandleToPtr(ctx->handle);
  return ACL_SUCCESS;
}

int DestroyContext(aclrtContext context) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: context is NULL");
  }
  const uint64_t handle = PtrToHandle(context);
  Registry& reg = Reg();
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    auto it = reg.contexts.find(handle);
    if (it == reg.contexts.end()) {
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "aclrtDestroyContext: context %p is not a live context (already destroyed, "
                   "or not a context handle)",
                   context);
    }
    if (it->second->isDefault) {
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "aclrtDestroyContext: context %p is the default context of device %d; it is "
                   "released by aclrtResetDevice",
                   context, static_cast<int>(it->second->device));
    }
    streams = RemoveContextLocked(reg, handle);
  }
  if (ThreadContextHandle() == handle) SetThreadContext(0);
  ShutdownStreams(streams, false);
  return ACL_SUCCESS;
}

int SetCurrentContext(aclrtContext context) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext: context is NULL");
  }
  const uint64_t handle = PtrToHandle(context);
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  if (reg.contexts.count(handle) == 0) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "aclrtSetCurrentContext: context %p is not a live context (destroyed, its "
                 "device was reset, or not a context handle)",
                 context);
  }
  SetThreadContext(handle);
  return ACL_SUCCESS;
}

int GetCurrentContext(aclrtContext* context) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is NULL");
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext("aclrtGetCurrentContext", &ctx)) return rc;
  *context = HandleToPtr(ctx->handle);
  return ACL_SUCCESS;
}

int CtxGetCurrentDefaultStream(aclrtStream* stream) {
  if (stream == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxGetCurrentDefaultStream: stream is NULL");
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext("aclrtCtxGetCurrentDefaultStream", &ctx)) return rc;
  *stream = HandleToPtr(ctx->defaultStream);
  return ACL_SUCCESS;
}

}  // namespace rt
}  // namespace aclcpu
