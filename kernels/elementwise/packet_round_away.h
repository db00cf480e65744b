// In-register forms of FloatToHalfRoundAway and FloatToBf16RoundAway (convert.h): fp32 packet
// -> 16-bit elements rounded half away from zero, for the current generation's CAST_ROUND
// outputs. Each performs the scalar definition's operations lane by lane (the same fp32
// subtractions and comparisons), so a packet gives the bits of the element-by-element loop.
#pragma once

#include <cstdint>
#include <limits>

#include "elementwise/packet_io.h"

namespace aclcpu {
namespace kernels {
namespace pio {

// FloatToHalfRoundAway: h = nearest-even fp16 of f; h + 1 (one step away from zero) where h is
// finite, lo = |h| < a = |f| and a - lo == |h + 1| - a (a tie that went toward zero). NaN and
// overflow give a NaN or infinite lo, which fails `lo < inf`.
#if defined(EIGEN_VECTORIZE_AVX512)
inline __m256i ToF16RoundAway(const P& f) {
  const __m256i h = _mm512_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
  const __m256i h1 = _mm256_add_epi16(h, _mm256_set1_epi16(1));
  const P a = _mm512_abs_ps(f);
  const P lo = _mm512_abs_ps(_mm512_cvtph_ps(h));
  const P hi = _mm512_abs_ps(_mm512_cvtph_ps(h1));
  const P inf = _mm512_set1_ps(std::numeric_limits<float>::infinity());
  __mmask16 k = _mm512_cmp_ps_mask(lo, inf, _CMP_LT_OQ);
  k = _mm512_mask_cmp_ps_mask(k, lo, a, _CMP_LT_OQ);
  k = _mm512_mask_cmp_ps_mask(k, _mm512_sub_ps(a, lo), _mm512_sub_ps(hi, a), _CMP_EQ_OQ);
  const __m256i step = _mm512_cvtepi32_epi16(_mm512_maskz_set1_epi32(k, 1));
  return _mm256_add_epi16(h, step);
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
inline __m128i ToF16RoundAway(const P& f) {
  const __m128i h = _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT);
  const __m128i h1 = _mm_add_epi16(h, _mm_set1_epi16(1));
  const P absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const P a = _mm256_and_ps(f, absMask);
  const P lo = _mm256_and_ps(_mm256_cvtph_ps(h), absMask);
  const P hi = _mm256_and_ps(_mm256_cvtph_ps(h1), absMask);
  const P inf = _mm256_set1_ps(std::numeric_limits<float>::infinity());
  const P k = _mm256_and_ps(
      _mm256_and_ps(_mm256_cmp_ps(lo, inf, _CMP_LT_OQ), _mm256_cmp_ps(lo, a, _CMP_LT_OQ)),
      _mm256_cmp_ps(_mm256_sub_ps(a, lo), _mm256_sub_ps(hi, a), _CMP_EQ_OQ));
  const __m256i ki = _mm256_castps_si256(k);  // lanes of 0 or -1, packed to 16 bits
  const __m128i k16 = _mm_packs_epi32(_mm256_castsi256_si128(ki), _mm256_extracti128_si256(ki, 1));
  return _mm_sub_epi16(h, k16);
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
