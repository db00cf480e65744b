/*
 * acl/acl_rt.h — AscendCL runtime (aclnn-cpu): init, devices, contexts, streams, events and
 * memory. A "device" is the host CPU; device memory is host memory tracked by the runtime.
 * All functions return ACL_SUCCESS (0) or an ACL_ERROR_* / ACL_ERROR_RT_* code unless noted.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_H_
#define INC_EXTERNAL_ACL_ACL_RT_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"
#include "acl_rt_allocator.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 17
#define ACL_PATCH_VERSION 0

/* ---- Flags -------------------------------------------------------------------------------- */
#define ACL_EVENT_SYNC 0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE 0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY 0x00000010U
#define ACL_EVENT_EXTERNAL 0x00000020U
#define ACL_EVENT_IPC 0x00000040U

#define ACL_EVENT_RECORD_DEFAULT 0x0U
#define ACL_EVENT_RECORD_EXTERNAL 0x01U
#define ACL_EVENT_WAIT_DEFAULT 0x0U
#define ACL_EVENT_WAIT_EXTERNAL 0x01U

#define ACL_STREAM_FAST_LAUNCH 0x00000001U
#define ACL_STREAM_FAST_SYNC 0x00000002U
#define ACL_STREAM_PERSISTENT 0x00000004U
#define ACL_STREAM_HUGE 0x00000008U
#define ACL_STREAM_CPU_SCHEDULE 0x00000010U
#define ACL_STREAM_DEVICE_USE_ONLY 0x00000020U

#define ACL_STREAM_WAIT_VALUE_GEQ 0
#define ACL_STREAM_WAIT_VALUE_EQ 1
#define ACL_STREAM_WAIT_VALUE_AND 2
#define ACL_STREAM_WAIT_VALUE_NOR 3

#define ACL_CONTINUE_ON_FAILURE 0
#define ACL_STOP_ON_FAILURE 1

#define ACL_PKG_VERSION_MAX_SIZE 128

/* ---- Enums -------------------------------------------------------------------------------- */
typedef enum aclrtRunMode { ACL_DEVICE = 0, ACL_HOST = 1 } aclrtRunMode;

typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
  ACL_MEMCPY_DEFAULT = 4, /* direction deduced from the addresses */
  ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE = 5,
  ACL_MEMCPY_INNER_DEVICE_TO_DEVICE = 6,
  ACL_MEMCPY_INTER_DEVICE_TO_DEVICE = 7
} aclrtMemcpyKind;

typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
  ACL_MEM_MALLOC_HUGE1G_ONLY = 6,
  ACL_MEM_MALLOC_HUGE1G_ONLY_P2P = 7,
  ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
  ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
  ACL_MEM_ACCESS_USER_SPACE_READONLY = 0x100000
} aclrtMemMallocPolicy;

typedef enum aclrtEventStatus {
  ACL_EVENT_STATUS_COMPLETE = 0,
  ACL_EVENT_STATUS_NOT_READY = 1,
  ACL_EVENT_STATUS_RESERVED = 2
} aclrtEventStatus;

typedef enum aclrtEventRecordedStatus {
  ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
  ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
} aclrtEventRecordedStatus;

typedef enum aclrtEventWaitStatus {
  ACL_EVENT_WAIT_STATUS_COMPLETE = 0,
  ACL_EVENT_WAIT_STATUS_NOT_READY = 1,
  ACL_EVENT_WAIT_STATUS_RESERVED = 0xFFFF
} aclrtEventWaitStatus;

typedef enum aclrtStreamStatus {
  ACL_STREAM_STATUS_COMPLETE = 0,
  ACL_STREAM_STATUS_NOT_READY = 1,
  ACL_STREAM_STATUS_RESERVED = 0xFFFF
} aclrtStreamStatus;

typedef enum aclrtCallbackBlockType {
  ACL_CALLBACK_NO_BLOCK = 0,
  ACL_CALLBACK_BLOCK = 1
} aclrtCallbackBlockType;

typedef enum aclrtTsId {
  ACL_TS_ID_AICORE = 0,
  ACL_TS_ID_AIVECTOR = 1,
  ACL_TS_ID_RESERVED = 2
} aclrtTsId;

typedef enum aclrtMemAttr {
  ACL_DDR_MEM = 0,
  ACL_HBM_MEM = 1,
  ACL_DDR_MEM_HUGE = 2,
  ACL_DDR_MEM_NORMAL = 3,
  ACL_HBM_MEM_HUGE = 4,
  ACL_HBM_MEM_NORMAL = 5,
  ACL_DDR_MEM_P2P_HUGE = 6,
  ACL_DDR_MEM_P2P_NORMAL = 7,
  ACL_HBM_MEM_P2P_HUGE = 8,
  ACL_HBM_MEM_P2P_NORMAL = 9,
  ACL_HBM_MEM_HUGE1G = 10,
  ACL_HBM_MEM_P2P_HUGE1G = 11,
  ACL_MEM_NORMAL = 12,
  ACL_MEM_HUGE = 13,
  ACL_MEM_HUGE1G = 14,
  ACL_MEM_P2P_NORMAL = 15,
  ACL_MEM_P2P_HUGE = 16,
  ACL_MEM_P2P_HUGE1G = 17
} aclrtMemAttr;

