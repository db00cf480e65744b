// In-register forms of FloatToHalfRoundAway and FloatToBf16RoundAway (convert.h): fp32 packet
// -> 16-bit elements rounded half away from zero, for the current generation's CAST_ROUND
// outputs. Each performs the scalar definition's operations lane by lane (the same fp32
// subtractions and comparisons), so a packet gives the bits of the element-by-element loop.
#pragma once

#include <cstdint>

#include "elementwise/packet_io.h"

namespace aclcpu {
namespace kernels {
namespace pio {

// FloatToHalfRoundAway in one conversion: a float exactly halfway between two fp16 neighbours is
// moved one fp32 step away from zero (its bits + 1, sign and magnitude) and then rounded to
// nearest-even, which then goes away from zero; every other float is rounded as it is. For a float
// of exponent field e the fp16 spacing is 2^-10 of its binade down to e = 113 and 2^-24 below, so
// the bits under the fp16 spacing are the low s = max(13, 126 - e) bits of the significand m (23
// stored bits and the leading one), and the float is a tie iff m << (32 - s) == 2^31. For e < 102
// (below half the smallest subnormal) s > 24 and the shift leaves bit 23 + (32 - s) < 31 set, or
// the count is negative, which vpsllvd treats as >= 32 (0): never a tie. The tie's low bits are not
// all ones, so + 1 never carries into the exponent. NaN and infinity convert as before (a NaN's
// payload below the fp16 bits changes nothing). Replaces a form that converted three times and
// compared (about 12 cycles more per packet than the nearest-even store, measured in cache on Zen
// 5).
#if defined(EIGEN_VECTORIZE_AVX512)
inline __m256i ToF16RoundAway(const P& f) {
  const __m512i x = _mm512_castps_si512(f);
  const __m256i nearest = _mm512_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
  // Where the fp16 result is normal (|f| >= 2^-14) a tie has low 13 bits 0x1000; below, any
  // nonzero magnitude may be one. Packets with neither (almost all: results that are fp16 values
  // already, e.g. an identity branch, have low bits 0) keep the nearest-even conversion.
  const __m512i mag = _mm512_and_si512(x, _mm512_set1_epi32(0x7FFFFFFF));
  const __mmask16 maybe =
      _mm512_cmpeq_epi32_mask(_mm512_and_si512(x, _mm512_set1_epi32(0x1FFF)),
                              _mm512_set1_epi32(0x1000)) |
      _mm512_cmplt_epu32_mask(_mm512_sub_epi32(mag, _mm512_set1_epi32(1)),
                              _mm512_set1_epi32(0x387FFFFF));  // 0 < |f| < 2^-14
  if (__builtin_expect(maybe == 0, 1)) return nearest;
  const __m512i e = _mm512_and_si512(_mm512_srli_epi32(x, 23), _mm512_set1_epi32(0xFF));
  const __m512i shift = _mm512_min_epi32(_mm512_sub_epi32(e, _mm512_set1_epi32(94)),
                                         _mm512_set1_epi32(19));  // 32 - s
  // m = (x & 0x7FFFFF) | 0x800000: ternary-logic 0xEA is (A & B) | C.
  const __m512i m =
      _mm512_ternarylogic_epi32(x, _mm512_set1_epi32(0x7FFFFF), _mm512_set1_epi32(0x800000), 0xEA);
  const __mmask16 tie = _mm512_cmpeq_epi32_mask(_mm512_sllv_epi32(m, shift),
                                                _mm512_set1_epi32(static_cast<int>(0x80000000u)));
  const __m512i nudged = _mm512_mask_add_epi32(x, tie, x, _mm512_set1_epi32(1));
  return _mm512_cvtps_ph(_mm512_castsi512_ps(nudged), _MM_FROUND_TO_NEAREST_INT);
}
// FloatToBf16RoundAway: (x + 0x8000) >> 16; NaN: (x >> 16) | 0x40.
inline __m256i ToBf16RoundAway(const P& f) {
  const __m512i x = _mm512_castps_si512(f);
  const __m512i rounded = _mm512_srli_epi32(_mm512_add_epi32(x, _mm512_set1_epi32(0x8000)), 16);
  const __m512i nan = _mm512_or_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(0x40));
  const __mmask16 isNan = _mm512_cmp_ps_mask(f, f, _CMP_UNORD_Q);
  return _mm512_cvtepi32_epi16(_mm512_mask_blend_epi32(isNan, rounded, nan));
}
#elif defined(EIGEN_VECTORIZE_AVX2) && defined(__F16C__) && defined(__x86_64__)
inline __m128i ToF16RoundAway(const P& f) {  // as above; a tie lane's compare is -1: x - (-1)
  const __m256i x = _mm256_castps_si256(f);
  const __m256i e = _mm256_and_si256(_mm256_srli_epi32(x, 23), _mm256_set1_epi32(0xFF));
  const __m256i shift =
      _mm256_min_epi32(_mm256_sub_epi32(e, _mm256_set1_epi32(94)), _mm256_set1_epi32(19));
  const __m256i m = _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi32(0x7FFFFF)),
                                    _mm256_set1_epi32(0x800000));
  const __m256i tie = _mm256_cmpeq_epi32(_mm256_sllv_epi32(m, shift),
                                         _mm256_set1_epi32(static_cast<int>(0x80000000u)));
  return _mm256_cvtps_ph(_mm256_castsi256_ps(_mm256_sub_epi32(x, tie)), _MM_FROUND_TO_NEAREST_INT);
}
inline __m128i ToBf16RoundAway(const P& f) {
  const __m256i x = _mm256_castps_si256(f);
  const __m256i rounded = _mm256_srli_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x8000)), 16);
  const __m256i nan = _mm256_or_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(0x40));
  const __m256 isNan = _mm256_cmp_ps(f, f, _CMP_UNORD_Q);
  const __m256i r = _mm256_castps_si256(
      _mm256_blendv_ps(_mm256_castsi256_ps(rounded), _mm256_castsi256_ps(nan), isNan));
  return _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}
#endif

}  // namespace pio
}  // namespace kernels
}  // namespace aclcpu
