// Exported: init / finalize, version and error reporting.
#include <string>

#include "acl/acl.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "common/trace.h"
#include "runtime/api_guard.h"

using aclcpu::rt::Api;
using aclcpu::trace::Call;
using aclcpu::trace::Traced;

namespace {

std::string LastErrLevelName(int32_t level) {
  return level == ACL_RT_THREAD_LEVEL ? "ACL_RT_THREAD_LEVEL" : std::to_string(level);
}

}  // namespace

extern "C" {

aclError aclInit(const char* configPath) {
  return Traced(
      "aclInit", [&](Call& c) { c.Text("configPath", configPath); },
      [&] { return Api("aclInit", [&] { return aclcpu::rt::Init(configPath); }); });
}

aclError aclFinalize(void) {
  return Traced(
      "aclFinalize", [](Call&) {},
      [&] { return Api("aclFinalize", [&] { return aclcpu::rt::Finalize(); }); });
}

aclError aclFinalizeReference(uint64_t* refCount) {
  return Traced(
      "aclFinalizeReference", [&](Call& c) { c.Out("refCount", refCount); },
      [&] {
        return Api("aclFinalizeReference", [&] { return aclcpu::rt::FinalizeReference(refCount); });
      },
      aclcpu::trace::WroteNumber("refCount", refCount));
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  return Traced(
      "aclrtGetVersion",
      [&](Call& c) {
        c.Out("majorVersion", majorVersion).Out("minorVersion", minorVersion);
        c.Out("patchVersion", patchVersion);
      },
      [&] {
        return Api("aclrtGetVersion", [&] {
          return aclcpu::rt::GetVersion(majorVersion, minorVersion, patchVersion);
        });
      },
      [&](Call& c, aclError rc) {
        if (rc == ACL_SUCCESS && majorVersion != nullptr && minorVersion != nullptr &&
            patchVersion != nullptr) {
          c.Wrote("majorVersion", std::to_string(*majorVersion));
          c.Wrote("minorVersion", std::to_string(*minorVersion));
          c.Wrote("patchVersion", std::to_string(*patchVersion));
        }
        c.Status(rc);
      });
}

const char* aclGetRecentErrMsg(void) {
  return Traced(
      "aclGetRecentErrMsg", [](Call&) {},
      [] {
        return aclcpu::GuardPtr<const char>("aclGetRecentErrMsg",
                                            [] { return aclcpu::TakeRecentErrMsg(); });
      },
      [](Call& c, const char* text) {
        c.Returned(text == nullptr ? std::string("NULL") : "\"" + std::string(text) + "\"");
      });
}

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  const int32_t levelCode = aclcpu::EnumCode(level);
  return Traced(
      "aclrtGetLastError", [&](Call& c) { c.Arg("level", LastErrLevelName(levelCode)); },
      [&] {
        return aclcpu::Guard("aclrtGetLastError", ACL_ERROR_INTERNAL_ERROR, [&] {
          return aclcpu::rt::GetLastError("aclrtGetLastError", levelCode, true);
        });
      });
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
  const int32_t levelCode = aclcpu::EnumCode(level);
  return Traced(
      "aclrtPeekAtLastError", [&](Call& c) { c.Arg("level", LastErrLevelName(levelCode)); },
      [&] {
        return aclcpu::Guard("aclrtPeekAtLastError", ACL_ERROR_INTERNAL_ERROR, [&] {
          return aclcpu::rt::GetLastError("aclrtPeekAtLastError", levelCode, false);
        });
      });
}

}  // extern "C"
