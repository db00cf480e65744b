// Exported: the helpers of acl_base_rt.h (fp16, dtype sizes, data buffers, log, SoC name).
#include <cstdarg>

#include "acl/acl.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) { return aclcpu::rt::Float16ToFloat(value); }

aclFloat16 aclFloatToFloat16(float value) { return aclcpu::rt::FloatToFloat16(value); }

size_t aclDataTypeSize(aclDataType dataType) { return aclcpu::rt::DataTypeSize(dataType); }

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
  return aclcpu::GuardPtr<aclDataBuffer>("aclCreateDataBuffer",
                                         [&] { return aclcpu::rt::CreateDataBuffer(data, size); });
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  return Api("aclDestroyDataBuffer", [&] { return aclcpu::rt::DestroyDataBuffer(dataBuffer); });
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  return Api("aclUpdateDataBuffer",
             [&] { return aclcpu::rt::UpdateDataBuffer(dataBuffer, data, size); });
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return aclcpu::rt::GetDataBufferAddr(dataBuffer);
}

uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return static_cast<uint32_t>(aclcpu::rt::GetDataBufferSize(dataBuffer));
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  return aclcpu::rt::GetDataBufferSize(dataBuffer);
}

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
               const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  try {
    aclcpu::rt::AppLog(logLevel, func, file, line, fmt, args);
  } catch (...) {
    // Logging must never take the program down.
  }
  va_end(args);
}

const char* aclrtGetSocName(void) {
  return aclcpu::GuardPtr<const char>("aclrtGetSocName", [] { return aclcpu::rt::GetSocName(); });
}

}  // extern "C"