typedef enum aclrtStreamAttr {
  ACL_STREAM_ATTR_FAILURE_MODE = 1,
  ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK = 2,
  ACL_STREAM_ATTR_USER_CUSTOM_TAG = 3,
  ACL_STREAM_ATTR_CACHE_OP_INFO = 4,
  ACL_STREAM_ATTR_PRIORITY = 5
} aclrtStreamAttr;

typedef enum aclrtFloatOverflowMode {
  ACL_RT_OVERFLOW_MODE_SATURATION = 0,
  ACL_RT_OVERFLOW_MODE_INFNAN = 1,
  ACL_RT_OVERFLOW_MODE_UNDEF = 2
} aclrtFloatOverflowMode;

typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;

/* Device attributes (the subset aclnn-cpu knows about). */
typedef enum aclrtDevAttr {
  ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
  ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
  ACL_DEV_ATTR_CUBE_CORE_NUM = 102,
  ACL_DEV_ATTR_VECTOR_CORE_NUM = 201,
  ACL_DEV_ATTR_WARP_SIZE = 202,
  ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE = 301,
  ACL_DEV_ATTR_L2_CACHE_SIZE = 302,
  ACL_DEV_ATTR_NPU_ARCH = 601
} aclrtDevAttr;

/* ---- Configuration structs and callbacks ------------------------------------------------- */
typedef void (*aclrtCallback)(void *userData);
typedef void (*aclrtHostFunc)(void *args);

typedef struct {
  void *workptr;
  size_t workSize;
  size_t flag;
  uint32_t priority;
} aclrtStreamConfigHandle;

/* Kinds of attribute an allocation request can carry. */
typedef enum aclrtMallocAttrType {
  ACL_RT_MEM_ATTR_RSV = 0,       /* ignored */
  ACL_RT_MEM_ATTR_MODULE_ID = 1, /* value.moduleId: caller module, for accounting */
  ACL_RT_MEM_ATTR_DEVICE_ID = 2  /* value.deviceId: device to allocate on */
} aclrtMallocAttrType;

typedef union aclrtMallocAttrValue {
  uint16_t moduleId;
  uint32_t deviceId;
  uint8_t rsv[8];
} aclrtMallocAttrValue;

typedef struct aclrtMallocAttribute {
  aclrtMallocAttrType attr;
  aclrtMallocAttrValue value;
} aclrtMallocAttribute;

typedef struct {
  aclrtMallocAttribute *attrs;
  size_t numAttrs;
} aclrtMallocConfig;

/* ---- Init / finalize ---------------------------------------------------------------------- */

/* Initialises the process; configPath is NULL or a JSON file. Repeated calls: 100002. */
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);

/* Releases all process resources; a second call returns ACL_ERROR_REPEAT_FINALIZE. */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/* Drops one aclInit reference, finalising at zero; *refCount (if not NULL) gets the rest. */
ACL_FUNC_VISIBILITY aclError aclFinalizeReference(uint64_t *refCount);

/* ---- Devices ------------------------------------------------------------------------------ */

/* Binds deviceId to the calling thread (ref-counted; creates the default context/stream). */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);

/* Drops one reference to deviceId; at zero its default context and streams are freed. */
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);

/* Releases deviceId regardless of its reference count. */
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId);

/* Device of the calling thread's current context. */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId);

/* Number of visible devices (ASCEND_RT_VISIBLE_DEVICES applies). */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count);

/* Where the software stack runs: always ACL_HOST here. */
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode *runMode);

/* Waits for all work of the current device. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);

/* As aclrtSynchronizeDevice, giving up after timeout ms (-1 waits forever). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout);

/* ---- Contexts ----------------------------------------------------------------------------- */

/* Creates a context on deviceId and makes it current for the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId);

/* Destroys a context made by aclrtCreateContext (never a default context). */
ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context);

/* Makes context current for the calling thread (switching device if needed). */
ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context);

/* Context current for the calling thread (explicit or default). */
ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext *context);

/* Default stream of the current context. */
ACL_FUNC_VISIBILITY aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream);

/* ---- Version and errors ------------------------------------------------------------------- */

/* Runtime API version (ACL_MAJOR/MINOR/PATCH_VERSION). */
ACL_DEPRECATED_MESSAGE("aclrtGetVersion is deprecated, use aclsysGetVersionStr instead")
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion,
                                             int32_t *patchVersion);

/* Text of the calling thread's recent failures, newest first; clears it. NULL if none. */
ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void);

/* Last runtime error at the given level, then clears it. */
ACL_FUNC_VISIBILITY aclError aclrtGetLastError(aclrtLastErrLevel level);

/* Last runtime error at the given level, left in place. */
ACL_FUNC_VISIBILITY aclError aclrtPeekAtLastError(aclrtLastErrLevel level);

/* ---- Streams ------------------------------------------------------------------------------ */

