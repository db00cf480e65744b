// The last-level cache decision from injectable probes (see cache_size.h); no system access here.
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cache_info.h"
#include "runtime/cache_size.h"

namespace aclcpu {
namespace rt {
namespace {

constexpr int64_t kKiB = int64_t{1} << 10;
constexpr int64_t kMiB = int64_t{1} << 20;
// Every Zen core complex shares at most 32 MiB of L3 (96 MiB with 3D V-Cache, which cpuid does
// not reveal): the bound when only the package-wide figure of leaf 0x80000006 is known.
constexpr int64_t kZenCoreComplexL3 = 32 * kMiB;

std::string Human(int64_t bytes) {
  char text[64];
  if (bytes % kMiB == 0) {
    std::snprintf(text, sizeof(text), "%" PRId64 " MiB", bytes / kMiB);
  } else if (bytes % kKiB == 0) {
    std::snprintf(text, sizeof(text), "%" PRId64 " KiB", bytes / kKiB);
  } else {
    std::snprintf(text, sizeof(text), "%" PRId64 " bytes", bytes);
  }
  return text;
}

// Keeps a candidate if plausible, else notes it as skipped.
bool Accept(int64_t bytes, const std::string& source, CacheAnswer* answer) {
  if (bytes <= 0) return false;
  if (bytes < kMinPlausibleLlcBytes || bytes > kMaxPlausibleLlcBytes) {
    answer->skipped.push_back(source + ": " + Human(bytes) + " is implausible");
    return false;
  }
  answer->bytes = bytes;
  answer->source = source;
  return true;
}

// No part gives one logical CPU more than ~12 MiB of its last-level cache (a 96 MiB stacked L3
// over 8 cores, 1152 MiB over 96). A virtual machine may show its few CPUs the host's whole cache
// (an Emerald Rapids guest: 300 MiB "shared by" its 2 vCPUs, while other tenants use the rest;
// planning with it left 16M-element fp32 calls without streaming stores, 1.5x slower). Above
// this share per sharing CPU the plan takes the share times the CPUs.
constexpr int64_t kMaxLlcBytesPerCpu = 16 * kMiB;

// Accept for a cache shared by `sharing` logical CPUs (0: unknown), bounded as above.
bool AcceptShared(int64_t bytes, int64_t sharing, const std::string& source, CacheAnswer* answer) {
  const int64_t bound = kMaxLlcBytesPerCpu * sharing;
  if (sharing <= 0 || bytes <= bound || bytes > kMaxPlausibleLlcBytes) {
    return Accept(bytes, source, answer);
  }
  return Accept(bound,
                source + ": " + Human(bytes) + " for " + std::to_string(sharing) +
                    " logical CPUs, more than a CPU gets on any part; planning with " +
                    Human(kMaxLlcBytesPerCpu) + " each",
                answer);
}

// "0-1\n", "0,2,4-7\n" → the number of CPUs listed; 0 when not such a list (or over a million).
constexpr long kMaxListedCpus = long{1} << 20;
int64_t CountCpuList(const std::string& text) {
  int64_t count = 0;
  const char* p = text.c_str();
  while (*p >= '0' && *p <= '9') {
    char* end = nullptr;
    const long first = std::strtol(p, &end, 10);
    long last = first;
    if (*end == '-') {
      p = end + 1;
      if (*p < '0' || *p > '9') return 0;
      last = std::strtol(p, &end, 10);
      if (last < first) return 0;
    }
    if (first < 0 || last - first >= kMaxListedCpus - count) return 0;  // not a real machine
    count += last - first + 1;
    p = end;
    if (*p == ',') ++p;
  }
  return (*p == '\0' || *p == '\n') ? count : 0;
}

// "32768K\n" → 33554432; 0 when not a size.
int64_t ParseSysfsSize(const std::string& text) {
  int64_t bytes = 0;
  if (!ParseCacheBytes(text.substr(0, text.find_first_of(" \n")).c_str(), &bytes, nullptr)) {
    return 0;
  }
  return bytes;
}

bool FromSysfs(const CacheProbe& probe, CacheAnswer* answer) {
  if (!probe.readFile) return false;
  int bestLevel = 0;
  int64_t bestBytes = 0;
  std::string bestIndex;
  for (int i = 0; i < 16; ++i) {
    const std::string dir = probe.sysfsCacheDir + "/index" + std::to_string(i);
    std::string levelText, typeText, sizeText;
    if (!probe.readFile(dir + "/level", &levelText)) break;
    const int level = std::atoi(levelText.c_str());
    if (probe.readFile(dir + "/type", &typeText) && typeText.rfind("Instruction", 0) == 0) continue;
    if (!probe.readFile(dir + "/size", &sizeText)) continue;
    const int64_t bytes = ParseSysfsSize(sizeText);
    if (bytes > 0 && level >= bestLevel) {
      bestLevel = level;
      bestBytes = bytes;
      bestIndex = "index" + std::to_string(i);
    }
  }
  std::string cpus;
  const int64_t sharing =
      bestIndex.empty() ||
              !probe.readFile(probe.sysfsCacheDir + "/" + bestIndex + "/shared_cpu_list", &cpus)
          ? 0
          : CountCpuList(cpus);
  return AcceptShared(bestBytes, sharing,
                      "sysfs (L" + std::to_string(bestLevel) + ", cpu0 " + bestIndex + ")", answer);
}

// Walks a deterministic cache leaf (Intel 4, AMD 0x8000001D: same layout) for the highest-level
// data or unified cache. Its size is one cache instance: what a core can use, shared with the
// `sharing` logical processors of its core complex (not the package total).
bool FromDeterministicLeaf(const CacheProbe& probe, uint32_t leaf, CacheAnswer* answer) {
  int bestLevel = 0;
  int64_t bestBytes = 0;
  uint32_t bestSharing = 0;
  for (uint32_t sub = 0; sub < 16; ++sub) {
    uint32_t r[4] = {0, 0, 0, 0};
    probe.cpuid(leaf, sub, r);
    const uint32_t type = r[0] & 0x1f;  // 0 none, 1 data, 2 instruction, 3 unified
    if (type == 0) break;
    if (type == 2) continue;
    const int level = static_cast<int>((r[0] >> 5) & 0x7);
    const int64_t ways = ((r[1] >> 22) & 0x3ff) + 1;
    const int64_t partitions = ((r[1] >> 12) & 0x3ff) + 1;
    const int64_t line = (r[1] & 0xfff) + 1;
    const int64_t sets = static_cast<int64_t>(r[2]) + 1;
    if (level >= bestLevel) {
      bestLevel = level;
      bestBytes = ways * partitions * line * sets;
      bestSharing = ((r[0] >> 14) & 0xfff) + 1;
    }
  }
  char source[128];
  std::snprintf(source, sizeof(source),
                "cpuid leaf 0x%x (L%d, one instance shared by %u logical CPUs)", leaf, bestLevel,
                bestSharing);
  return AcceptShared(bestBytes, bestSharing, source, answer);
}

bool FromCpuid(const CacheProbe& probe, CacheAnswer* answer) {
  if (!probe.cpuid) return false;
  uint32_t r[4] = {0, 0, 0, 0};
  probe.cpuid(0, 0, r);
  const uint32_t maxLeaf = r[0];
  char vendor[13] = {};
  std::memcpy(vendor, &r[1], 4);
  std::memcpy(vendor + 4, &r[3], 4);
  std::memcpy(vendor + 8, &r[2], 4);
  const bool amd =
      std::strcmp(vendor, "AuthenticAMD") == 0 || std::strcmp(vendor, "HygonGenuine") == 0;
  probe.cpuid(0x80000000u, 0, r);
  const uint32_t maxExt = r[0] >= 0x80000000u ? r[0] : 0;
  if (!amd) return maxLeaf >= 4 && FromDeterministicLeaf(probe, 4, answer);

  probe.cpuid(1, 0, r);
  const uint32_t family = ((r[0] >> 8) & 0xf) + ((r[0] >> 20) & 0xff);
  bool topologyLeaf = false;
  if (maxExt >= 0x80000001u) {
    probe.cpuid(0x80000001u, 0, r);
    topologyLeaf = maxExt >= 0x8000001Du && ((r[2] >> 22) & 1) != 0;  // TOPOEXT
  }
  if (topologyLeaf && FromDeterministicLeaf(probe, 0x8000001Du, answer)) return true;
  if (maxExt < 0x80000006u) return false;
  // Without the topology leaf (hypervisors often hide it) only 0x80000006 remains; on Zen its
  // L3 figure is the whole package (every core complex together).
  probe.cpuid(0x80000006u, 0, r);
  const int64_t l3 = static_cast<int64_t>((r[3] >> 18) & 0x3fff) * 512 * kKiB;
  if (l3 > 0) {
    if (family >= 0x17 && l3 > kZenCoreComplexL3) {
      return Accept(kZenCoreComplexL3,
                    "cpuid leaf 0x80000006 (L3 " + Human(l3) +
                        " for the whole package; one Zen core complex holds at most " +
                        Human(kZenCoreComplexL3) + ")",
                    answer);
    }
    if (Accept(l3, "cpuid leaf 0x80000006 (L3)", answer)) return true;
  }
  return Accept(static_cast<int64_t>(r[2] >> 16) * kKiB, "cpuid leaf 0x80000006 (L2)", answer);
}

bool FromSysconf(const CacheProbe& probe, CacheAnswer* answer) {
#if defined(_SC_LEVEL3_CACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE)
  if (!probe.sysconf) return false;
  const long l3 = probe.sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l3 > 0) return Accept(l3, "sysconf(_SC_LEVEL3_CACHE_SIZE)", answer);
  return Accept(probe.sysconf(_SC_LEVEL2_CACHE_SIZE), "sysconf(_SC_LEVEL2_CACHE_SIZE)", answer);
#else
  (void)probe;
  (void)answer;
  return false;
#endif
}

}  // namespace

bool ParseCacheBytes(const char* text, int64_t* bytes, std::string* why) {
  const auto fail = [&](const char* what) {
    if (why != nullptr) *why = what;
    return false;
  };
  if (text == nullptr || *text < '0' || *text > '9') return fail("not a number");
  errno = 0;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text, &end, 10);
  if (errno == ERANGE) return fail("out of range");
  int shift = 0;
  if (*end == 'K' || *end == 'k') shift = 10;
  if (*end == 'M' || *end == 'm') shift = 20;
  if (*end == 'G' || *end == 'g') shift = 30;
  if (shift != 0) ++end;
  if (*end != '\0') return fail("unexpected characters after the number");
  if (n == 0) return fail("zero");
  constexpr unsigned long long kMax = 1ull << 40;
  if (n > (kMax >> shift)) return fail("larger than 1 TiB");
  *bytes = static_cast<int64_t>(n << shift);
  return true;
}

CacheAnswer DetectLastLevelCache(const CacheProbe& probe) {
  CacheAnswer answer;
  if (FromSysfs(probe, &answer) || FromCpuid(probe, &answer) || FromSysconf(probe, &answer)) {
    return answer;
  }
  answer.bytes = kernels::kDefaultLastLevelCacheBytes;
  answer.source = "default (no source gave a plausible size)";
  return answer;
}

}  // namespace rt
}  // namespace aclcpu
