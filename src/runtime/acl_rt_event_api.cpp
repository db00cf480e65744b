// Exported: events.
#include "acl/acl.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

aclError CreateTraced(const char* api, aclrtEvent* event, uint32_t flag, bool withFlag,
                      bool reusable) {
  return Traced(
      api,
      [&](Call& c) {
        c.Out("event", event);
        if (withFlag) c.Hex("flag", flag);
      },
      [&] { return Api(api, [&] { return aclcpu::rt::CreateEvent(event, flag, reusable, api); }); },
      aclcpu::trace::WroteObject("event", "event", event, true));
}

}  // namespace

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) {
  return CreateTraced("aclrtCreateEvent", event, ACL_EVENT_SYNC, false, false);
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  return CreateTraced("aclrtCreateEventWithFlag", event, flag, true, false);
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  return CreateTraced("aclrtCreateEventExWithFlag", event, flag, true, true);
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  return Traced(
      "aclrtDestroyEvent", [&](Call& c) { c.Object("event", "event", event); },
      [&] { return Api("aclrtDestroyEvent", [&] { return aclcpu::rt::DestroyEvent(event); }); },
      aclcpu::trace::DestroyedOnSuccess(event));
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  return Traced(
      "aclrtRecordEvent",
      [&](Call& c) { c.Object("event", "event", event).Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtRecordEvent", [&] { return aclcpu::rt::RecordEvent(event, stream); });
      });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  return Traced(
      "aclrtResetEvent",
      [&](Call& c) { c.Object("event", "event", event).Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtResetEvent", [&] { return aclcpu::rt::ResetEvent(event, stream); });
      });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  return Traced(
      "aclrtSynchronizeEvent", [&](Call& c) { c.Object("event", "event", event); },
      [&] {
        return Api("aclrtSynchronizeEvent",
                   [&] { return aclcpu::rt::SynchronizeEvent(event, -1, false); });
      });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  return Traced(
      "aclrtSynchronizeEventWithTimeout",
      [&](Call& c) { c.Object("event", "event", event).Int("timeout", timeout); },
      [&] {
        return Api("aclrtSynchronizeEventWithTimeout",
                   [&] { return aclcpu::rt::SynchronizeEvent(event, timeout, true); });
      });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  return Traced(
      "aclrtQueryEventStatus",
      [&](Call& c) { c.Object("event", "event", event).Out("status", status); },
      [&] {
        return Api("aclrtQueryEventStatus",
                   [&] { return aclcpu::rt::QueryEventStatus(event, status); });
      },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && status != nullptr) {
          c.Wrote("status", *status == ACL_EVENT_RECORDED_STATUS_COMPLETE
                                ? "ACL_EVENT_RECORDED_STATUS_COMPLETE"
                                : "ACL_EVENT_RECORDED_STATUS_NOT_READY");
        }
        c.Status(rc);
      });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  return Traced(
      "aclrtQueryEvent", [&](Call& c) { c.Object("event", "event", event).Out("status", status); },
      [&] { return Api("aclrtQueryEvent", [&] { return aclcpu::rt::QueryEvent(event, status); }); },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && status != nullptr) {
          c.Wrote("status", *status == ACL_EVENT_STATUS_COMPLETE    ? "ACL_EVENT_STATUS_COMPLETE"
                            : *status == ACL_EVENT_STATUS_NOT_READY ? "ACL_EVENT_STATUS_NOT_READY"
                                                                    : "ACL_EVENT_STATUS_RESERVED");
        }
        c.Status(rc);
      });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  return Traced(
      "aclrtEventElapsedTime",
      [&](Call& c) {
        c.Out("ms", ms).Object("startEvent", "event", startEvent);
        c.Object("endEvent", "event", endEvent);
      },
      [&] {
        return Api("aclrtEventElapsedTime",
                   [&] { return aclcpu::rt::EventElapsedTime(ms, startEvent, endEvent); });
      },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && ms != nullptr) c.Wrote("ms", aclcpu::trace::FloatText(*ms));
        c.Status(rc);
      });
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  return Traced(
      "aclrtEventGetTimestamp",
      [&](Call& c) { c.Object("event", "event", event).Out("timestamp", timestamp); },
      [&] {
        return Api("aclrtEventGetTimestamp",
                   [&] { return aclcpu::rt::EventGetTimestamp(event, timestamp); });
      },
      aclcpu::trace::WroteNumber("timestamp", timestamp));
}

}  // extern "C"