/* Creates an in-order work queue on the current context. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream *stream);

/* As aclrtCreateStream with a priority (0-7) and an OR of ACL_STREAM_* flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority,
                                                         uint32_t flag);

/* Waits for the stream's work, then destroys it. NULL (default stream) is rejected. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);

/* Destroys the stream without waiting for its work. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream);

/* Blocks until every task on stream has finished; returns the first task error. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/* As aclrtSynchronizeStream, giving up after timeout ms (-1 forever): 507046 on expiry. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);

/* Non-blocking: whether stream has pending work. */
ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status);

/* Later work on stream waits for the work captured by event's last record. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
/* aclrtStreamWaitEvent with a timeout in ms (-1 waits forever). */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event,
                                                             int32_t timeout);
/* ACL_CONTINUE_ON_FAILURE or ACL_STOP_ON_FAILURE for the stream's tasks. */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode);
/* Host callbacks: fn(userData) runs in stream order; reports are processed by the thread
 * subscribed to the stream. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void *userData,
                                                 aclrtCallbackBlockType blockType,
                                                 aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout);
/* The operator execution timeout: in seconds, in milliseconds, and in microseconds with the
 * value that took effect (0 selects the longest). Kept for the process; a CPU task is never cut
 * short by it. */
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOut(uint32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout);

/* ---- Events ------------------------------------------------------------------------------- */

/* Creates an event with default flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent *event);

/* Creates an event with an OR of ACL_EVENT_* flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag);

/* Creates a reusable event (complete until first recorded). */
ACL_FUNC_VISIBILITY aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag);

/* Destroys an event; pending records are allowed to finish. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event);

/* Captures the work already submitted to stream (NULL: default stream). */
ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);

/* Returns event to the not-recorded state, in stream order. */
ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);

/* Blocks until the work captured by event has finished. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event);

/* As aclrtSynchronizeEvent, giving up after timeout ms (-1 forever): 507047 on expiry. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout);

/* Non-blocking: whether the captured work has finished. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event,
                                                   aclrtEventRecordedStatus *status);
/* Whether the work an event waits for has finished. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventWaitStatus(aclrtEvent event,
                                                       aclrtEventWaitStatus *status);

/* Older form of aclrtQueryEventStatus. */
ACL_DEPRECATED_MESSAGE("aclrtQueryEvent is deprecated, use aclrtQueryEventStatus instead")
ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status);

/* Milliseconds between two completed events. */
ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent,
                                                   aclrtEvent endEvent);

/* Timestamp taken when event's record completed. */
ACL_FUNC_VISIBILITY aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp);

/* ---- Device memory ------------------------------------------------------------------------ */

/* Allocates size bytes (64-byte aligned, uninitialised). size 0 is rejected. */
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);

/* As aclrtMalloc, rounding the size to 32 bytes without extra padding. */
ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void **devPtr, size_t size,
                                                aclrtMemMallocPolicy policy);

/* As aclrtMalloc for cached memory; released by aclrtFree. */
ACL_FUNC_VISIBILITY aclError aclrtMallocCached(void **devPtr, size_t size,
                                               aclrtMemMallocPolicy policy);

/* As aclrtMalloc with optional attributes (cfg may be NULL). */
ACL_FUNC_VISIBILITY aclError aclrtMallocWithCfg(void **devPtr, size_t size,
                                                aclrtMemMallocPolicy policy,
                                                aclrtMallocConfig *cfg);

/* Frees device memory at once (no implicit synchronisation). NULL is rejected. */
ACL_FUNC_VISIBILITY aclError aclrtFree(void *devPtr);

/* Allocates page-locked host memory (64-byte aligned). */
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void **hostPtr, size_t size);

/* Frees memory from aclrtMallocHost / aclrtMallocHostWithCfg. */
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void *hostPtr);

/* As aclrtMallocHost with optional attributes (cfg may be NULL). */
ACL_FUNC_VISIBILITY aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size,
                                                    aclrtMallocConfig *cfg);

/* Fills count bytes at devPtr (capacity maxCount) with value; count 0 is a no-op. */
ACL_FUNC_VISIBILITY aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value,
                                         size_t count);

/* As aclrtMemset, in stream order. */
ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value,
                                              size_t count, aclrtStream stream);

/* Copies count bytes into dst (capacity destMax), synchronously; count 0 is a no-op. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                                         aclrtMemcpyKind kind);

/* As aclrtMemcpy, in stream order. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src,
                                              size_t count, aclrtMemcpyKind kind,
                                              aclrtStream stream);

/* Free and total bytes of the current device for the given memory kind. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total);
/* 2-D copy: height rows of width bytes, rows dpitch / spitch bytes apart. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch,
                                           size_t width, size_t height, aclrtMemcpyKind kind);
/* A device attribute (aclrtDevAttr) of device deviceId. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr,
                                                int64_t *value);
/* The version of an installed package (buffer of ACL_PKG_VERSION_MAX_SIZE bytes). */
ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char *pkgName, char *versionStr);
ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_RT_H_ */
