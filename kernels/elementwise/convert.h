// fp16 / bf16 / integer <-> fp32 conversions: exact scalar definitions plus block versions that
// use F16C / AVX2 where the compiler targets them. Block and scalar versions give bitwise
// identical results (round to nearest-even, subnormals kept, NaN kept quiet).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__F16C__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float BitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// ---- scalar definitions ----

inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) {  // inf or NaN (quieted, payload kept)
    return BitsToFloat(sign | 0x7f800000u | (mant << 13) | (mant != 0 ? 0x400000u : 0u));
  }
  if (exp == 0) {  // zero or subnormal: mant * 2^-24, exact in fp32
    const float m = static_cast<float>(mant) * 5.9604644775390625e-8f;
    return sign != 0 ? -m : m;
  }
  return BitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

inline uint16_t FloatToHalf(float f) {
  const uint32_t x = FloatBits(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) {  // NaN: quiet, top payload bits kept (as F16C does)
    return static_cast<uint16_t>(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
  }
  if (ax >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65520 -> inf
  if (ax >= 0x38800000u) {                                              // normal fp16 range
    const uint32_t r = ax + 0xfffu + ((ax >> 13) & 1u);
    return static_cast<uint16_t>(sign | ((r - 0x38000000u) >> 13));
  }
  // Below 2^-14: adding 0.5 (ulp 2^-24) rounds |f| to a multiple of the fp16 subnormal step.
  const float t = BitsToFloat(ax) + 0.5f;
  return static_cast<uint16_t>(sign | (FloatBits(t) - 0x3f000000u));
}

inline float Bf16ToFloat(uint16_t b) { return BitsToFloat(static_cast<uint32_t>(b) << 16); }

inline uint16_t FloatToBf16(float f) {
  const uint32_t x = FloatBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  return static_cast<uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// Value of the nearest fp16 (RNE, overflow to inf), as fp32.
inline float RoundToHalf(float f) { return HalfToFloat(FloatToHalf(f)); }

// double -> float rounded to odd (truncate, then set the last bit when inexact): a following
// nearest-even rounding to fp16 / bf16 is then the correctly rounded double -> 16-bit result.
inline float ToFloatRoundOdd(double v) {
  float f = static_cast<float>(v);
  if (std::isnan(v) || std::isinf(f) || static_cast<double>(f) == v) return f;
  if (std::fabs(static_cast<double>(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);
  return BitsToFloat(FloatBits(f) | 1u);
}

constexpr float kHalfMax = 65504.0f;

// Clamp to the finite fp16 range (NaN stays NaN).
inline float ClampToHalfRange(float f) {
  return f > kHalfMax ? kHalfMax : (f < -kHalfMax ? -kHalfMax : f);
}

// Truncation toward zero, saturating, NaN -> 0.
inline int8_t TruncSatI8(float f) {
  if (std::isnan(f)) return 0;
  if (f >= 127.0f) return 127;
  if (f <= -128.0f) return -128;
  return static_cast<int8_t>(static_cast<int32_t>(f));
}

inline int32_t TruncSatI32(float f) {
  if (std::isnan(f)) return 0;
  if (f >= 2147483648.0f) return INT32_MAX;
  if (f < -2147483648.0f) return INT32_MIN;
  return static_cast<int32_t>(f);
}

// Round half to even for |f| <= 2^22 (fp16 values), by the 1.5 * 2^23 shift.
inline float RoundHalfEvenSmall(float f) { return (f + 12582912.0f) - 12582912.0f; }

// ---- block conversions ----

inline void WidenHalf(const uint16_t* src, float* dst, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
#endif
  for (; i < n; ++i) dst[i] = HalfToFloat(src[i]);
}

inline void NarrowHalf(const float* src, uint16_t* dst, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);
  }
#endif
  for (; i < n; ++i) dst[i] = FloatToHalf(src[i]);
}

inline void WidenBf16(const uint16_t* src, float* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  for (; i + 8 <= n; i += 8) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m256i w = _mm256_slli_epi32(_mm256_cvtepu16_epi32(b), 16);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), w);
  }
#endif
  for (; i < n; ++i) dst[i] = Bf16ToFloat(src[i]);
}

inline void NarrowBf16(const float* src, uint16_t* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i bias = _mm256_set1_epi32(0x7fff);
  const __m256i quiet = _mm256_set1_epi32(0x40);
  for (; i + 8 <= n; i += 8) {
    const __m256 f = _mm256_loadu_ps(src + i);
    const __m256i x = _mm256_castps_si256(f);
    const __m256i hi = _mm256_srli_epi32(x, 16);
    const __m256i lsb = _mm256_and_si256(hi, one);
    const __m256i rounded = _mm256_srli_epi32(_mm256_add_epi32(x, _mm256_add_epi32(bias, lsb)), 16);
    const __m256i nan = _mm256_or_si256(hi, quiet);
    const __m256 isNan = _mm256_cmp_ps(f, f, _CMP_UNORD_Q);
    const __m256i r = _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(rounded), _mm256_castsi256_ps(nan), isNan));
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0x08);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm256_castsi256_si128(packed));
  }
