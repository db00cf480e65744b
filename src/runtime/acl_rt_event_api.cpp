// Exported: events.
#include "acl/acl.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) {
  return Api("aclrtCreateEvent", [&] {
    return aclcpu::rt::CreateEvent(event, ACL_EVENT_SYNC, false, "aclrtCreateEvent");
  });
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  return Api("aclrtCreateEventWithFlag", [&] {
    return aclcpu::rt::CreateEvent(event, flag, false, "aclrtCreateEventWithFlag");
  });
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  return Api("aclrtCreateEventExWithFlag", [&] {
    return aclcpu::rt::CreateEvent(event, flag, true, "aclrtCreateEventExWithFlag");
  });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  return Api("aclrtDestroyEvent", [&] { return aclcpu::rt::DestroyEvent(event); });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  return Api("aclrtRecordEvent", [&] { return aclcpu::rt::RecordEvent(event, stream); });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  return Api("aclrtResetEvent", [&] { return aclcpu::rt::ResetEvent(event, stream); });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  return Api("aclrtSynchronizeEvent",
             [&] { return aclcpu::rt::SynchronizeEvent(event, -1, false); });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  return Api("aclrtSynchronizeEventWithTimeout",
             [&] { return aclcpu::rt::SynchronizeEvent(event, timeout, true); });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  return Api("aclrtQueryEventStatus", [&] { return aclcpu::rt::QueryEventStatus(event, status); });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  return Api("aclrtQueryEvent", [&] { return aclcpu::rt::QueryEvent(event, status); });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  return Api("aclrtEventElapsedTime",
             [&] { return aclcpu::rt::EventElapsedTime(ms, startEvent, endEvent); });
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  return Api("aclrtEventGetTimestamp",
             [&] { return aclcpu::rt::EventGetTimestamp(event, timestamp); });
}

}  // extern "C"
