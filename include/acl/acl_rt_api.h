/*
 * acl/acl_rt_api.h — C++ convenience overloads of runtime calls (aclnn-cpu).
 *
 * Not included by acl/acl.h. Each overload is a static inline forwarder to a C function of
 * acl/acl_rt.h, so it adds no exported symbol. Overloads cannot have C linkage, so unlike the
 * other headers this one has no extern "C" block.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_API_H_
#define INC_EXTERNAL_ACL_ACL_RT_API_H_

#include "acl_rt.h"

#ifdef __cplusplus

/* aclrtSynchronizeDevice with a timeout in ms (-1 waits forever). */
static inline aclError aclrtSynchronizeDevice(int32_t timeout) {
  return aclrtSynchronizeDeviceWithTimeout(timeout);
}

/* aclrtSynchronizeStream with a timeout in ms (-1 waits forever). */
static inline aclError aclrtSynchronizeStream(aclrtStream stream, int32_t timeout) {
  return aclrtSynchronizeStreamWithTimeout(stream, timeout);
}

/* aclrtSynchronizeEvent with a timeout in ms (-1 waits forever). */
static inline aclError aclrtSynchronizeEvent(aclrtEvent event, int32_t timeout) {
  return aclrtSynchronizeEventWithTimeout(event, timeout);
}

/* aclrtStreamWaitEvent with a timeout in ms (-1 waits forever). */
static inline aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event, int32_t timeout) {
  return aclrtStreamWaitEventWithTimeout(stream, event, timeout);
}

/* aclrtCreateStream with a priority and ACL_STREAM_* flags. */
static inline aclError aclrtCreateStream(aclrtStream *stream, uint32_t priority, uint32_t flag) {
  return aclrtCreateStreamWithConfig(stream, priority, flag);
}

/* aclrtSetOpExecuteTimeOut in microseconds, returning the timeout that took effect. */
static inline aclError aclrtSetOpExecuteTimeOut(uint64_t timeout, uint64_t *actualTimeout) {
  return aclrtSetOpExecuteTimeOutV2(timeout, actualTimeout);
}

/* aclrtCreateEvent with ACL_EVENT_* flags. */
static inline aclError aclrtCreateEvent(aclrtEvent *event, uint32_t flag) {
  return aclrtCreateEventWithFlag(event, flag);
}

/* Typed aclrtMalloc: allocates size bytes for a T* (default policy ACL_MEM_MALLOC_HUGE_FIRST). */
template <typename T>
static inline aclError aclrtMalloc(T **devPtr, size_t size, aclrtMallocConfig *cfg = nullptr) {
  return aclrtMallocWithCfg(reinterpret_cast<void **>(devPtr), size, ACL_MEM_MALLOC_HUGE_FIRST,
                            cfg);
}

/* Typed aclrtMalloc with an explicit policy. */
template <typename T>
static inline aclError aclrtMalloc(T **devPtr, size_t size, aclrtMemMallocPolicy policy,
                                   aclrtMallocConfig *cfg = nullptr) {
  return aclrtMallocWithCfg(reinterpret_cast<void **>(devPtr), size, policy, cfg);
}

#endif /* __cplusplus */

#endif /* INC_EXTERNAL_ACL_ACL_RT_API_H_ */
