// Events: markers in a stream's queue. Each record starts a new generation; the marker task of
// generation g, when the stream reaches it (on its worker, or inline on the recording thread
// when the stream is idle), raises `done` to g, stamps the time and wakes waiters. An event is
// complete when it was recorded and done has caught up with the latest generation.
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>

#include "common/error.h"
#include "common/log.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

struct Event {
  uint64_t handle = 0;
  uint32_t flags = 0;
  bool reusable = false;  // aclrtCreateEventExWithFlag: complete before its first record
  std::mutex recordMu;    // serialises aclrtRecordEvent calls on this event
  std::mutex mu;
  std::condition_variable cv;
  bool recorded = false;
  uint64_t generation = 0;  // of the latest record
  uint64_t done = 0;        // highest generation whose marker ran
  uint64_t stampNs = 0;     // steady_clock time of the marker of `done`
  // The stream and sequence number of the latest record's marker: waiting for the event, or
  // seeing it complete, synchronizes the work before it (the missing-synchronisation check).
  std::weak_ptr<Stream> stream;
  uint64_t streamSeq = 0;
  uint64_t streamGeneration = 0;
};

// Once the marker of the latest record with a known stream ran, the work before it counts as
// synchronized (mu held).
void MarkSynchronizedLocked(const Event& e) {
  if (e.streamGeneration == 0 || e.done < e.streamGeneration) return;
  if (std::shared_ptr<Stream> s = e.stream.lock()) s->MarkSynchronized(e.streamSeq);
}

struct EventTable {
  std::mutex mu;
  std::map<uint64_t, std::shared_ptr<Event>> events;
};

EventTable& Events() {
  static EventTable* table = new EventTable;  // leaked: markers may outlive static destruction
  return *table;
}

uint64_t NowNs() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

int Lookup(const char* api, const char* arg, aclrtEvent event, std::shared_ptr<Event>* out) {
  if (event == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", api, arg);
  EventTable& t = Events();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.events.find(PtrToHandle(event));
  if (it == t.events.end()) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "%s: %s %p is not a live event (already destroyed, or not an event handle)", api,
                 arg, event);
  }
  *out = it->second;
  return ACL_SUCCESS;
}

bool CompleteLocked(const Event& e) { return e.recorded && e.done >= e.generation; }

// Waits until generation `target` has run; timeoutMs -1 forever, 0 just checks.
bool WaitGeneration(Event& e, uint64_t target, int32_t timeoutMs) {
  std::unique_lock<std::mutex> lock(e.mu);
  auto ready = [&] { return e.done >= target; };
  if (timeoutMs < 0) {
    e.cv.wait(lock, ready);
    return true;
  }
  return e.cv.wait_for(lock, std::chrono::milliseconds(timeoutMs), ready);
}

// Both timestamps of a completed event, or an error naming `api`.
int CompletedStamp(const char* api, const char* arg, aclrtEvent handle, Event& e, uint64_t* ns) {
  std::lock_guard<std::mutex> lock(e.mu);
  if (!e.recorded) {
    return Failf(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                 "%s: %s %p has not been recorded (call aclrtRecordEvent first)", api, arg, handle);
  }
  if (!CompleteLocked(e)) {
    return Failf(ACL_ERROR_RT_EVENT_NOT_COMPLETE,
                 "%s: %s %p has not completed yet (synchronize the stream or the event first)", api,
                 arg, handle);
  }
  *ns = e.stampNs;
  return ACL_SUCCESS;
}

}  // namespace

int CreateEvent(aclrtEvent* event, uint32_t flag, bool reusable, const char* api) {
  if (event == nullptr) return Failf(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", api);
  if ((flag & ACL_EVENT_EXTERNAL) != 0 && flag != ACL_EVENT_EXTERNAL) {
    return Failf(ACL_ERROR_INVALID_PARAM,
                 "%s: flag %#x combines ACL_EVENT_EXTERNAL with other flags, which is not allowed",
                 api, flag);
  }
  auto e = std::make_shared<Event>();
  e->handle = NewHandle(HandleKind::kEvent);
  e->flags = flag;
  e->reusable = reusable;
  EventTable& t = Events();
  std::lock_guard<std::mutex> lock(t.mu);
  t.events[e->handle] = e;
  *event = HandleToPtr(e->handle);
  return ACL_SUCCESS;
}

size_t LiveEventCount() {
  EventTable& t = Events();
  std::lock_guard<std::mutex> lock(t.mu);
  return t.events.size();
}

void ReleaseAllEvents() {
  std::map<uint64_t, std::shared_ptr<Event>> events;
  EventTable& t = Events();
  {
    std::lock_guard<std::mutex> lock(t.mu);
    events.swap(t.events);
  }
  // (Markers still queued hold their own reference; the streams were drained before this.)
}

int DestroyEvent(aclrtEvent event) {
  if (event == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent: event is NULL");
  EventTable& t = Events();
  std::lock_guard<std::mutex> lock(t.mu);
  if (t.events.erase(PtrToHandle(event)) == 0) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "aclrtDestroyEvent: event %p is not a live event (already destroyed, or not an "
                 "event handle)",
                 event);
  }
  // Markers still queued hold their own reference and finish normally.
  return ACL_SUCCESS;
}

