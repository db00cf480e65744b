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

// FloatToHalfRoundAway in one conversion: set the lowest fp32 bit, then round to nearest-even.
// A tie between two fp16 neighbours has its low s >= 13 bits (the bits under the fp16 spacing:
// 13 for normal fp16 results, more for subnormal ones and below) equal to 100..0, so its bit 0 is
// clear and x | 1 lies just above the tie in magnitude: nearest rounds it away from zero. Any
// other x is not a tie, and x | 1 <= x + 1 ulp never reaches or crosses the next tie (a tie has
// bit 0 clear, x | 1 has it set) nor carries into the exponent, so it rounds as x does. Infinity
// (bit 0 would make it a NaN) keeps its bits; a NaN's bit 0 lies below the payload bits fp16
// keeps. Two operations besides the conversion; the tie test it replaces (exponent, shift
// count, variable shift, compare, masked add) cost about twice the nearest-even store.
#if defined(EIGEN_VECTORIZE_AVX512)
inline __m256i ToF16RoundAway(const P& f) {
  const __m512i x = _mm512_castps_si512(f);
  const __mmask16 inf = _mm512_fpclass_ps_mask(f, 0x18);  // +inf (0x08) or -inf (0x10)
  const __m512i nudged =
      _mm512_mask_or_epi32(x, static_cast<__mmask16>(~inf), x, _mm512_set1_epi32(1));
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
inline __m128i ToF16RoundAway(const P& f) {  // as above; finite: |x| < 0x7F800000
  const __m256i x = _mm256_castps_si256(f);
  const __m256i mag = _mm256_and_si256(x, _mm256_set1_epi32(0x7FFFFFFF));
  const __m256i finite = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x7F800000), mag);
  const __m256i nudged = _mm256_or_si256(x, _mm256_srli_epi32(finite, 31));
  return _mm256_cvtps_ph(_mm256_castsi256_ps(nudged), _MM_FROUND_TO_NEAREST_INT);
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
