// Exported: init / finalize, version and error reporting.
#include "acl/acl.h"
#include "common/error.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;

extern "C" {

aclError aclInit(const char* configPath) {
  return Api("aclInit", [&] { return aclcpu::rt::Init(configPath); });
}

aclError aclFinalize(void) {
  return Api("aclFinalize", [&] { return aclcpu::rt::Finalize(); });
}

aclError aclFinalizeReference(uint64_t* refCount) {
  return Api("aclFinalizeReference", [&] { return aclcpu::rt::FinalizeReference(refCount); });
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  return Api("aclrtGetVersion",
             [&] { return aclcpu::rt::GetVersion(majorVersion, minorVersion, patchVersion); });
}

const char* aclGetRecentErrMsg(void) {
  return aclcpu::GuardPtr<const char>("aclGetRecentErrMsg",
                                      [] { return aclcpu::TakeRecentErrMsg(); });
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  return aclcpu::Guard("aclrtGetLastError", ACL_ERROR_INTERNAL_ERROR,
                       [&] { return aclcpu::rt::GetLastError(level, true); });
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
  return aclcpu::Guard("aclrtPeekAtLastError", ACL_ERROR_INTERNAL_ERROR,
                       [&] { return aclcpu::rt::GetLastError(level, false); });
}

}  // extern "C"