int RecordEvent(aclrtEvent event, aclrtStream stream) {
  std::shared_ptr<Event> e;
  if (int rc = Lookup("aclrtRecordEvent", "event", event, &e)) return rc;
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream("aclrtRecordEvent", stream, &s)) return rc;
  // The lock is held across the enqueue so that the sequence number recorded is that of this
  // generation's marker (which may run inline, on this thread, before Enqueue returns).
  std::lock_guard<std::mutex> recordLock(e->recordMu);
  uint64_t generation = 0;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    generation = ++e->generation;
    e->recorded = true;
  }
  const uint64_t seq = s->Enqueue(
      "aclrtRecordEvent marker",
      [e, generation] {
        {
          std::lock_guard<std::mutex> lock(e->mu);
          if (e->done < generation) {
            e->done = generation;
            e->stampNs = NowNs();
          }
        }
        e->cv.notify_all();
        return 0;
      },
      /*always=*/true, TaskWrites::None(), /*costBytes=*/0);
  std::lock_guard<std::mutex> lock(e->mu);
  if (e->generation == generation) {
    e->stream = s;
    e->streamSeq = seq;
    e->streamGeneration = generation;
  }
  return ACL_SUCCESS;
}

int ResetEvent(aclrtEvent event, aclrtStream stream) {
  std::shared_ptr<Event> e;
  if (int rc = Lookup("aclrtResetEvent", "event", event, &e)) return rc;
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream("aclrtResetEvent", stream, &s)) return rc;
  uint64_t generation = 0;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    generation = e->generation;
  }
  // In stream order; a record issued after the reset wins.
  s->Enqueue(
      "aclrtResetEvent",
      [e, generation] {
        std::lock_guard<std::mutex> lock(e->mu);
        if (e->generation == generation) e->recorded = false;
        return 0;
      },
      /*always=*/true, TaskWrites::None(), /*costBytes=*/0);
  return ACL_SUCCESS;
}

int SynchronizeEvent(aclrtEvent event, int32_t timeoutMs, bool checkTimeout) {
  const char* api = checkTimeout ? "aclrtSynchronizeEventWithTimeout" : "aclrtSynchronizeEvent";
  if (checkTimeout && timeoutMs < -1) {
    return Failf(ACL_ERROR_RT_PARAM_INVALID,
                 "%s: timeout %d ms is invalid (expected -1 to wait forever, or >= 0)", api,
                 static_cast<int>(timeoutMs));
  }
  std::shared_ptr<Event> e;
  if (int rc = Lookup(api, "event", event, &e)) return rc;
  uint64_t target = 0;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    if (!e->recorded) return ACL_SUCCESS;  // nothing captured, nothing to wait for
    target = e->generation;
  }
  if (!WaitGeneration(*e, target, checkTimeout ? timeoutMs : -1)) {
    return Failf(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                 "%s: event %p not complete after the timeout of %d ms", api, event,
                 static_cast<int>(timeoutMs));
  }
  std::lock_guard<std::mutex> lock(e->mu);
  MarkSynchronizedLocked(*e);
  return ACL_SUCCESS;
}

int QueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  std::shared_ptr<Event> e;
  if (int rc = Lookup("aclrtQueryEventStatus", "event", event, &e)) return rc;
  if (status == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus: status is NULL");
  }
  std::lock_guard<std::mutex> lock(e->mu);
  bool complete = e->recorded ? CompleteLocked(*e) : e->reusable;
  if (complete) MarkSynchronizedLocked(*e);
  *status = complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
  return ACL_SUCCESS;
}

int QueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  std::shared_ptr<Event> e;
  if (int rc = Lookup("aclrtQueryEvent", "event", event, &e)) return rc;
  if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtQueryEvent: status is NULL");
  std::lock_guard<std::mutex> lock(e->mu);
  // An event never recorded has nothing outstanding: complete (as cudaEventQuery does).
  bool complete = !e->recorded || CompleteLocked(*e);
  if (complete) MarkSynchronizedLocked(*e);
  *status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  return ACL_SUCCESS;
}

int StreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  std::shared_ptr<Event> e;
  if (int rc = Lookup("aclrtStreamWaitEvent", "event", event, &e)) return rc;
  std::shared_ptr<Stream> s;
  if (int rc = ResolveStream("aclrtStreamWaitEvent", stream, &s)) return rc;
  uint64_t target = 0;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    if (!e->recorded || CompleteLocked(*e)) return ACL_SUCCESS;
    target = e->generation;
  }
  // Blocks this stream's worker only; the recording stream progresses on its own worker.
  s->Enqueue(
      "aclrtStreamWaitEvent",
      [e, target] {
        WaitGeneration(*e, target, -1);
        return 0;
      },
      false, TaskWrites::None());
  return ACL_SUCCESS;
}

int EventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  const char* api = "aclrtEventElapsedTime";
  if (ms == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: ms is NULL");
  std::shared_ptr<Event> start;
  std::shared_ptr<Event> end;
  if (int rc = Lookup(api, "startEvent", startEvent, &start)) return rc;
  if (int rc = Lookup(api, "endEvent", endEvent, &end)) return rc;
  uint64_t t0 = 0;
  uint64_t t1 = 0;
  if (int rc = CompletedStamp(api, "startEvent", startEvent, *start, &t0)) return rc;
  if (int rc = CompletedStamp(api, "endEvent", endEvent, *end, &t1)) return rc;
  *ms = static_cast<float>((static_cast<double>(t1) - static_cast<double>(t0)) / 1e6);
  return ACL_SUCCESS;
}

int EventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  const char* api = "aclrtEventGetTimestamp";
  std::shared_ptr<Event> e;
  if (int rc = Lookup(api, "event", event, &e)) return rc;
  if (timestamp == nullptr)
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtEventGetTimestamp: timestamp is NULL");
  // Nanoseconds of the host's steady clock when the stream reached the record.
  return CompletedStamp(api, "event", event, *e, timestamp);
}

}  // namespace rt
}  // namespace aclcpu
