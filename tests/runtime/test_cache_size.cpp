// The last-level cache size behind the streaming-store decision: every source faked (sysfs
// files, cpuid leaves, sysconf), the plausibility bounds, ACLNN_CPU_LLC_BYTES at aclInit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "acl/acl.h"
#include "cache_info.h"
#include "runtime/cache_size.h"

namespace {

using aclcpu::rt::CacheAnswer;
using aclcpu::rt::CacheProbe;
using aclcpu::rt::DetectLastLevelCache;

constexpr int64_t kMiB = int64_t{1} << 20;
const std::string kDir = "/fake/cache";

// A machine whose every answer is a table entry; an absent entry is "cannot read" / 0 / zeros.
struct FakeMachine {
  std::map<std::string, std::string> files;            // path → contents
  std::map<int, long> sysconfValues;                   // _SC_* → value
  std::map<uint64_t, std::array<uint32_t, 4>> leaves;  // (leaf << 32 | subleaf) → regs
  bool hasCpuid = true;
  int sysconfCalls = 0;

  void Sysfs(int index, int level, const char* type, const char* size) {
    const std::string d = kDir + "/index" + std::to_string(index);
    files[d + "/level"] = std::to_string(level) + "\n";
    files[d + "/type"] = std::string(type) + "\n";
    files[d + "/size"] = std::string(size) + "\n";
  }
  // cpu0's sysfs cache `index`: the CPUs that share it.
  void SharedCpus(int index, const char* list) {
    files[kDir + "/index" + std::to_string(index) + "/shared_cpu_list"] = list;
  }
  void Leaf(uint32_t leaf, uint32_t sub, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    leaves[(uint64_t{leaf} << 32) | sub] = {a, b, c, d};
  }
  // Vendor string in leaf 0 (ebx, edx, ecx order), highest basic and extended leaves.
  void Vendor(const char* name, uint32_t maxLeaf, uint32_t maxExt) {
    uint32_t r[3];
    std::memcpy(r, name, 12);
    Leaf(0, 0, maxLeaf, r[0], r[2], r[1]);
    Leaf(0x80000000u, 0, maxExt, 0, 0, 0);
  }
  // A deterministic cache leaf entry (Intel 4 / AMD 0x8000001D layout).
  void CacheLeaf(uint32_t leaf, uint32_t sub, uint32_t type, uint32_t level, uint32_t sharing,
                 uint32_t ways, uint32_t sets) {
    Leaf(leaf, sub, type | (level << 5) | ((sharing - 1) << 14), ((ways - 1) << 22) | 63, sets - 1,
         0);
  }

  CacheProbe Probe() {
    CacheProbe p;
    p.sysfsCacheDir = kDir;
    p.readFile = [this](const std::string& path, std::string* text) {
      auto it = files.find(path);
      if (it == files.end()) return false;
      *text = it->second;
      return true;
    };
    p.sysconf = [this](int name) {
      ++sysconfCalls;
      auto it = sysconfValues.find(name);
      return it == sysconfValues.end() ? 0L : it->second;
    };
    if (hasCpuid) {
      p.cpuid = [this](uint32_t leaf, uint32_t sub, uint32_t regs[4]) {
        auto it = leaves.find((uint64_t{leaf} << 32) | sub);
        for (int i = 0; i < 4; ++i) regs[i] = it == leaves.end() ? 0 : it->second[i];
      };
    }
    return p;
  }
};

// This VM: AMD family 0x1A, no sysfs cache directory, no topology leaf, 0x80000006 says 508 MiB.
void ZenWithoutTopology(FakeMachine* m) {
  m->Vendor("AuthenticAMD", 13, 0x80000021u);
  m->Leaf(1, 0, 0x00b00f21, 0, 0, 0);
  m->Leaf(0x80000001u, 0, 0, 0, 0x440001f1, 0);  // bit 22 (TOPOEXT) clear
  m->Leaf(0x80000006u, 0, 0, 0, 0x04006140, 0x0fe09140);
  m->sysconfValues[_SC_LEVEL3_CACHE_SIZE] = 532676608;
}

TEST(CacheSizeTest, SysfsHighestDataOrUnifiedLevelWins) {
  FakeMachine m;
  m.Sysfs(0, 1, "Data", "48K");
  m.Sysfs(1, 1, "Instruction", "32K");
  m.Sysfs(2, 3, "Unified", "32768K");
  m.Sysfs(3, 2, "Unified", "1024K");
  ZenWithoutTopology(&m);
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source, "sysfs (L3, cpu0 index2)");
  EXPECT_EQ(m.sysconfCalls, 0);
}

