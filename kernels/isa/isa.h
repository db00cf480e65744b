// Run-time choice of the kernels' instruction set. The compute part of the kernel library is
// built once per ISA variant (each its own shared object, see kernels/CMakeLists.txt); one variant
// is chosen once per process: the best one this build carries that the CPU supports, capped by
// ACLNN_CPU_MAX_ISA. Nothing here includes the runtime: aclInit refuses a bad cap through
// IsaCapError, and the runtime logs IsaName(SelectedIsa()).
#pragma once

#include <string>

namespace aclcpu {
namespace kernels {

// Ordered: a higher level may use every instruction of a lower one (same architecture).
enum class Isa : int {
  kBaseline = 0,  // x86-64: SSE2 only
  kAvx2,          // x86-64-v3: AVX2, FMA, F16C, BMI1/2, LZCNT, MOVBE
  kAvx512,        // x86-64-v4: AVX-512 F/BW/CD/DQ/VL
  kAvx512Bf16,    // the same plus AVX512_BF16, VBMI, VBMI2 (Cooper Lake, Sapphire Rapids, Zen 4+)
  kNeon,          // AArch64 (Advanced SIMD is part of Armv8-A)
  kNative,        // ACLNN_CPU_NATIVE=ON: one variant for the build machine (no choice)
};

// "baseline", "avx2", "avx512", "avx512_bf16", "neon", "native".
const char* IsaName(Isa isa);

// The variant every kernel call of this process uses (chosen at the first call).
Isa SelectedIsa();

// Empty when ACLNN_CPU_MAX_ISA is unset or names a level of this architecture; otherwise the
// message aclInit returns (the selection then ignores the variable).
std::string IsaCapError();

// For tests: the variant this process would choose without ACLNN_CPU_MAX_ISA.
Isa UncappedIsa();

// For tests and logs: whether the CPU can run `isa`, and the variants this build carries,
// lowest first (writes up to `max` entries, returns the count).
bool CpuSupports(Isa isa);
int BuiltIsas(Isa* out, int max);

}  // namespace kernels
}  // namespace aclcpu
