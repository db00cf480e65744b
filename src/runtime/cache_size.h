// The last-level cache size behind the kernels' streaming-store decision: measured once here,
// handed to the kernels (kernels::SetLastLevelCacheBytes), logged at INFO.
// Sources, first plausible answer wins: ACLNN_CPU_LLC_BYTES, sysfs (cpu0's highest data or
// unified cache), the CPU itself (x86 cpuid: the deterministic cache leaf 4 / AMD 0x8000001D,
// else AMD's 0x80000006), glibc's sysconf; 32 MiB when none answers. Sizes outside
// [256 KiB, 1 GiB] are implausible (a hypervisor's invention) and skipped; a plausible one above
// 16 MiB per logical CPU sharing it (a guest shown the host's whole L3) is planned with as that
// much per sharing CPU.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace aclcpu {
namespace rt {

constexpr int64_t kMinPlausibleLlcBytes = int64_t{256} << 10;
constexpr int64_t kMaxPlausibleLlcBytes = int64_t{1} << 30;

// Where the answers come from; tests substitute every one of them.
struct CacheProbe {
  // The whole text of a (sysfs) file; false when it cannot be read.
  std::function<bool(const std::string& path, std::string* text)> readFile;
  // glibc's sysconf (_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE); <= 0 means "unknown".
  std::function<long(int name)> sysconf;
  // x86 cpuid(leaf, subleaf) into {eax, ebx, ecx, edx}; empty off x86 (AArch64 has no such
  // instruction that user code may run): sysfs and sysconf only.
  std::function<void(uint32_t leaf, uint32_t subleaf, uint32_t regs[4])> cpuid;
  std::string sysfsCacheDir = "/sys/devices/system/cpu/cpu0/cache";
};

struct CacheAnswer {
  int64_t bytes = 0;
  std::string source;                // what gave the answer, for the INFO line
  std::vector<std::string> skipped;  // implausible answers that were passed over
};

// The machine's probes.
CacheProbe SystemCacheProbe();
// The decision from a probe (never fails: 32 MiB when no source answers plausibly).
CacheAnswer DetectLastLevelCache(const CacheProbe& probe);
// Parses an ACLNN_CPU_LLC_BYTES value: a positive count of bytes, optionally with a K, M or G
// suffix (powers of 1024), at most 1 TiB. False with *why when malformed.
bool ParseCacheBytes(const char* text, int64_t* bytes, std::string* why);

// aclInit: ACLNN_CPU_LLC_BYTES if set (a malformed value is refused: returns
// ACL_ERROR_INVALID_PARAM with a message naming `api`), else the detected size; hands the size
// to the kernels and logs it at INFO.
int ConfigureLastLevelCache(const char* api);
// For programs that never call aclInit: the same once, with a malformed override only warned.
void EnsureLastLevelCacheConfigured();
// The size the kernels use now.
int64_t LastLevelCacheBytes();

}  // namespace rt
}  // namespace aclcpu
