// The machine's cache probes, ACLNN_CPU_LLC_BYTES, and handing the size to the kernels.
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <atomic>
#include <cinttypes>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "acl/acl_base.h"
#include "cache_info.h"
#include "common/error.h"
#include "common/log.h"
#include "runtime/cache_size.h"

namespace aclcpu {
namespace rt {
namespace {

constexpr const char* kEnv = "ACLNN_CPU_LLC_BYTES";

std::atomic<bool> gConfigured{false};

bool ReadSmallFile(const std::string& path, std::string* text) {
  std::ifstream f(path);
  if (!f) return false;
  std::ostringstream s;
  s << f.rdbuf();
  *text = s.str();
  return !text->empty();
}

const CacheAnswer& DetectedOnce() {
  static const CacheAnswer answer = DetectLastLevelCache(SystemCacheProbe());
  return answer;
}

void Apply(int64_t bytes, const std::string& source) {
  kernels::SetLastLevelCacheBytes(bytes);
  gConfigured.store(true);
  if (!LogEnabled(LogLevel::kInfo)) return;
  for (const std::string& s : DetectedOnce().skipped)
    Log(LogLevel::kInfo, "LLC: skipped %s", s.c_str());
  Log(LogLevel::kInfo,
      "LLC: %" PRId64 " bytes from %s (outputs whose traffic exceeds it use streaming stores)",
      bytes, source.c_str());
}

}  // namespace

CacheProbe SystemCacheProbe() {
  CacheProbe probe;
  probe.readFile = ReadSmallFile;
  probe.sysconf = [](int name) { return ::sysconf(name); };
#if defined(__x86_64__) || defined(__i386__)
  probe.cpuid = [](uint32_t leaf, uint32_t subleaf, uint32_t regs[4]) {
    __cpuid_count(leaf, subleaf, regs[0], regs[1], regs[2], regs[3]);
  };
#endif
  return probe;
}

int ConfigureLastLevelCache(const char* api) {
  const char* text = std::getenv(kEnv);
  if (text != nullptr && *text != '\0') {
    int64_t bytes = 0;
    std::string why;
    if (!ParseCacheBytes(text, &bytes, &why)) {
      return Failf(ACL_ERROR_INVALID_PARAM,
                   "%s: %s=\"%s\" is not a cache size (%s); expected bytes with an optional K, "
                   "M or G suffix, e.g. 33554432 or 32M",
                   api, kEnv, text, why.c_str());
    }
    Apply(bytes, std::string(kEnv));
    return ACL_SUCCESS;
  }
  const CacheAnswer& detected = DetectedOnce();
  Apply(detected.bytes, detected.source);
  return ACL_SUCCESS;
}

void EnsureLastLevelCacheConfigured() {
  if (gConfigured.load()) return;
  const char* text = std::getenv(kEnv);
  int64_t bytes = 0;
  std::string why;
  if (text != nullptr && *text != '\0' && !ParseCacheBytes(text, &bytes, &why)) {
    Log(LogLevel::kWarning, "%s=\"%s\" is not a cache size (%s); ignored (aclInit refuses it)",
        kEnv, text, why.c_str());
    const CacheAnswer& detected = DetectedOnce();
    Apply(detected.bytes, detected.source);
    return;
  }
  ConfigureLastLevelCache("aclnn-cpu");
}

int64_t LastLevelCacheBytes() { return kernels::LastLevelCacheBytes(); }

}  // namespace rt
}  // namespace aclcpu
