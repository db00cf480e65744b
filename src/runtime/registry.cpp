#include "runtime/registry.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "common/check_level.h"
#include "common/error.h"
#include "common/log.h"
#include "runtime/memory.h"

namespace aclcpu {
namespace rt {
namespace {

thread_local uint64_t tContext = 0;

// Set in a child forked while the runtime had started (see CheckNotForkedChild).
std::atomic<bool> gForkedChild{false};
std::atomic<int> gParentPid{0};

// pthread_atfork handlers: the registry and allocation-table locks are taken around fork() so
// that the child never inherits them held by a thread that does not exist there.
void PrepareFork() {
  Reg().mu.lock();
  LockMemoryTable();
}
void AfterForkInParent() {
  UnlockMemoryTable();
  Reg().mu.unlock();
}
void AfterForkInChild() {
  Registry& reg = Reg();
  if (reg.initialized || !reg.streams.empty()) {
    gParentPid.store(static_cast<int>(getppid()));
    gForkedChild.store(true);
  }
  UnlockMemoryTable();
  reg.mu.unlock();
}

[[maybe_unused]] const bool kForkHandlers = [] {
  pthread_atfork(PrepareFork, AfterForkInParent, AfterForkInChild);
  return true;
}();

constexpr int kMaxDeviceCount = 1024;

bool EnvIsOne(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && std::strcmp(v, "1") == 0;
}

int PhysicalDeviceCount() {
  const char* text = std::getenv("ACLNN_CPU_DEVICE_COUNT");
  if (text == nullptr || *text == '\0') return 1;
  char* end = nullptr;
  long n = std::strtol(text, &end, 10);
  if (*end != '\0' || n < 0 || n > kMaxDeviceCount) {
    Log(LogLevel::kWarning, "ACLNN_CPU_DEVICE_COUNT=\"%s\" is not a count in [0, %d]; using 1",
        text, kMaxDeviceCount);
    return 1;
  }
  return static_cast<int>(n);
}

// ASCEND_RT_VISIBLE_DEVICES: ascending, distinct ids separated by commas. Parsing stops at the
// first character that is not part of that form, or at the first id that is out of range or
// not ascending; what was read until then stays visible ("1, 2,3" -> {1}; "1,3,8" of 4 -> {1,3}).
std::vector<int> VisiblePhysicalIds(int physicalCount) {
  std::vector<int> ids;
  const char* text = std::getenv("ASCEND_RT_VISIBLE_DEVICES");
  if (text == nullptr || *text == '\0') {
    for (int i = 0; i < physicalCount; ++i) ids.push_back(i);
    return ids;
  }
  const char* p = text;
  while (*p >= '0' && *p <= '9') {
    long id = 0;
    while (*p >= '0' && *p <= '9' && id <= kMaxDeviceCount) id = id * 10 + (*p++ - '0');
    if (id >= physicalCount || (!ids.empty() && id <= ids.back())) break;
    ids.push_back(static_cast<int>(id));
    if (*p != ',') break;
    ++p;
  }
  return ids;
}

// The missing-synchronisation warning: the first pending task that writes what the host is
// about to read, else the first pending task whose writes are unknown.
void WarnPendingWriters(const char* api, const std::vector<std::shared_ptr<Stream>>& streams,
                        const void* read, size_t readBytes) {
  if (!LogEnabled(LogLevel::kWarning)) return;
  if (!CheckEnabled(1)) {  // no write bookkeeping: all we know is that work is pending
    for (const auto& s : streams) {
      if (!s->Pending() && !s->Unsynchronized()) continue;
      Log(LogLevel::kWarning,
          "%s: reading %p (%zu bytes) while stream %p still has unfinished work; waiting - call "
          "aclrtSynchronizeStream first",
          api, read, readBytes, HandleToPtr(s->handle()));
      return;
    }
    return;
  }
  const auto begin = reinterpret_cast<uintptr_t>(read);
  const uintptr_t end = begin + readBytes;
  const Stream* unknownStream = nullptr;
  std::string unknownWhat;
  for (const auto& s : streams) {
    if (!s->Pending() && !s->Unsynchronized()) continue;
    std::string what;
    bool exact = false;
    if (!s->FindPendingWriter(begin, end, &what, &exact)) continue;
    if (exact) {
      Log(LogLevel::kWarning,
          "%s: reading %p (%zu bytes) while stream %p still has pending %s writing it; waiting "
          "- call aclrtSynchronizeStream first (on an NPU this read races with the write)",
          api, read, readBytes, HandleToPtr(s->handle()), what.c_str());
      return;
    }
    if (unknownStream == nullptr) {
      unknownStream = s.get();
      unknownWhat = what;
    }
  }
  if (unknownStream != nullptr) {
    Log(LogLevel::kWarning,
        "%s: reading %p (%zu bytes) while stream %p still has pending %s, which may write it; "
        "waiting - call aclrtSynchronizeStream first",
        api, read, readBytes, HandleToPtr(unknownStream->handle()), unknownWhat.c_str());
  }
}

}  // namespace

Registry& Reg() {
  static Registry* reg = new Registry;  // intentionally leaked, see header
  return *reg;
}

namespace {
std::atomic<size_t> gVisibleDevices{0};
}  // namespace

size_t VisibleDeviceCount() { return gVisibleDevices.load(std::memory_order_acquire); }

void ReadDeviceEnvironment(Registry& reg) {
  std::vector<int> ids = VisiblePhysicalIds(PhysicalDeviceCount());
  gVisibleDevices.store(ids.size(), std::memory_order_release);
  reg.devices.assign(ids.size(), DeviceUse{});
  for (size_t i = 0; i < ids.size(); ++i) reg.devices[i].physicalId = ids[i];
  reg.environmentRead = true;
}

std::vector<DeviceUse>& Devices(Registry& reg) {
  if (!reg.environmentRead) ReadDeviceEnvironment(reg);
  return reg.devices;
}

uint64_t NewHandle(HandleKind kind) {
  static std::atomic<uint64_t> next{1};
  return (static_cast<uint64_t>(kind) << 36) | (next.fetch_add(1) << 4);
}

uint64_t ThreadContextHandle() { return tContext; }
void SetThreadContext(uint64_t handle) { tContext = handle; }

std::shared_ptr<Context> CurrentContext() {
  if (tContext == 0) return nullptr;
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  auto it = reg.contexts.find(tContext);
  return it == reg.contexts.end() ? nullptr : it->second;
}

int RequireContext(const char* api, std::shared_ptr<Context>* out) {
  *out = CurrentContext();
  if (*out != nullptr) return ACL_SUCCESS;
  return Failf(ACL_ERROR_RT_CONTEXT_NULL,
               "%s: the calling thread has no current context (call aclrtSetDevice or "
               "aclrtSetCurrentContext first)",
               api);
}

std::shared_ptr<Context> NewContextLocked(Registry& reg, int32_t device, bool isDefault) {
  auto ctx = std::make_shared<Context>();
  ctx->handle = NewHandle(HandleKind::kContext);
  ctx->device = device;
  ctx->isDefault = isDefault;
  auto stream = std::make_shared<Stream>(NewHandle(HandleKind::kStream), device, ctx->handle, true,
                                         LaunchBlockingRequested());
  ctx->defaultStream = stream->handle();
  reg.contexts[ctx->handle] = ctx;
  reg.streams[stream->handle()] = std::move(stream);
  return ctx;
}

std::vector<std::shared_ptr<Stream>> RemoveContextLocked(Registry& reg, uint64_t handle) {
  std::vector<std::shared_ptr<Stream>> removed;
  reg.contexts.erase(handle);
  for (auto it = reg.streams.begin(); it != reg.streams.end();) {
    if (it->second->context() == handle) {
      removed.push_back(std::move(it->second));
      it = reg.streams.erase(it);
    } else {
      ++it;
    }
  }
  return removed;
}

int ResolveStream(const char* api, aclrtStream stream, std::shared_ptr<Stream>* out) {
  if (int rc = CheckNotForkedChild(api)) return rc;
  uint64_t handle = PtrToHandle(stream);
  if (stream == nullptr) {
    std::shared_ptr<Context> ctx;
    if (int rc = RequireContext(api, &ctx)) return rc;
    handle = ctx->defaultStream;
  }
  Registry& reg = Reg();
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    auto it = reg.streams.find(handle);
    if (it != reg.streams.end()) {
      *out = it->second;
      return ACL_SUCCESS;
    }
  }
  if (stream == nullptr) {
    return Failf(ACL_ERROR_RT_CONTEXT_NULL, "%s: the current context has no default stream", api);
  }
  return Failf(ACL_ERROR_RT_PARAM_INVALID,
               "%s: stream %p is not a live stream (already destroyed, or not a stream handle)",
               api, stream);
}

std::vector<std::shared_ptr<Stream>> LiveStreams(int32_t device) {
  Registry& reg = Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  std::vector<std::shared_ptr<Stream>> out;
  for (auto& entry : reg.streams) {
    if (device < 0 || entry.second->device() == device) out.push_back(entry.second);
  }
  return out;
}

void WaitForDeviceWork(int32_t device, const char* api, const void* read, size_t readBytes) {
  if (Stream::OnWorkerThread()) return;
  std::vector<std::shared_ptr<Stream>> streams = LiveStreams(device);
  // Work that ran inline is finished but, until synchronized, still counts for the warning.
  auto pending = std::find_if(streams.begin(), streams.end(), [](const std::shared_ptr<Stream>& s) {
    return s->Pending() || s->Unsynchronized();
  });
  if (pending == streams.end()) return;
  if (read != nullptr) WarnPendingWriters(api, streams, read, readBytes);
  for (auto& s : streams) s->WaitIdle(-1);  // which also marks the work synchronized
}

int SynchronizeStreams(const char* api, const std::vector<std::shared_ptr<Stream>>& streams,
                       int32_t timeoutMs) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(std::max<int32_t>(timeoutMs, 0));
  for (auto& s : streams) {
    int32_t left = -1;
    if (timeoutMs >= 0) {
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      left = static_cast<int32_t>(std::max<int64_t>(ms.count(), 0));
    }
    if (!s->WaitIdle(left)) {
      return Failf(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                   "%s: stream %p still busy after the timeout of %d ms", api,
                   HandleToPtr(s->handle()), static_cast<int>(timeoutMs));
    }
  }
  int first = ACL_SUCCESS;
  for (auto& s : streams) {
    std::string message;
    int rc = s->TakeError(&message);
    if (rc != 0 && first == 0) {
      first = Failf(rc, "%s: stream %p: %s", api, HandleToPtr(s->handle()), message.c_str());
    }
  }
  return first;
}

void ShutdownStreams(const std::vector<std::shared_ptr<Stream>>& streams, bool discard) {
  for (auto& s : streams) s->Shutdown(discard);
}

int CheckNotForkedChild(const char* api) {
  if (!gForkedChild.load(std::memory_order_relaxed)) return ACL_SUCCESS;
  return Failf(ACL_ERROR_RT_FAILURE,
               "%s: this process (pid %d) was forked from pid %d after the runtime started "
               "there; a forked child has none of the parent's stream and kernel threads, so "
               "the runtime cannot be used in it (fork before aclInit, or exec in the child)",
               api, static_cast<int>(getpid()), gParentPid.load());
}

bool LaunchBlockingRequested() {
  return EnvIsOne("ASCEND_LAUNCH_BLOCKING") || EnvIsOne("ASCEND_RT_LAUNCH_BLOCKING");
}

}  // namespace rt
}  // namespace aclcpu
