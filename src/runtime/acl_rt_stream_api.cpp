// Exported: streams.
#include "acl/acl.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;

extern "C" {

aclError aclrtCreateStream(aclrtStream* stream) {
  return Api("aclrtCreateStream", [&] { return aclcpu::rt::CreateStream(stream, 0, 0); });
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  return Api("aclrtCreateStreamWithConfig",
             [&] { return aclcpu::rt::CreateStream(stream, priority, flag); });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return Api("aclrtDestroyStream", [&] { return aclcpu::rt::DestroyStream(stream, false); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  return Api("aclrtDestroyStreamForce", [&] { return aclcpu::rt::DestroyStream(stream, true); });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return Api("aclrtSynchronizeStream",
             [&] { return aclcpu::rt::SynchronizeStream(stream, -1, false); });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  return Api("aclrtSynchronizeStreamWithTimeout",
             [&] { return aclcpu::rt::SynchronizeStream(stream, timeout, true); });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  return Api("aclrtStreamQuery", [&] { return aclcpu::rt::StreamQuery(stream, status); });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  return Api("aclrtStreamWaitEvent", [&] { return aclcpu::rt::StreamWaitEvent(stream, event); });
}

}  // extern "C"
