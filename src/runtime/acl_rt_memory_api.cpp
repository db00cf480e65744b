// Exported: device and host memory, copies and fills.
#include "acl/acl.h"
#include "common/enum_code.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::EnumCode;
using aclcpu::rt::Api;
using aclcpu::rt::RoundingRule;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

aclError MallocTraced(const char* api, void** devPtr, size_t size, int32_t policy,
                      RoundingRule rule, aclrtMallocConfig* cfg, bool withCfg) {
  return Traced(
      api,
      [&](Call& c) {
        c.Out("devPtr", devPtr).UInt("size", size).MallocPolicy("policy", policy);
        if (withCfg) c.Mem("cfg", cfg);
      },
      [&] {
        return Api(api, [&] { return aclcpu::rt::Malloc(api, devPtr, size, policy, rule, cfg); });
      },
      aclcpu::trace::WroteMem("devPtr", devPtr));
}

aclError MallocHostTraced(const char* api, void** ptr, uint64_t size, aclrtMallocConfig* cfg,
                          bool withCfg) {
  return Traced(
      api,
      [&](Call& c) {
        c.Out(withCfg ? "ptr" : "hostPtr", ptr).UInt("size", size);
        if (withCfg) c.Mem("cfg", cfg);
      },
      [&] { return Api(api, [&] { return aclcpu::rt::MallocHost(api, ptr, size, cfg); }); },
      aclcpu::trace::WroteMem(withCfg ? "ptr" : "hostPtr", ptr));
}

}  // namespace

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return MallocTraced("aclrtMalloc", devPtr, size, EnumCode(policy), RoundingRule::kPadded, nullptr,
                      false);
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return MallocTraced("aclrtMallocAlign32", devPtr, size, EnumCode(policy), RoundingRule::kAlign32,
                      nullptr, false);
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return MallocTraced("aclrtMallocCached", devPtr, size, EnumCode(policy), RoundingRule::kPadded,
                      nullptr, false);
}

aclError aclrtMallocWithCfg(void** devPtr, size_t size, aclrtMemMallocPolicy policy,
                            aclrtMallocConfig* cfg) {
  return MallocTraced("aclrtMallocWithCfg", devPtr, size, EnumCode(policy), RoundingRule::kPadded,
                      cfg, true);
}

aclError aclrtFree(void* devPtr) {
  return Traced(
      "aclrtFree", [&](Call& c) { c.Mem("devPtr", devPtr); },
      [&] { return Api("aclrtFree", [&] { return aclcpu::rt::Free(devPtr); }); });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return MallocHostTraced("aclrtMallocHost", hostPtr, size, nullptr, false);
}

aclError aclrtFreeHost(void* hostPtr) {
  return Traced(
      "aclrtFreeHost", [&](Call& c) { c.Mem("hostPtr", hostPtr); },
      [&] { return Api("aclrtFreeHost", [&] { return aclcpu::rt::FreeHost(hostPtr); }); });
}

aclError aclrtMallocHostWithCfg(void** ptr, uint64_t size, aclrtMallocConfig* cfg) {
  return MallocHostTraced("aclrtMallocHostWithCfg", ptr, size, cfg, true);
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return Traced(
      "aclrtMemset",
      [&](Call& c) {
        c.Mem("devPtr", devPtr).UInt("maxCount", maxCount).Int("value", value);
        c.UInt("count", count);
      },
      [&] {
        return Api("aclrtMemset",
                   [&] { return aclcpu::rt::Memset(devPtr, maxCount, value, count); });
      });
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                          aclrtStream stream) {
  return Traced(
      "aclrtMemsetAsync",
      [&](Call& c) {
        c.Mem("devPtr", devPtr).UInt("maxCount", maxCount).Int("value", value);
        c.UInt("count", count).Object("stream", "stream", stream);
      },
      [&] {
        return Api("aclrtMemsetAsync",
                   [&] { return aclcpu::rt::MemsetAsync(devPtr, maxCount, value, count, stream); });
      });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                     aclrtMemcpyKind kind) {
  const int32_t kindCode = EnumCode(kind);
  return Traced(
      "aclrtMemcpy",
      [&](Call& c) {
        c.Mem("dst", dst).UInt("destMax", destMax).Mem("src", src).UInt("count", count);
        c.MemcpyKind("kind", kindCode);
      },
      [&] {
        return Api("aclrtMemcpy",
                   [&] { return aclcpu::rt::Memcpy(dst, destMax, src, count, kindCode); });
      });
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                          aclrtMemcpyKind kind, aclrtStream stream) {
  const int32_t kindCode = EnumCode(kind);
  return Traced(
      "aclrtMemcpyAsync",
      [&](Call& c) {
        c.Mem("dst", dst).UInt("destMax", destMax).Mem("src", src).UInt("count", count);
        c.MemcpyKind("kind", kindCode).Object("stream", "stream", stream);
      },
      [&] {
        return Api("aclrtMemcpyAsync", [&] {
          return aclcpu::rt::MemcpyAsync(dst, destMax, src, count, kindCode, stream);
        });
      });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  const int32_t attrCode = EnumCode(attr);
  return Traced(
      "aclrtGetMemInfo",
      [&](Call& c) { c.Int("attr", attrCode).Out("free", free).Out("total", total); },
      [&] {
        return Api("aclrtGetMemInfo",
                   [&] { return aclcpu::rt::GetMemInfo(attrCode, free, total); });
      },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && free != nullptr && total != nullptr) {
          c.Wrote("free", std::to_string(*free)).Wrote("total", std::to_string(*total));
        }
        c.Status(rc);
      });
}

}  // extern "C"
