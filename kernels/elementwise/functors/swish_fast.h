// Hand-tuned npu kernels of the Swish family for the kernel-list rows marked ACLCPU_KERNEL_TUNED:
// the generic functors (functors/swish.h) run by run4::Run (run4.h: everything inlined, four
// packets a step), so the same operations in the vendor's order and the same bits; Swish
// forward's β template (params.mode) is chosen once per call, not per packet.
//
// Measured and dropped (in cache, AVX-512 build machine): replacing vdivps by vrcp14ps with two
// FMA corrections (the same quotient bit for bit, but fp32 SwishBackward went from 0.29 to 0.40
// ns/element: the divider is not the bottleneck, the exp's ~16 operations are), and a per-thread
// table of all 65536 results of 16-bit Swish forward (lookups by gather from a 128 KiB table cost
// ~2 ns/element, several times the computation).
#pragma once

#include "elementwise/functors/swish.h"
#include "elementwise/run4.h"  // first: see io.h on GCC warnings

namespace aclcpu {
namespace kernels {
namespace swish_fast {

// The general template with β = 1 (aclnnSilu, and aclnnSwish's default): its multiplication by
// 1 is exact and left out. Not a params.mode value: chosen here from the scalar.
constexpr int kSwishUnitBeta = 3;

// SwishFn with its β template fixed: Mode is params.mode (or kSwishUnitBeta).
template <int Mode>
struct SwishModeFn : SwishFn<Packet> {
  explicit SwishModeFn(const KernelParams& p) : SwishFn<Packet>(p) {}
  EIGEN_ALWAYS_INLINE Packet operator()(const Packet& x) const {
    using namespace vm;
    if constexpr (Mode == kSwishMinusOne) {
      return Div(x, Add(One<Packet>(), Exp(x)));
    } else if constexpr (Mode == kSwishZero) {
      return Mul(Set<Packet>(0.5f), x);
    } else if constexpr (Mode == kSwishUnitBeta) {
      return Div(x, Add(One<Packet>(), Exp(Neg(x))));  // (−x)·1 is −x
    } else {
      return Div(x, Add(One<Packet>(), Exp(Mul(Neg(x), beta))));
    }
  }
};

}  // namespace swish_fast

template <typename Io>
void SwishNpuTuned(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                   bool stream) {
  using namespace swish_fast;
  using run4::Run;
  if (p.mode == kSwishMinusOne) {
    Run<Io, 1, SwishModeFn<kSwishMinusOne>>(out, in, n, p, stream);
  } else if (p.mode == kSwishZero) {
    Run<Io, 1, SwishModeFn<kSwishZero>>(out, in, n, p, stream);
  } else if (p.Get<float>(0) == 1.0f) {
    Run<Io, 1, SwishModeFn<kSwishUnitBeta>>(out, in, n, p, stream);
  } else {
    Run<Io, 1, SwishModeFn<kSwishGeneral>>(out, in, n, p, stream);
  }
}
template <typename Io>
void SwishBackwardNpuTuned(void* const* out, const void* const* in, int64_t n,
                           const KernelParams& p, bool stream) {
  run4::Run<Io, 2, SwishBackwardFn<Packet>>(out, in, n, p, stream);
}
template <typename Io>
void SiluBackwardNpuTuned(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                          bool stream) {
  run4::Run<Io, 2, SiluBackwardFn<Packet>>(out, in, n, p, stream);
}

}  // namespace kernels
}  // namespace aclcpu
