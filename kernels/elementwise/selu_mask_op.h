// SeluBackward's fp32 arithmetic with the comparison kept in an AVX-512 mask register, for the
// tuned fp16 / bf16 / int32 rows of instances/selu.cpp.
#pragma once

#include "elementwise/chunked.h"
#include "elementwise/functors/selu.h"

namespace aclcpu {
namespace kernels {

#if defined(EIGEN_VECTORIZE_AVX512)
#define ACLCPU_SELU_MASK_OP 1
// SeluBackwardF32Fn / SeluBackwardHalfFn<V, false> on fp32 packets with the comparison kept in a
// mask register: the generic functors go through Eigen's all-ones vector masks, which costs a
// mask-to-vector and a vector-to-mask move per packet (~25% of the fp16 row in cache). Same
// operations otherwise: the sum for every lane (rounded to fp16 when kHalfSum), the factor
// selected by y < 0 (or y <= 0), one multiply g * factor.
template <bool kZeroIsNegative, bool kHalfSum>
struct SeluBackwardMaskOp {
  __m512 lambda, lambdaAlpha;
  SeluBackwardMaskOp()
      : lambda(_mm512_set1_ps(kHalfSum ? kSeluLambdaF16 : kSeluLambda)),
        lambdaAlpha(_mm512_set1_ps(kHalfSum ? kSeluLambdaAlphaF16 : kSeluLambdaAlpha)) {}
  EIGEN_ALWAYS_INLINE Packet operator()(const Packet& g, const Packet& y) const {
    const __mmask16 neg =
        _mm512_cmp_ps_mask(y, _mm512_setzero_ps(), kZeroIsNegative ? _CMP_LE_OQ : _CMP_LT_OQ);
    const __m512 factor =
        kHalfSum ? _mm512_mask_mov_ps(lambda, neg, RoundToHalfPacket(_mm512_add_ps(y, lambdaAlpha)))
                 : _mm512_mask_add_ps(lambda, neg, y, lambdaAlpha);
    return _mm512_mul_ps(g, factor);
  }
};
#else
#define ACLCPU_SELU_MASK_OP 0
#endif

}  // namespace kernels
}  // namespace aclcpu