TEST(CacheSizeTest, SysfsInstructionCacheAloneIsNoAnswer) {
  FakeMachine m;
  m.hasCpuid = false;
  m.Sysfs(0, 4, "Instruction", "65536K");
  m.Sysfs(1, 2, "Unified", "2048K");
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 2 * kMiB);
  EXPECT_EQ(a.source, "sysfs (L2, cpu0 index1)");
}

TEST(CacheSizeTest, ZenWithoutTopologyLeafUsesOneCoreComplex) {
  FakeMachine m;
  ZenWithoutTopology(&m);
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source,
            "cpuid leaf 0x80000006 (L3 508 MiB for the whole package; one Zen core complex holds "
            "at most 32 MiB)");
  EXPECT_EQ(m.sysconfCalls, 0);  // glibc's 508 MiB is never consulted
}

TEST(CacheSizeTest, PreZenAmdLegacyLeafIsTakenAsIs) {
  FakeMachine m;
  m.Vendor("AuthenticAMD", 13, 0x8000001Eu);
  m.Leaf(1, 0, 0x00600f20, 0, 0, 0);                    // family 0x15
  m.Leaf(0x80000006u, 0, 0, 0, 0x08006140, 16u << 18);  // L3 8 MiB, L2 2 MiB
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 8 * kMiB);
  EXPECT_EQ(a.source, "cpuid leaf 0x80000006 (L3)");
}

TEST(CacheSizeTest, AmdTopologyLeafGivesOneL3Instance) {
  FakeMachine m;
  ZenWithoutTopology(&m);
  m.Leaf(0x80000001u, 0, 0, 0, 0x440001f1 | (1u << 22), 0);
  m.CacheLeaf(0x8000001Du, 0, 1, 1, 2, 12, 64);      // L1d 48 KiB
  m.CacheLeaf(0x8000001Du, 1, 2, 1, 2, 8, 64);       // L1i
  m.CacheLeaf(0x8000001Du, 2, 3, 2, 2, 8, 2048);     // L2 1 MiB
  m.CacheLeaf(0x8000001Du, 3, 3, 3, 16, 16, 32768);  // L3 32 MiB for 16 threads
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source, "cpuid leaf 0x8000001d (L3, one instance shared by 16 logical CPUs)");
}

TEST(CacheSizeTest, IntelLeafFour) {
  FakeMachine m;
  m.Vendor("GenuineIntel", 0x1b, 0x80000008u);
  m.CacheLeaf(4, 0, 1, 1, 2, 12, 64);
  m.CacheLeaf(4, 1, 2, 1, 2, 8, 64);
  m.CacheLeaf(4, 2, 3, 2, 2, 16, 2048);      // L2 2 MiB
  m.CacheLeaf(4, 3, 3, 3, 128, 15, 114688);  // L3 105 MiB for the socket
  m.sysconfValues[_SC_LEVEL3_CACHE_SIZE] = 4 * kMiB;
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 105 * kMiB);
  EXPECT_EQ(a.source, "cpuid leaf 0x4 (L3, one instance shared by 128 logical CPUs)");
}

