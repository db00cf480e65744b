// Data buffers, the application log, version, SoC name, dtype sizes and the thread's last
// runtime error.
#include <cstdio>
#include <cstring>
#include <new>

#include "common/dtype.h"
#include "common/error.h"
#include "common/log.h"
#include "common/soc.h"
#include "runtime/rt_impl.h"

// The opaque type of acl_base_rt.h: a (pointer, size) pair that does not own the memory.
struct aclDataBuffer {
  void* data;
  size_t size;
};

namespace aclcpu {
namespace rt {
namespace {

thread_local int tLastError = ACL_SUCCESS;

constexpr size_t kAppLogLimit = 1024;  // bytes of formatted text, NUL included
constexpr char kTruncated[] = "...[truncated]";

}  // namespace

aclDataBuffer* CreateDataBuffer(void* data, size_t size) {
  aclDataBuffer* buffer = new (std::nothrow) aclDataBuffer{data, size};
  if (buffer == nullptr) Fail(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer: out of memory");
  return buffer;
}

int DestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  if (dataBuffer == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer: dataBuffer is NULL");
  }
  delete dataBuffer;
  return ACL_SUCCESS;
}

int UpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  if (dataBuffer == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclUpdateDataBuffer: dataBuffer is NULL");
  }
  dataBuffer->data = data;
  dataBuffer->size = size;
  return ACL_SUCCESS;
}

void* GetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}

size_t GetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? 0 : dataBuffer->size;
}

void AppLog(int32_t level, const char* func, const char* file, uint32_t line, const char* fmt,
            va_list args) {
  if (fmt == nullptr) return;
  int l = level;
  if (l < ACL_DEBUG || l > ACL_ERROR) l = ACL_ERROR;
  const LogLevel logLevel = static_cast<LogLevel>(l);
  if (!LogEnabled(logLevel)) return;
  char text[kAppLogLimit];
  const int n = std::vsnprintf(text, sizeof(text), fmt, args);
  if (n >= static_cast<int>(sizeof(text))) {
    std::memcpy(text + sizeof(text) - sizeof(kTruncated), kTruncated, sizeof(kTruncated));
  }
  const char* base = file != nullptr ? std::strrchr(file, '/') : nullptr;
  Log(logLevel, "[APP] %s:%u %s: %s", base != nullptr ? base + 1 : (file ? file : "?"), line,
      func != nullptr ? func : "?", n < 0 ? fmt : text);
}

const char* GetSocName() {
  std::string error;
  const SocProfile* soc = SelectedSoc(&error);
  if (soc == nullptr) {
    Fail(ACL_ERROR_RT_SOC_VERSION, "aclrtGetSocName: " + error);
    return nullptr;
  }
  return soc->name;
}

size_t DataTypeSize(int32_t dataType) { return DtypeSize(dataType); }

int GetVersion(int32_t* major, int32_t* minor, int32_t* patch) {
  if (major == nullptr || minor == nullptr || patch == nullptr) {
    return Failf(
        ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: %s is NULL",
        major == nullptr ? "majorVersion" : (minor == nullptr ? "minorVersion" : "patchVersion"));
  }
  *major = ACL_MAJOR_VERSION;
  *minor = ACL_MINOR_VERSION;
  *patch = ACL_PATCH_VERSION;
  return ACL_SUCCESS;
}

void SetLastError(int code) { tLastError = code; }

int GetLastError(const char* api, int32_t level, bool clear) {
  if (level != ACL_RT_THREAD_LEVEL) {
    return Failf(ACL_ERROR_INVALID_PARAM, "%s: level %d is not ACL_RT_THREAD_LEVEL (0)", api,
                 static_cast<int>(level));
  }
  const int code = tLastError;
  if (clear) tLastError = ACL_SUCCESS;
  return code;
}

}  // namespace rt
}  // namespace aclcpu
