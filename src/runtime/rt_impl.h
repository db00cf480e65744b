// The implementation behind every exported runtime function; the acl_rt_*_api.cpp wrappers call
// these and nothing else. Arguments and results mirror the exported signatures.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>

#include "acl/acl_rt.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace rt {

// init.cpp
int Init(const char* configPath);
int Finalize();
// Joins the kernel thread pools (aclFinalize, after the streams stopped); the next kernel makes
// a new one.
void ShutdownDevicePools();
int FinalizeReference(uint64_t* refCount);

// device.cpp
int SetDevice(int32_t deviceId);
int ResetDevice(int32_t deviceId, bool force);
int GetDevice(int32_t* deviceId);
int GetDeviceCount(uint32_t* count);
int GetRunMode(aclrtRunMode* runMode);
int SynchronizeDevice(int32_t timeoutMs, bool withTimeout);  // -1 forever
// True when the kernel thread pools use fewer threads than the process has cores: a thread
// waiting for a stream may then poll longer instead of sleeping (a futex wake-up costs tens of
// microseconds on small VMs).
bool KernelPoolLeavesACoreFree();

// context.cpp
int CreateContext(aclrtContext* context, int32_t deviceId);
int DestroyContext(aclrtContext context);
int SetCurrentContext(aclrtContext context);
int GetCurrentContext(aclrtContext* context);
int CtxGetCurrentDefaultStream(aclrtStream* stream);

// stream_api.cpp
int CreateStream(const char* api, aclrtStream* stream, uint32_t priority, uint32_t flag);
int DestroyStream(aclrtStream stream, bool force);
int SynchronizeStream(aclrtStream stream, int32_t timeoutMs, bool checkTimeout);
int StreamQuery(aclrtStream stream, aclrtStreamStatus* status);

// event.cpp
int CreateEvent(aclrtEvent* event, uint32_t flag, bool reusable, const char* api);
int DestroyEvent(aclrtEvent event);
int RecordEvent(aclrtEvent event, aclrtStream stream);
int ResetEvent(aclrtEvent event, aclrtStream stream);
int SynchronizeEvent(aclrtEvent event, int32_t timeoutMs, bool checkTimeout);
int QueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status);
int QueryEvent(aclrtEvent event, aclrtEventStatus* status);
int StreamWaitEvent(aclrtStream stream, aclrtEvent event);
int EventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent);
int EventGetTimestamp(aclrtEvent event, uint64_t* timestamp);
// Events created and not destroyed (the leak report at aclFinalize).
size_t LiveEventCount();
// aclFinalize, after the leak report: destroys the events still alive.
void ReleaseAllEvents();

// memory.cpp
enum class RoundingRule { kPadded, kAlign32 };
int Malloc(const char* api, void** devPtr, size_t size, int32_t policy, RoundingRule rule,
           const aclrtMallocConfig* cfg);
int Free(void* devPtr);
int MallocHost(const char* api, void** hostPtr, uint64_t size, const aclrtMallocConfig* cfg);
int FreeHost(void* hostPtr);
int GetMemInfo(int32_t attr, size_t* freeBytes, size_t* totalBytes);

// memcpy.cpp
int Memset(void* devPtr, size_t maxCount, int32_t value, size_t count);
int MemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);
int Memcpy(void* dst, size_t destMax, const void* src, size_t count, int32_t kind);
int MemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, int32_t kind,
                aclrtStream stream);

// fp16.cpp
float Float16ToFloat(uint16_t value);
uint16_t FloatToFloat16(float value);

// misc.cpp
aclDataBuffer* CreateDataBuffer(void* data, size_t size);
int DestroyDataBuffer(const aclDataBuffer* dataBuffer);
int UpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size);
void* GetDataBufferAddr(const aclDataBuffer* dataBuffer);
size_t GetDataBufferSize(const aclDataBuffer* dataBuffer);
void AppLog(int32_t level, const char* func, const char* file, uint32_t line, const char* fmt,
            va_list args);
const char* GetSocName();
size_t DataTypeSize(int32_t dataType);
int GetVersion(int32_t* major, int32_t* minor, int32_t* patch);
// Thread-local last failing status of runtime calls.
void SetLastError(int code);
int GetLastError(const char* api, int32_t level, bool clear);

}  // namespace rt
}  // namespace aclcpu