// A guest shown the host's whole L3 (this session's Emerald Rapids VM: 300 MiB, "shared" by its
// 2 vCPUs): at most 16 MiB per sharing CPU is planned with.
TEST(CacheSizeTest, SysfsHostCacheOnAFewVirtualCpusIsBoundedPerCpu) {
  FakeMachine m;
  m.hasCpuid = false;
  m.Sysfs(0, 2, "Unified", "2048K");
  m.Sysfs(1, 3, "Unified", "307200K");
  m.SharedCpus(1, "0-1\n");
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source,
            "sysfs (L3, cpu0 index1): 300 MiB for 2 logical CPUs, more than a CPU gets on any "
            "part; planning with 16 MiB each");
}

TEST(CacheSizeTest, SysfsSharedCpuListsAreCounted) {
  struct Case {
    const char* list;
    int64_t expected;
  };
  // 200 MiB: over 16 MiB per CPU for up to 12 CPUs; 32 MiB for 2 CPUs is exactly the bound
  // (the Zen 5 guest of earlier sessions) and stays.
  for (const Case& c :
       {Case{"0,2,4-7\n", 96 * kMiB}, Case{"3\n", 16 * kMiB}, Case{"0-15\n", 200 * kMiB},
        Case{"garbage\n", 200 * kMiB}, Case{"4-2\n", 200 * kMiB}, Case{"", 200 * kMiB},
        Case{"0-99999999999999999999\n", 200 * kMiB}}) {
    FakeMachine m;
    m.hasCpuid = false;
    m.Sysfs(0, 3, "Unified", "204800K");
    m.SharedCpus(0, c.list);
    EXPECT_EQ(DetectLastLevelCache(m.Probe()).bytes, c.expected) << "list '" << c.list << "'";
  }
  FakeMachine zen;
  zen.hasCpuid = false;
  zen.Sysfs(0, 3, "Unified", "32768K");
  zen.SharedCpus(0, "0-1\n");
  const CacheAnswer a = DetectLastLevelCache(zen.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source, "sysfs (L3, cpu0 index0)");
}

TEST(CacheSizeTest, IntelLeafFourOnAFewVirtualCpusIsBoundedPerCpu) {
  FakeMachine m;
  m.Vendor("GenuineIntel", 0x1f, 0x80000008u);
  m.CacheLeaf(4, 0, 3, 2, 1, 16, 2048);    // L2 2 MiB
  m.CacheLeaf(4, 1, 3, 3, 2, 15, 327680);  // L3 300 MiB for 2 CPUs
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 32 * kMiB);
  EXPECT_EQ(a.source,
            "cpuid leaf 0x4 (L3, one instance shared by 2 logical CPUs): 300 MiB for 2 logical "
            "CPUs, more than a CPU gets on any part; planning with 16 MiB each");
}

TEST(CacheSizeTest, ImplausibleAnswersAreSkipped) {
  FakeMachine m;
  m.Sysfs(0, 3, "Unified", "128K");  // below 256 KiB
  m.Vendor("GenuineIntel", 0x1b, 0x80000008u);
  m.CacheLeaf(4, 0, 3, 3, 8, 1024, 32768);  // 2 GiB: a hypervisor's invention
  m.sysconfValues[_SC_LEVEL3_CACHE_SIZE] = 16 * kMiB;
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 16 * kMiB);
  EXPECT_EQ(a.source, "sysconf(_SC_LEVEL3_CACHE_SIZE)");
  ASSERT_EQ(a.skipped.size(), 2u);
  EXPECT_EQ(a.skipped[0], "sysfs (L3, cpu0 index0): 128 KiB is implausible");
  EXPECT_EQ(a.skipped[1],
            "cpuid leaf 0x4 (L3, one instance shared by 8 logical CPUs): 2048 MiB is implausible");
}

TEST(CacheSizeTest, WithoutCpuidSysconfL2IsTheLastResort) {
  FakeMachine m;  // an AArch64 machine: no cpuid, glibc knows only the L2
  m.hasCpuid = false;
  m.sysconfValues[_SC_LEVEL2_CACHE_SIZE] = 1 * kMiB;
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, 1 * kMiB);
  EXPECT_EQ(a.source, "sysconf(_SC_LEVEL2_CACHE_SIZE)");
}

