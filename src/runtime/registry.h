// The runtime's process-wide state: init reference count, emulated devices, contexts and live
// streams, each context and stream known by an opaque handle that is never reused. The calling
// thread's current context is a thread-local handle, checked against the registry on each use,
// so that a context destroyed elsewhere reads as "no context" instead of dangling.
// Internal to src/runtime.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "runtime/stream.h"

namespace aclcpu {
namespace rt {

struct Context {
  uint64_t handle = 0;
  int32_t device = 0;
  bool isDefault = false;
  uint64_t defaultStream = 0;  // handle
};

struct DeviceUse {
  int physicalId = 0;  // id before ASCEND_RT_VISIBLE_DEVICES renumbering
  int refCount = 0;    // aclrtSetDevice minus aclrtResetDevice
  uint64_t defaultContext = 0;
};

struct Registry {
  std::mutex mu;  // guards everything below; never held while waiting for a stream
  bool initialized = false;
  uint64_t initRefs = 0;
  std::string initConfig;
  bool environmentRead = false;
  std::vector<DeviceUse> devices;  // index = visible device id
  std::map<uint64_t, std::shared_ptr<Context>> contexts;
  std::map<uint64_t, std::shared_ptr<Stream>> streams;
};

// The one registry (never destroyed, so worker threads never outlive it at exit).
Registry& Reg();
// Reads ACLNN_CPU_DEVICE_COUNT / ASCEND_RT_VISIBLE_DEVICES into reg.devices (lock held).
void ReadDeviceEnvironment(Registry& reg);
// reg.devices, read on first use (lock held).
std::vector<DeviceUse>& Devices(Registry& reg);

// Handle values: a tag in the high bits says what the handle names, so that passing an event
// where a stream is expected is caught; the id part is never reused.
enum class HandleKind : uint64_t { kContext = 0xAC7, kStream = 0xA57, kEvent = 0xAE7 };
uint64_t NewHandle(HandleKind kind);
inline void* HandleToPtr(uint64_t h) { return reinterpret_cast<void*>(static_cast<uintptr_t>(h)); }
inline uint64_t PtrToHandle(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// Thread-local current context handle (0 = none).
uint64_t ThreadContextHandle();
void SetThreadContext(uint64_t handle);
// The calling thread's current context, or nullptr when none is set (or it was destroyed).
std::shared_ptr<Context> CurrentContext();
// As CurrentContext, failing with ACL_ERROR_RT_CONTEXT_NULL and a message naming `api`.
int RequireContext(const char* api, std::shared_ptr<Context>* out);

// Creates a context with its default stream and registers both (lock held).
std::shared_ptr<Context> NewContextLocked(Registry& reg, int32_t device, bool isDefault);
// Unregisters a context and its streams, returned for the caller to shut down (lock held).
std::vector<std::shared_ptr<Stream>> RemoveContextLocked(Registry& reg, uint64_t handle);

// Resolves a stream handle (nullptr = the current context's default stream) to a live stream.
int ResolveStream(const char* api, aclrtStream stream, std::shared_ptr<Stream>* out);
// Every live stream of `device` (all devices when device < 0).
std::vector<std::shared_ptr<Stream>> LiveStreams(int32_t device);

// Called before host code touches device memory of `device`: if a stream of that device has
// unfinished work, waits for all of its streams. When the host is about to read
// [read, read + readBytes) (read non-null) and a pending task writes it, logs a WARNING naming
// the range, the stream and the task, since on the NPU this read would race with the write.
// No-op on a worker thread.
void WaitForDeviceWork(int32_t device, const char* api, const void* read = nullptr,
                       size_t readBytes = 0);

// Waits for `streams` (timeoutMs -1 forever, 0 just checks) and returns the first error a task
// recorded, re-reported with a message naming `api`; ACL_ERROR_RT_STREAM_SYNC_TIMEOUT on expiry.
int SynchronizeStreams(const char* api, const std::vector<std::shared_ptr<Stream>>& streams,
                       int32_t timeoutMs);

// Shuts streams down outside the lock (drain or discard queued work).
void ShutdownStreams(const std::vector<std::shared_ptr<Stream>>& streams, bool discard);

// Fork: a child process forked while the runtime had started (aclInit, or any stream and so a
// worker thread) has none of the parent's threads, so its streams could never make progress.
// Every runtime call in such a child fails with ACL_ERROR_RT_FAILURE and this message instead of
// hanging (detected with pthread_atfork; the workers are not re-created). Returns 0 elsewhere.
int CheckNotForkedChild(const char* api);

// ASCEND_LAUNCH_BLOCKING=1 or ASCEND_RT_LAUNCH_BLOCKING=1, read when a stream is created.
bool LaunchBlockingRequested();

}  // namespace rt
}  // namespace aclcpu
