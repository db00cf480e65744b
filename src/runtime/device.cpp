// Devices: aclrtSetDevice / aclrtResetDevice reference counts, the per-device default context,
// device-wide synchronisation, and the kernel thread pool of each device.
#include <sched.h>

#include <cstdlib>
#include <map>
#include <memory>

#include "common/error.h"
#include "common/log.h"
#include "runtime/cache_size.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"
#include "thread_pool.h"

namespace aclcpu {
namespace rt {
namespace {

int OutOfRange(const char* api, int32_t deviceId, size_t count) {
  const char* visible = std::getenv("ASCEND_RT_VISIBLE_DEVICES");
  return Failf(ACL_ERROR_RT_INVALID_DEVICEID,
               "%s: device id %d is out of range: %zu device(s) visible (ACLNN_CPU_DEVICE_COUNT "
               "sets the count, ASCEND_RT_VISIBLE_DEVICES=\"%s\" filters it)",
               api, static_cast<int>(deviceId), count, visible != nullptr ? visible : "");
}

int UsableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  return 1;
}

int PoolThreads() {
  if (const char* text = std::getenv("ACLNN_CPU_NUM_THREADS"); text != nullptr && *text) {
    char* end = nullptr;
    long n = std::strtol(text, &end, 10);
    if (*end == '\0' && n >= 1 && n <= 4096) return static_cast<int>(n);
    Log(LogLevel::kWarning, "ACLNN_CPU_NUM_THREADS=\"%s\" is not a thread count; ignored", text);
  }
  return UsableCores();
}

}  // namespace

bool KernelPoolLeavesACoreFree() {
  static const bool spare = PoolThreads() < UsableCores();
  return spare;
}

int SetDevice(int32_t deviceId) {
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  std::vector<DeviceUse>& devices = Devices(reg);
  if (deviceId < 0 || static_cast<size_t>(deviceId) >= devices.size()) {
    return OutOfRange("aclrtSetDevice", deviceId, devices.size());
  }
  DeviceUse& d = devices[deviceId];
  ++d.refCount;
  if (d.defaultContext == 0 || reg.contexts.count(d.defaultContext) == 0) {
    d.defaultContext = NewContextLocked(reg, deviceId, true)->handle;
  }
  SetThreadContext(d.defaultContext);
  return ACL_SUCCESS;
}

int ResetDevice(int32_t deviceId, bool force) {
  const char* api = force ? "aclrtResetDeviceForce" : "aclrtResetDevice";
  Registry& reg = Reg();
  std::vector<std::shared_ptr<Stream>> streams;
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    std::vector<DeviceUse>& devices = Devices(reg);
    if (deviceId < 0 || static_cast<size_t>(deviceId) >= devices.size()) {
      return OutOfRange(api, deviceId, devices.size());
    }
    DeviceUse& d = devices[deviceId];
    d.refCount = force ? 0 : (d.refCount > 0 ? d.refCount - 1 : 0);
    if (d.refCount == 0 && d.defaultContext != 0) {
      streams = RemoveContextLocked(reg, d.defaultContext);
      if (ThreadContextHandle() == d.defaultContext) SetThreadContext(0);
      d.defaultContext = 0;
    }
  }
  // The NPU waits for unfinished tasks before releasing the streams; so do we.
  ShutdownStreams(streams, false);
  return ACL_SUCCESS;
}

int GetDevice(int32_t* deviceId) {
  if (deviceId == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext("aclrtGetDevice", &ctx)) return rc;
  *deviceId = ctx->device;
  return ACL_SUCCESS;
}

int GetDeviceCount(uint32_t* count) {
  if (count == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
  }
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  *count = static_cast<uint32_t>(Devices(reg).size());
  return ACL_SUCCESS;
}

int GetRunMode(aclrtRunMode* runMode) {
  if (runMode == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is NULL");
  }
  *runMode = ACL_HOST;
  return ACL_SUCCESS;
}

int SynchronizeDevice(int32_t timeoutMs, bool withTimeout) {
  const char* api = withTimeout ? "aclrtSynchronizeDeviceWithTimeout" : "aclrtSynchronizeDevice";
  if (timeoutMs < -1) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "%s: timeout %d ms is invalid (expected -1 to wait forever, or >= 0)", api,
                 static_cast<int>(timeoutMs));
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext(api, &ctx)) return rc;
  return SynchronizeStreams(api, LiveStreams(ctx->device), timeoutMs);
}

namespace {

// The kernel pools, one per device, made on first use. The map and its mutex are leaked on
// purpose (usable from any static destructor); the pools are joined by aclFinalize, once every
// stream has stopped, so that no worker thread outlives the session (valgrind reports a live
// thread's stack as "possibly lost").
struct DevicePools {
  std::mutex mu;
  std::map<int32_t, std::unique_ptr<kernels::ThreadPool>> pools;
};
DevicePools& Pools() {
  static auto* pools = new DevicePools;
  return *pools;
}

}  // namespace

kernels::ThreadPool* CurrentDevicePool() {
  std::shared_ptr<Context> ctx = CurrentContext();
  if (ctx == nullptr) return nullptr;
  DevicePools& all = Pools();
  std::lock_guard<std::mutex> lock(all.mu);
  std::unique_ptr<kernels::ThreadPool>& pool = all.pools[ctx->device];
  if (pool == nullptr) {
    EnsureLastLevelCacheConfigured();  // programs that skip aclInit get the measured size too
    pool = std::make_unique<kernels::ThreadPool>(PoolThreads());
    // The system would not start every thread asked for: the pool runs with fewer.
    if (!pool->StartError().empty()) {
      Log(LogLevel::kWarning,
          "device %d: the kernel thread pool %s; running with %d thread(s) (lower "
          "ACLNN_CPU_NUM_THREADS, or raise the process's thread / address-space limits)",
          static_cast<int>(ctx->device), pool->StartError().c_str(), pool->NumThreads());
    }
  }
  return pool.get();
}

void ShutdownDevicePools() {
  std::map<int32_t, std::unique_ptr<kernels::ThreadPool>> done;
  {
    DevicePools& all = Pools();
    std::lock_guard<std::mutex> lock(all.mu);
    done.swap(all.pools);
  }
  done.clear();  // joins the workers, outside the lock
}

}  // namespace rt
}  // namespace aclcpu
