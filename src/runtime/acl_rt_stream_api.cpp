// Exported: streams.
#include "acl/acl.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

extern "C" {

aclError aclrtCreateStream(aclrtStream* stream) {
  return Traced(
      "aclrtCreateStream", [&](Call& c) { c.Out("stream", stream); },
      [&] {
        return Api("aclrtCreateStream",
                   [&] { return aclcpu::rt::CreateStream("aclrtCreateStream", stream, 0, 0); });
      },
      aclcpu::trace::WroteObject("stream", "stream", stream, true));
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  return Traced(
      "aclrtCreateStreamWithConfig",
      [&](Call& c) { c.Out("stream", stream).UInt("priority", priority).Hex("flag", flag); },
      [&] {
        return Api("aclrtCreateStreamWithConfig", [&] {
          return aclcpu::rt::CreateStream("aclrtCreateStreamWithConfig", stream, priority, flag);
        });
      },
      aclcpu::trace::WroteObject("stream", "stream", stream, true));
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return Traced(
      "aclrtDestroyStream", [&](Call& c) { c.Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtDestroyStream", [&] { return aclcpu::rt::DestroyStream(stream, false); });
      },
      aclcpu::trace::DestroyedOnSuccess(stream));
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  return Traced(
      "aclrtDestroyStreamForce", [&](Call& c) { c.Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtDestroyStreamForce",
                   [&] { return aclcpu::rt::DestroyStream(stream, true); });
      },
      aclcpu::trace::DestroyedOnSuccess(stream));
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return Traced(
      "aclrtSynchronizeStream", [&](Call& c) { c.Object("stream", "stream", stream); },
      [&] {
        return Api("aclrtSynchronizeStream",
                   [&] { return aclcpu::rt::SynchronizeStream(stream, -1, false); });
      });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  return Traced(
      "aclrtSynchronizeStreamWithTimeout",
      [&](Call& c) { c.Object("stream", "stream", stream).Int("timeout", timeout); },
      [&] {
        return Api("aclrtSynchronizeStreamWithTimeout",
                   [&] { return aclcpu::rt::SynchronizeStream(stream, timeout, true); });
      });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  return Traced(
      "aclrtStreamQuery",
      [&](Call& c) { c.Object("stream", "stream", stream).Out("status", status); },
      [&] {
        return Api("aclrtStreamQuery", [&] { return aclcpu::rt::StreamQuery(stream, status); });
      },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && status != nullptr) {
          c.Wrote("status", *status == ACL_STREAM_STATUS_COMPLETE ? "ACL_STREAM_STATUS_COMPLETE"
                                                                  : "ACL_STREAM_STATUS_NOT_READY");
        }
        c.Status(rc);
      });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  return Traced(
      "aclrtStreamWaitEvent",
      [&](Call& c) { c.Object("stream", "stream", stream).Object("event", "event", event); },
      [&] {
        return Api("aclrtStreamWaitEvent",
                   [&] { return aclcpu::rt::StreamWaitEvent(stream, event); });
      });
}

}  // extern "C"
