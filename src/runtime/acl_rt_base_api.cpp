// Exported: the helpers of acl_base_rt.h (fp16, dtype sizes, data buffers, log, SoC name).
#include <cstdarg>
#include <string>

#include "acl/acl.h"
#include "common/enum_code.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

template <typename T>
auto ReturnedNumber() {
  return [](Call& c, T value) { c.Returned(std::to_string(value)); };
}

}  // namespace

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) {
  return Traced(
      "aclFloat16ToFloat", [&](Call& c) { c.Hex("value", value); },
      [&] { return aclcpu::rt::Float16ToFloat(value); },
      [](Call& c, float result) { c.Returned(aclcpu::trace::FloatText(result)); });
}

aclFloat16 aclFloatToFloat16(float value) {
  return Traced(
      "aclFloatToFloat16", [&](Call& c) { c.Float("value", value); },
      [&] { return aclcpu::rt::FloatToFloat16(value); },
      [](Call& c, aclFloat16 result) {
        char text[16];
        std::snprintf(text, sizeof(text), "0x%04x", static_cast<unsigned>(result));
        c.Returned(text);
      });
}

size_t aclDataTypeSize(aclDataType dataType) {
  const int32_t code = aclcpu::EnumCode(dataType);
  return Traced(
      "aclDataTypeSize", [&](Call& c) { c.Dtype("dataType", code); },
      [&] { return aclcpu::rt::DataTypeSize(code); }, ReturnedNumber<size_t>());
}

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
  return Traced(
      "aclCreateDataBuffer", [&](Call& c) { c.Mem("data", data).UInt("size", size); },
      [&] {
        return aclcpu::GuardPtr<aclDataBuffer>(
            "aclCreateDataBuffer", [&] { return aclcpu::rt::CreateDataBuffer(data, size); });
      },
      aclcpu::trace::ReturnedNew<aclDataBuffer>("dataBuffer"));
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  return Traced(
      "aclDestroyDataBuffer", [&](Call& c) { c.Object("dataBuffer", "dataBuffer", dataBuffer); },
      [&] {
        return Api("aclDestroyDataBuffer",
                   [&] { return aclcpu::rt::DestroyDataBuffer(dataBuffer); });
      },
      aclcpu::trace::DestroyedOnSuccess(dataBuffer));
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  return Traced(
      "aclUpdateDataBuffer",
      [&](Call& c) {
        c.Object("dataBuffer", "dataBuffer", dataBuffer).Mem("data", data).UInt("size", size);
      },
      [&] {
        return Api("aclUpdateDataBuffer",
                   [&] { return aclcpu::rt::UpdateDataBuffer(dataBuffer, data, size); });
      });
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return Traced(
      "aclGetDataBufferAddr", [&](Call& c) { c.Object("dataBuffer", "dataBuffer", dataBuffer); },
      [&] { return aclcpu::rt::GetDataBufferAddr(dataBuffer); },
      [](Call& c, void* addr) { c.Returned(aclcpu::trace::MemName(addr)); });
}

uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return Traced(
      "aclGetDataBufferSize", [&](Call& c) { c.Object("dataBuffer", "dataBuffer", dataBuffer); },
      [&] { return static_cast<uint32_t>(aclcpu::rt::GetDataBufferSize(dataBuffer)); },
      ReturnedNumber<uint32_t>());
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  return Traced(
      "aclGetDataBufferSizeV2", [&](Call& c) { c.Object("dataBuffer", "dataBuffer", dataBuffer); },
      [&] { return aclcpu::rt::GetDataBufferSize(dataBuffer); }, ReturnedNumber<size_t>());
}

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
               const char* fmt, ...) {
  const int32_t level = aclcpu::EnumCode(logLevel);
  if (aclcpu::trace::On()) {
    Call call("aclAppLog");
    call.LogLevel("logLevel", level).Text("func", func).Text("file", file);
    call.UInt("line", line).Text("fmt", fmt);
    call.Returned("void");
  }
  va_list args;
  va_start(args, fmt);
  try {
    aclcpu::rt::AppLog(level, func, file, line, fmt, args);
  } catch (...) {
    // Logging must never take the program down.
  }
  va_end(args);
}

const char* aclrtGetSocName(void) {
  return Traced(
      "aclrtGetSocName", [](Call&) {},
      [] {
        return aclcpu::GuardPtr<const char>("aclrtGetSocName",
                                            [] { return aclcpu::rt::GetSocName(); });
      },
      [](Call& c, const char* name) {
        c.Returned(name == nullptr ? std::string("NULL") : "\"" + std::string(name) + "\"");
      });
}

}  // extern "C"
