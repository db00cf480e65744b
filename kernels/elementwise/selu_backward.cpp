// SeluBackward for both kernel generations (formulas.h). The branch is a blend, not a jump:
// the sign of y is random in practice.
#include "elementwise/chunked.h"
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"

namespace aclcpu {
namespace kernels {
namespace {

namespace ei = Eigen::internal;

// neg where y < 0 (kZeroIsNegative: y <= 0), else pos; NaN y selects pos.
template <bool kZeroIsNegative>
inline Packet SelectNegative(const Packet& y, const Packet& neg, const Packet& pos) {
#if defined(EIGEN_VECTORIZE_AVX512)
  // A compare mask and one blend (Eigen's pselect goes through a vector mask).
  const __mmask16 m =
      _mm512_cmp_ps_mask(y, _mm512_setzero_ps(), kZeroIsNegative ? _CMP_LE_OQ : _CMP_LT_OQ);
  return _mm512_mask_blend_ps(m, pos, neg);
#else
  const Packet zero = ei::pzero(y);
  return ei::pselect(kZeroIsNegative ? ei::pcmp_le(y, zero) : ei::pcmp_lt(y, zero), neg, pos);
#endif
}

// Packet form of SeluBackward<kZeroIsNegative>() in fp32.
template <bool kZeroIsNegative>
struct SeluF32Op {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet neg = ei::pmul(g, ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlpha)));
    const Packet pos = ei::pmul(g, ei::pset1<Packet>(kSeluLambda));
    return SelectNegative<kZeroIsNegative>(y, neg, pos);
  }
};

// Packet form of SeluBackwardLegacyHalf(): fp16 arithmetic, every op rounded to fp16.
// kFinalRound = false leaves the last rounding of both branches to the output: fp16 stores round
// to nearest-even, which is idempotent and monotone, so rounding the selected product there gives
// the same bits as rounding each product here (int8 truncates, so it keeps kFinalRound = true).
template <bool kFinalRound>
struct SeluLegacyHalfOp {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet sum = RoundToHalfPacket(ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlphaF16)));
    const Packet neg = ei::pmul(g, sum);
    const Packet pos = ei::pmul(g, ei::pset1<Packet>(kSeluLambdaF16));
    const Packet r = SelectNegative<false>(y, neg, pos);
    return kFinalRound ? RoundToHalfPacket(r) : r;
  }
};

using LegacyF32 = SeluF32Op<false>;
using CurrentF32 = SeluF32Op<true>;

}  // namespace

#define ACLCPU_SELU_KERNEL(name, io, op)                                        \
  void name##Contiguous(void* out, const void* in0, const void* in1, int64_t n, \
                        const KernelParams& /*params*/, bool stream) {          \
    RunChunked<io>(out, in0, in1, n, op(), stream);                             \
  }

ACLCPU_SELU_KERNEL(SeluBackwardLegacyF32, F32Io, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyF16, F16Io, SeluLegacyHalfOp<false>)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyBF16, Bf16Io, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI32, I32TruncIo, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI8, I8TruncIo, SeluLegacyHalfOp<true>)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF32, F32Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF16, F16Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentBF16, Bf16Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI32, I32HalfIo, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI8, I8HalfIo, CurrentF32)

#undef ACLCPU_SELU_KERNEL

}  // namespace kernels
}  // namespace aclcpu
