// Exported: device and host memory, copies and fills.
#include "acl/acl.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::rt::RoundingRule;

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return Api("aclrtMalloc", [&] {
    return aclcpu::rt::Malloc("aclrtMalloc", devPtr, size, policy, RoundingRule::kPadded, nullptr);
  });
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return Api("aclrtMallocAlign32", [&] {
    return aclcpu::rt::Malloc("aclrtMallocAlign32", devPtr, size, policy, RoundingRule::kAlign32,
                              nullptr);
  });
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return Api("aclrtMallocCached", [&] {
    return aclcpu::rt::Malloc("aclrtMallocCached", devPtr, size, policy, RoundingRule::kPadded,
                              nullptr);
  });
}

aclError aclrtMallocWithCfg(void** devPtr, size_t size, aclrtMemMallocPolicy policy,
                            aclrtMallocConfig* cfg) {
  return Api("aclrtMallocWithCfg", [&] {
    return aclcpu::rt::Malloc("aclrtMallocWithCfg", devPtr, size, policy, RoundingRule::kPadded,
                              cfg);
  });
}

aclError aclrtFree(void* devPtr) {
  return Api("aclrtFree", [&] { return aclcpu::rt::Free(devPtr); });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return Api("aclrtMallocHost",
             [&] { return aclcpu::rt::MallocHost("aclrtMallocHost", hostPtr, size, nullptr); });
}

aclError aclrtFreeHost(void* hostPtr) {
  return Api("aclrtFreeHost", [&] { return aclcpu::rt::FreeHost(hostPtr); });
}

aclError aclrtMallocHostWithCfg(void** ptr, uint64_t size, aclrtMallocConfig* cfg) {
  return Api("aclrtMallocHostWithCfg",
             [&] { return aclcpu::rt::MallocHost("aclrtMallocHostWithCfg", ptr, size, cfg); });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return Api("aclrtMemset", [&] { return aclcpu::rt::Memset(devPtr, maxCount, value, count); });
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                          aclrtStream stream) {
  return Api("aclrtMemsetAsync",
             [&] { return aclcpu::rt::MemsetAsync(devPtr, maxCount, value, count, stream); });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                     aclrtMemcpyKind kind) {
  return Api("aclrtMemcpy", [&] { return aclcpu::rt::Memcpy(dst, destMax, src, count, kind); });
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                          aclrtMemcpyKind kind, aclrtStream stream) {
  return Api("aclrtMemcpyAsync",
             [&] { return aclcpu::rt::MemcpyAsync(dst, destMax, src, count, kind, stream); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  return Api("aclrtGetMemInfo", [&] { return aclcpu::rt::GetMemInfo(attr, free, total); });
}

}  // extern "C"
