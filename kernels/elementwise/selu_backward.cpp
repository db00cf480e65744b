// SeluBackward for both kernel generations (formulas.h). The branch is a blend, not a jump:
// the sign of y is random in practice.
#include <limits>

#include "elementwise/chunked.h"
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"
#include "elementwise/selu_int8.h"

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
    // Selecting the factor and multiplying once gives the bits of selecting between the two
    // products: the product taken is the same operation on the same operands.
#if defined(EIGEN_VECTORIZE_AVX512)
    // The add only where it is selected (a masked add): a compare and one more op.
    const __mmask16 m =
        _mm512_cmp_ps_mask(y, _mm512_setzero_ps(), kZeroIsNegative ? _CMP_LE_OQ : _CMP_LT_OQ);
    return ei::pmul(
        g, _mm512_mask_add_ps(_mm512_set1_ps(kSeluLambda), m, y, _mm512_set1_ps(kSeluLambdaAlpha)));
#else
    const Packet neg = ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlpha));
    return ei::pmul(g, SelectNegative<kZeroIsNegative>(y, neg, ei::pset1<Packet>(kSeluLambda)));
#endif
  }
};

// Packet form of SeluBackwardLegacyHalf(): fp16 arithmetic, every op rounded to fp16.
// kFinalRound = false leaves the last rounding of both branches to the output: fp16 stores round
// to nearest-even, which is idempotent and monotone, so rounding the selected product there gives
// the same bits as rounding each product here (a truncating output needs kFinalRound = true;
// legacy int8 uses SeluLegacyI8Op below instead, with the same bits for integer inputs).
template <bool kFinalRound>
struct SeluLegacyHalfOp {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet sum = RoundToHalfPacket(ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlphaF16)));
    const Packet r = ei::pmul(g, SelectNegative<false>(y, sum, ei::pset1<Packet>(kSeluLambdaF16)));
    return kFinalRound ? RoundToHalfPacket(r) : r;
  }
};

// Legacy int8: SeluLegacyHalfOp<true> followed by truncation, shortened for integer g and y
// (tests/kernels/test_fast_paths.cpp checks all 2^16 pairs against the reference).
//  - fl16(y + 1.7578125) for an integer y < 0 is y + 1.7578125 itself for y >= -17 (at most 11
//    significant bits) and y + 1.75 for y <= -18 (the 1/128-grid fraction 0.2421875 rounds to
//    0.25 on the 1/64 to 1/16 grids of [16, 128): 15.5/64 ties to 16/64, 7.75/32, 3.875/16 up).
//  - x = g * s is then exact in fp32: g has 8 bits, s is a multiple of 1/256 below 128 in
//    magnitude, so x is a multiple of 1/256 with |x| < 2^14 (22 bits).
//  - trunc(fl16(x)) = trunc(x + copysign(h, x)), h = half an fp16 ulp of x = 2^(e - 11) for
//    |x| in [2^e, 2^(e+1)) (no fp16 subnormal: x = 0 or |x| >= 2^-8): rounding to nearest moves x
//    up to the next integer n exactly when x >= n - h in magnitude (a tie goes to n, which is
//    even on the fp16 grid below 1024; beyond that the result saturates either way), and never
//    down past an integer. The sum is exact (at most 24 bits), so fused or not it is the same.
//  - No NaN or infinity can arise, so the output only truncates and saturates.
struct SeluLegacyI8Op {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet zero = ei::pzero(y);
#if defined(EIGEN_VECTORIZE_AVX512)
    const __mmask16 far = _mm512_cmp_ps_mask(y, _mm512_set1_ps(-17.5f), _CMP_LT_OQ);
    const __mmask16 neg = _mm512_cmp_ps_mask(y, zero, _CMP_LT_OQ);
    const Packet c =
        _mm512_mask_blend_ps(far, _mm512_set1_ps(kSeluLambdaAlphaF16), _mm512_set1_ps(1.75f));
    const Packet s = _mm512_mask_add_ps(_mm512_set1_ps(kSeluLambdaF16), neg, y, c);
#else
    const Packet c = ei::pselect(ei::pcmp_lt(y, ei::pset1<Packet>(-17.5f)),
                                 ei::pset1<Packet>(1.75f), ei::pset1<Packet>(kSeluLambdaAlphaF16));
    const Packet s =
        ei::pselect(ei::pcmp_lt(y, zero), ei::padd(y, c), ei::pset1<Packet>(kSeluLambdaF16));
#endif
    const Packet x = ei::pmul(g, s);
    const Packet signExp = ei::pand(x, ei::pset1<Packet>(-std::numeric_limits<float>::infinity()));
    return ei::pmadd(signExp, ei::pset1<Packet>(0x1p-11f), x);
  }
};

// Output policies of the int8 kernels for results that are finite and below 2^15 in magnitude
// (all that the int8 ops produce): the checks for NaN and the clamps before the conversions of
// I8TruncIo / I8HalfIo change nothing there and are left out; the buffered paths keep them.
struct I8TruncBoundedIo : I8TruncIo {
#if ACLCPU_PACKET_IO
  static void Store(T* d, const Packet& v) { pio::Store(d, ToI8(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, ToI8(v)); }
#if defined(EIGEN_VECTORIZE_AVX512)
  static __m128i ToI8(const Packet& v) { return _mm512_cvtsepi32_epi8(_mm512_cvttps_epi32(v)); }
#else
  static __m128i ToI8(const Packet& v) { return pio::PackI8(_mm256_cvttps_epi32(v)); }
#endif
#endif
};
struct I8HalfBoundedIo : I8HalfIo {
#if ACLCPU_PACKET_IO
  static void Store(T* d, const Packet& v) {
    pio::Store(d, pio::ToI8HalfEven(RoundToHalfPacket(v)));
  }
  static void Stream(T* d, const Packet& v) {
    pio::Stream(d, pio::ToI8HalfEven(RoundToHalfPacket(v)));
  }
#endif
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
#define ACLCPU_SELU_BF16_KERNEL(name, op)                                       \
  void name##Contiguous(void* out, const void* in0, const void* in1, int64_t n, \
                        const KernelParams& /*params*/, bool stream) {          \
    RunBf16(out, in0, in1, n, op(), stream);                                    \
  }

ACLCPU_SELU_BF16_KERNEL(SeluBackwardLegacyBF16, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI32, I32TruncIo, LegacyF32)
#if ACLCPU_SELU_I8_LANES16
void SeluBackwardLegacyI8Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                    const KernelParams& /*params*/, bool stream) {
  i8lanes::RunBytes(out, in0, in1, n, i8lanes::LegacyI8Lanes(), stream);
}
#else
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI8, I8TruncBoundedIo, SeluLegacyI8Op)
#endif
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF32, F32Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF16, F16Io, CurrentF32)
ACLCPU_SELU_BF16_KERNEL(SeluBackwardCurrentBF16, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI32, I32HalfIo, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI8, I8HalfBoundedIo, CurrentF32)

#undef ACLCPU_SELU_BF16_KERNEL
#undef ACLCPU_SELU_KERNEL

}  // namespace kernels
}  // namespace aclcpu
