// Stream life cycle and synchronisation, and rt::Submit, the way operators enqueue work.
#include <utility>

#include "common/error.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

// What the operator launch running on this thread keeps alive for the tasks it submits.
thread_local std::shared_ptr<void> tLaunchHold;

std::shared_ptr<void> LaunchHold() { return tLaunchHold; }

}  // namespace

LaunchScope::LaunchScope(std::shared_ptr<void> hold) : previous_(std::move(tLaunchHold)) {
  tLaunchHold = std::move(hold);
}

LaunchScope::~LaunchScope() { tLaunchHold = std::move(previous_); }

int StreamDevice(const char* api, aclrtStream stream, int32_t* device) {
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(api, stream, &s)) return rc;
  *device = s->device();
  return ACL_SUCCESS;
}

int CreateStream(const char* api, aclrtStream* stream, uint32_t /*priority*/, uint32_t /*flag*/) {
  // Priority and flags change nothing here: the NPU documents priority as reserved, and every
  // stream runs its tasks in order on its own worker.
  if (stream == nullptr) {
    return Failf(ACL_ERROR_INVALID_PARAM, "%s: stream is NULL", api);
  }
  std::shared_ptr<Context> ctx;
  if (int rc = RequireContext(api, &ctx)) return rc;
  auto created = std::make_shared<Stream>(NewHandle(HandleKind::kStream), ctx->device, ctx->handle,
                                          false, LaunchBlockingRequested());
  Registry& reg = Reg();
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    if (reg.contexts.count(ctx->handle) == 0) {
      return Failf(ACL_ERROR_RT_CONTEXT_NULL, "%s: the current context was destroyed meanwhile",
                   api);
    }
    reg.streams[created->handle()] = created;
  }
  *stream = HandleToPtr(created->handle());
  return ACL_SUCCESS;
}

int DestroyStream(aclrtStream stream, bool force) {
  const char* api = force ? "aclrtDestroyStreamForce" : "aclrtDestroyStream";
  if (stream == nullptr) {
    return Failf(ACL_ERROR_INVALID_PARAM,
                 "%s: stream is NULL (the default stream cannot be destroyed)", api);
  }
  std::shared_ptr<Stream> victim;
  Registry& reg = Reg();
  {
    std::lock_guard<std::mutex> lock(reg.mu);
    auto it = reg.streams.find(PtrToHandle(stream));
    if (it == reg.streams.end()) {
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: stream %p is not a live stream (already destroyed, or not a stream "
                   "handle)",
                   api, stream);
    }
    if (it->second->isDefault()) {
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: stream %p is the default stream of its context and cannot be destroyed",
                   api, stream);
    }
    if (Stream::Current() == it->second.get()) {
      return Failf(ACL_ERROR_RT_PARAM_INVALID,
                   "%s: stream %p cannot be destroyed from one of its own tasks", api, stream);
    }
    victim = std::move(it->second);
    reg.streams.erase(it);
  }
  // Plain destroy finishes the queued work first; force drops what has not started.
  victim->Shutdown(force);
  return ACL_SUCCESS;
}

int SynchronizeStream(aclrtStream stream, int32_t timeoutMs, bool checkTimeout) {
  const char* api = checkTimeout ? "aclrtSynchronizeStreamWithTimeout" : "aclrtSynchronizeStream";
  if (checkTimeout && (timeoutMs < -1 || timeoutMs == 0)) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "%s: timeout %d ms is invalid (expected -1 to wait forever, or > 0)", api,
                 static_cast<int>(timeoutMs));
  }
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(api, stream, &s)) return rc;
  return SynchronizeStreams(api, {s}, checkTimeout ? timeoutMs : -1);
}

int StreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  if (status == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery: status is NULL");
  }
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream("aclrtStreamQuery", stream, &s)) return rc;
  // Seeing the stream complete is a synchronisation (polling until complete is legitimate).
  // (A task asking about its own stream sees itself unfinished.)
  const bool complete = Stream::Current() != s.get() && s->WaitIdle(0);
  *status = complete ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  return ACL_SUCCESS;
}

int Submit(aclrtStream stream, const char* what, Task task) {
  if (what == nullptr) what = "task";
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(what, stream, &s)) return rc;
  s->Enqueue(what, std::move(task), false, {}, kCostUnknown, LaunchHold());
  return ACL_SUCCESS;
}

int Submit(aclrtStream stream, const char* what, Task task, std::vector<ByteRange> writes,
           size_t costBytes) {
  if (what == nullptr) what = "task";
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream(what, stream, &s)) return rc;
  s->Enqueue(what, std::move(task), false, TaskWrites::Ranges(std::move(writes)), costBytes,
             LaunchHold());
  return ACL_SUCCESS;
}

}  // namespace rt
}  // namespace aclcpu