#endif
  for (; i < n; ++i) dst[i] = FloatToBf16(src[i]);
}

inline void WidenI8(const int8_t* src, float* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  for (; i + 8 <= n; i += 8) {
    const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b)));
  }
#endif
  for (; i < n; ++i) dst[i] = static_cast<float>(src[i]);
}

// int32 -> fp32 with the current rounding mode (nearest-even by default), as cvtdq2ps does.
inline void WidenI32(const int32_t* src, float* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  for (; i + 8 <= n; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtepi32_ps(v));
  }
#endif
  for (; i < n; ++i) dst[i] = static_cast<float>(src[i]);
}

// p[i] = nearest fp16 of p[i] clamped to the finite fp16 range (NaN stays NaN).
inline void SaturateToHalfBlock(float* p, int64_t n) {
  int64_t i = 0;
#if defined(__F16C__)
  const __m256 hi = _mm256_set1_ps(kHalfMax);
  const __m256 lo = _mm256_set1_ps(-kHalfMax);
  for (; i + 8 <= n; i += 8) {
    // min/max return their second operand when one is NaN: NaN passes through.
    const __m256 c = _mm256_max_ps(lo, _mm256_min_ps(hi, _mm256_loadu_ps(p + i)));
    _mm256_storeu_ps(p + i, _mm256_cvtph_ps(_mm256_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT)));
  }
#endif
  for (; i < n; ++i) p[i] = RoundToHalf(ClampToHalfRange(p[i]));
}

inline void NarrowTruncI8(const float* src, int8_t* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  const __m256 hi = _mm256_set1_ps(127.0f);
  const __m256 lo = _mm256_set1_ps(-128.0f);
  for (; i + 8 <= n; i += 8) {
    __m256 f = _mm256_loadu_ps(src + i);
    f = _mm256_and_ps(f, _mm256_cmp_ps(f, f, _CMP_ORD_Q));  // NaN -> 0
    f = _mm256_max_ps(_mm256_min_ps(f, hi), lo);
    const __m256i v = _mm256_cvttps_epi32(f);
    const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + i), _mm_packs_epi16(w, w));
  }
#endif
  for (; i < n; ++i) dst[i] = TruncSatI8(src[i]);
}

inline void NarrowTruncI32(const float* src, int32_t* dst, int64_t n) {
  int64_t i = 0;
#if defined(__AVX2__)
  const __m256 limit = _mm256_set1_ps(2147483648.0f);
  const __m256i maxv = _mm256_set1_epi32(INT32_MAX);
  for (; i + 8 <= n; i += 8) {
    __m256 f = _mm256_loadu_ps(src + i);
    f = _mm256_and_ps(f, _mm256_cmp_ps(f, f, _CMP_ORD_Q));  // NaN -> 0
    // cvttps gives INT32_MIN for anything out of range; fix up the positive side.
    __m256i v = _mm256_cvttps_epi32(f);
    const __m256 big = _mm256_cmp_ps(f, limit, _CMP_GE_OQ);
    v = _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(v), _mm256_castsi256_ps(maxv), big));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), v);
  }
#endif
  for (; i < n; ++i) dst[i] = TruncSatI32(src[i]);
}

// Round half to even to an integer, saturating. Inputs are fp16 values (|x| <= 65504, no NaN).
inline void NarrowHalfEvenI8(const float* src, int8_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float r = RoundHalfEvenSmall(src[i]);
    dst[i] = static_cast<int8_t>(r >= 127.0f ? 127 : (r <= -128.0f ? -128 : static_cast<int>(r)));
  }
}

inline void NarrowHalfEvenI32(const float* src, int32_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<int32_t>(RoundHalfEvenSmall(src[i]));
}

}  // namespace kernels
}  // namespace aclcpu

namespace aclcpu {
namespace kernels {

// fp32 -> fp16 / bf16 rounding half away from zero (the vendor's CAST_ROUND): nearest-even,
// then a tie that went toward zero moves one step away from zero. NaN and inf as FloatToHalf.
inline uint16_t FloatToHalfRoundAway(float f) {
  const uint16_t h = FloatToHalf(f);
  if ((h & 0x7c00u) == 0x7c00u || std::isnan(f)) return h;
  const float a = std::fabs(f);
  const float lo = std::fabs(HalfToFloat(h));
  if (lo >= a) return h;
  const float hi = std::fabs(HalfToFloat(static_cast<uint16_t>(h + 1)));
  return (a - lo == hi - a) ? static_cast<uint16_t>(h + 1) : h;
}
inline uint16_t FloatToBf16RoundAway(float f) {
  const uint32_t x = FloatBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  return static_cast<uint16_t>((x + 0x8000u) >> 16);  // adding half an ulp to the magnitude
}

}  // namespace kernels
}  // namespace aclcpu