TEST(CacheSizeTest, NothingPlausibleGivesTheDefault) {
  FakeMachine m;
  m.hasCpuid = false;
  m.sysconfValues[_SC_LEVEL3_CACHE_SIZE] = 4096 * kMiB;
  m.sysconfValues[_SC_LEVEL2_CACHE_SIZE] = 1 * kMiB;  // not taken: an L2 is no stand-in for an L3
  const CacheAnswer a = DetectLastLevelCache(m.Probe());
  EXPECT_EQ(a.bytes, aclcpu::kernels::kDefaultLastLevelCacheBytes);
  EXPECT_EQ(a.source, "default (no source gave a plausible size)");
  ASSERT_EQ(a.skipped.size(), 1u);
  EXPECT_EQ(a.skipped[0], "sysconf(_SC_LEVEL3_CACHE_SIZE): 4096 MiB is implausible");
}

TEST(CacheSizeTest, ParseOverride) {
  struct Row {
    const char* text;
    int64_t bytes;  // 0: refused with `why`
    const char* why;
  };
  const Row rows[] = {
      {"33554432", 33554432, ""},
      {"32768K", 32 * kMiB, ""},
      {"32M", 32 * kMiB, ""},
      {"1g", 1024 * kMiB, ""},
      {"1024G", int64_t{1} << 40, ""},
      {"", 0, "not a number"},
      {"abc", 0, "not a number"},
      {"-1", 0, "not a number"},
      {" 32M", 0, "not a number"},
      {"32MB", 0, "unexpected characters after the number"},
      {"0", 0, "zero"},
      {"1025G", 0, "larger than 1 TiB"},
      {"99999999999999999999999", 0, "out of range"},
  };
  for (const Row& r : rows) {
    int64_t bytes = -1;
    std::string why;
    const bool ok = aclcpu::rt::ParseCacheBytes(r.text, &bytes, &why);
    EXPECT_EQ(ok, r.bytes != 0) << r.text;
    if (ok) {
      EXPECT_EQ(bytes, r.bytes) << r.text;
    } else {
      EXPECT_EQ(why, r.why) << r.text;
      EXPECT_EQ(bytes, -1) << r.text;
    }
  }
}

class CacheOverrideTest : public ::testing::Test {
 protected:
  void TearDown() override {
    unsetenv("ACLNN_CPU_LLC_BYTES");
    while (aclFinalize() == ACL_SUCCESS) {
    }
    aclGetRecentErrMsg();
  }
};

TEST_F(CacheOverrideTest, MalformedValueIsRefusedAtInit) {
  while (aclFinalize() == ACL_SUCCESS) {
  }
  aclGetRecentErrMsg();
  setenv("ACLNN_CPU_LLC_BYTES", "32MB", 1);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_STREQ(aclGetRecentErrMsg(),
               "aclInit: ACLNN_CPU_LLC_BYTES=\"32MB\" is not a cache size (unexpected characters "
               "after the number); expected bytes with an optional K, M or G suffix, e.g. "
               "33554432 or 32M");
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);  // nothing was initialised

  setenv("ACLNN_CPU_LLC_BYTES", "48M", 1);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclcpu::kernels::LastLevelCacheBytes(), 48 * kMiB);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);

  unsetenv("ACLNN_CPU_LLC_BYTES");
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  const CacheAnswer detected = DetectLastLevelCache(aclcpu::rt::SystemCacheProbe());
  EXPECT_EQ(aclcpu::kernels::LastLevelCacheBytes(), detected.bytes) << detected.source;
  EXPECT_GE(detected.bytes, aclcpu::rt::kMinPlausibleLlcBytes);
  EXPECT_LE(detected.bytes, aclcpu::rt::kMaxPlausibleLlcBytes);
}

}  // namespace
