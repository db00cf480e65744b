#include "isa/isa.h"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "isa/isa_variants.inc.h"

namespace aclcpu {
namespace kernels {
namespace {

struct CapName {
  const char* name;
  Isa level;
};

#if defined(__x86_64__)
constexpr CapName kCaps[] = {{"baseline", Isa::kBaseline},
                             {"avx2", Isa::kAvx2},
                             {"avx512", Isa::kAvx512},
                             {"avx512_bf16", Isa::kAvx512Bf16}};
const char* const kCapList = "baseline, avx2, avx512 or avx512_bf16";
#elif defined(__aarch64__)
constexpr CapName kCaps[] = {{"baseline", Isa::kNeon}, {"neon", Isa::kNeon}};
const char* const kCapList = "baseline or neon";
#else
constexpr CapName kCaps[] = {{"baseline", Isa::kBaseline}};
const char* const kCapList = "baseline";
#endif

struct Cap {
  bool set = false;
  bool valid = true;
  Isa level = Isa::kBaseline;
  std::string value;
};

Cap ReadCap() {
  Cap cap;
  const char* env = std::getenv("ACLNN_CPU_MAX_ISA");
  if (env == nullptr || *env == '\0') return cap;
  cap.value = env;
  for (const CapName& c : kCaps) {
    if (cap.value == c.name) {
      cap.set = true;
      cap.level = c.level;
      return cap;
    }
  }
  cap.valid = false;
  return cap;
}

const Cap& TheCap() {
  static const Cap cap = ReadCap();
  return cap;
}

}  // namespace

const char* IsaName(Isa isa) {
  switch (isa) {
    case Isa::kBaseline:
      return "baseline";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx512:
      return "avx512";
    case Isa::kAvx512Bf16:
      return "avx512_bf16";
    case Isa::kNeon:
      return "neon";
    case Isa::kNative:
      return "native";
  }
  return "?";
}

bool CpuSupports(Isa isa) {
  switch (isa) {
    case Isa::kNative:  // built for this machine by request
    case Isa::kBaseline:
      return true;
#if defined(__x86_64__)
    // libgcc's answers include the OS check (XGETBV) for the AVX and AVX-512 register state.
    case Isa::kAvx2: {
      __builtin_cpu_init();
      // F16C from cpuid leaf 1 (ECX bit 29): clang 14's __builtin_cpu_supports lacks the name.
      unsigned a = 0, b = 0, c = 0, d = 0;
      const bool f16c = __get_cpuid(1, &a, &b, &c, &d) && ((c >> 29) & 1u);
      return f16c && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
             __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
             __builtin_cpu_supports("popcnt");
    }
    case Isa::kAvx512:
      return CpuSupports(Isa::kAvx2) && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512cd") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
    case Isa::kAvx512Bf16: {
      // From cpuid itself: not every compiler's __builtin_cpu_supports knows these names (clang
      // 14 lacks avx512bf16). Leaf 7.0 ECX: bit 1 VBMI, bit 6 VBMI2; leaf 7.1 EAX: bit 5
      // AVX512_BF16. The OS's AVX-512 state was checked with avx512f above.
      if (!CpuSupports(Isa::kAvx512)) return false;
      unsigned a = 0, b = 0, c = 0, d = 0;
      if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
      const bool vbmi = (c >> 1) & 1u, vbmi2 = (c >> 6) & 1u;
      if (a < 1 || !__get_cpuid_count(7, 1, &a, &b, &c, &d)) return false;
      return vbmi && vbmi2 && ((a >> 5) & 1u);
    }
#endif
#if defined(__aarch64__)
    case Isa::kNeon:
      return true;
#endif
    default:
      return false;
  }
}

int BuiltIsas(Isa* out, int max) {
  static const Isa kBuilt[] = {
#define ACLCPU_ISA(variant, level) Isa::level,
      ACLCPU_ISA_VARIANTS
#undef ACLCPU_ISA
  };
  int n = 0;
  for (Isa isa : kBuilt) {
    if (n < max) out[n] = isa;
    ++n;
  }
  return n;
}

std::string IsaCapError() {
  const Cap& cap = TheCap();
  if (cap.valid) return std::string();
  return "ACLNN_CPU_MAX_ISA must be " + std::string(kCapList) + ", but is \"" + cap.value + "\"";
}

namespace {
// The best built variant that the CPU supports (and the cap allows, when `honourCap`); the lowest
// built one (the baseline of the architecture) when nothing else qualifies.
Isa BestBuilt(bool honourCap) {
  Isa built[8];
  const int n = BuiltIsas(built, 8);
  const Cap& cap = TheCap();
  Isa best = built[0];
  for (int i = 0; i < n; ++i) {
    if (!CpuSupports(built[i])) continue;
    if (honourCap && cap.set && built[i] != Isa::kNative &&
        static_cast<int>(built[i]) > static_cast<int>(cap.level))
      continue;
    best = built[i];
  }
  return best;
}
}  // namespace

Isa ChooseIsa() { return BestBuilt(true); }
Isa UncappedIsa() { return BestBuilt(false); }

}  // namespace kernels
}  // namespace aclcpu
