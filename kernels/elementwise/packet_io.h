// In-register conversions between one fp32 packet and kPacketSize elements of a dtype, for the
// I/O policies of chunked.h. Each one performs exactly the operations of the block conversion in
// convert.h that it replaces (same rounding, same saturation, same NaN handling), so an element
// gives the same bits whether it goes through a packet here or through an L1 buffer there.
// Defined for AVX-512 (16 lanes) and AVX2 + F16C (8 lanes); elsewhere (NEON, SSE) kPacketIo is
// false and every element takes the buffered path.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "elementwise/convert.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace pio {

#if defined(EIGEN_VECTORIZE_AVX512) || \
    (defined(EIGEN_VECTORIZE_AVX2) && defined(__F16C__) && defined(__x86_64__))
#define ACLCPU_PACKET_IO 1  // pio::kPacketIo for #if: the functions below exist
#else
#define ACLCPU_PACKET_IO 0
#endif
#if defined(EIGEN_VECTORIZE_AVX512) && defined(__AVX512BF16__) && defined(__AVX512DQ__)
#define ACLCPU_PIO_BF16_FAST 1  // pio::ToBf16Fast is one vcvtneps2bf16
#else
#define ACLCPU_PIO_BF16_FAST 0
#endif

#if defined(EIGEN_VECTORIZE_AVX512)
constexpr bool kPacketIo = true;
using P = __m512;

// ---- loads ----
inline P LoadF16(const uint16_t* s) {
  return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s)));
}
// The fp32 values of kPacketSize bf16 bit patterns (a bf16 is the high half of its fp32).
inline P FromBf16(const __m256i& b) {
  return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(b), 16));
}
inline P LoadBf16(const uint16_t* s) {
  return FromBf16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s)));
}
inline P LoadI8(const int8_t* s) {
  return _mm512_cvtepi32_ps(
      _mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s))));
}
inline P LoadI32(const int32_t* s) { return _mm512_cvtepi32_ps(_mm512_loadu_si512(s)); }

// ---- fp32 -> fp32 roundings ----
// SaturateToHalfBlock: clamp to +-65504 (NaN passes through), then nearest fp16.
inline P SaturateToHalf(const P& x) {
  const P c = _mm512_max_ps(_mm512_set1_ps(-kHalfMax), _mm512_min_ps(_mm512_set1_ps(kHalfMax), x));
  return _mm512_cvtph_ps(_mm512_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT));
}

// LoadI32 then SaturateToHalf. Integers in [-2048, 2048] are fp16 values already: when every
// lane is one, the rounding is the identity and is skipped.
inline P LoadI32Half(const int32_t* s) {
  const __m512i v = _mm512_loadu_si512(s);
  const __m512i t = _mm512_add_epi32(v, _mm512_set1_epi32(2048));  // wraps: large |v| stay out
  const P f = _mm512_cvtepi32_ps(v);
  if (_mm512_cmpgt_epu32_mask(t, _mm512_set1_epi32(4096)) == 0) return f;
  return SaturateToHalf(f);
}

// ---- narrowing to the dtype's bits ----
inline __m256i ToF16(const P& x) { return _mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT); }
inline __m256i ToBf16(const P& f) {  // NarrowBf16
  const __m512i x = _mm512_castps_si512(f);
  const __m512i hi = _mm512_srli_epi32(x, 16);
  const __m512i lsb = _mm512_and_si512(hi, _mm512_set1_epi32(1));
  const __m512i rounded =
      _mm512_srli_epi32(_mm512_add_epi32(x, _mm512_add_epi32(_mm512_set1_epi32(0x7fff), lsb)), 16);
  const __m512i nan = _mm512_or_si512(hi, _mm512_set1_epi32(0x40));
  const __mmask16 isNan = _mm512_cmp_ps_mask(f, f, _CMP_UNORD_Q);
  return _mm512_cvtepi32_epi16(_mm512_mask_blend_epi32(isNan, rounded, nan));
}
// ToBf16's bits, as fast as the ISA allows. With AVX512-BF16: vcvtneps2bf16 rounds to
// nearest-even and quiets NaN exactly as NarrowBf16 does, except that it flushes fp32 subnormals
// to zero (checked over all 2^32 inputs on the build machine); a packet with a subnormal lane
// takes ToBf16 instead: one instruction for almost every packet.
inline __m256i ToBf16Fast(const P& v) {
#if ACLCPU_PIO_BF16_FAST
  if (_mm512_fpclass_ps_mask(v, 0x20) != 0) return ToBf16(v);  // 0x20: subnormal
  return reinterpret_cast<__m256i>(_mm512_cvtneps_pbh(v));
#else
  return ToBf16(v);
#endif
}
inline __m128i ToI8Trunc(const P& x) {                                 // NarrowTruncI8
  P f = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(x, x, _CMP_ORD_Q), x);  // NaN -> 0
  f = _mm512_max_ps(_mm512_min_ps(f, _mm512_set1_ps(127.0f)), _mm512_set1_ps(-128.0f));
  return _mm512_cvtsepi32_epi8(_mm512_cvttps_epi32(f));
}
inline __m512i ToI32Trunc(const P& x) {                                      // NarrowTruncI32
  const P f = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(x, x, _CMP_ORD_Q), x);  // NaN -> 0
  const __mmask16 big = _mm512_cmp_ps_mask(f, _mm512_set1_ps(2147483648.0f), _CMP_GE_OQ);
  return _mm512_mask_blend_epi32(big, _mm512_cvttps_epi32(f), _mm512_set1_epi32(INT32_MAX));
}
// NarrowHalfEven*: inputs are fp16 values, so nearest-even conversion (the default rounding mode,
// as RoundHalfEvenSmall uses) is exact and fits int32; int8 then saturates.
inline __m512i ToI32HalfEven(const P& x) { return _mm512_cvtps_epi32(x); }
inline __m128i ToI8HalfEven(const P& x) { return _mm512_cvtsepi32_epi8(_mm512_cvtps_epi32(x)); }

// ---- stores (plain: any address; Stream: aligned to the store's width) ----
inline void Store(uint16_t* d, const __m256i& v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), v);
}
inline void Stream(uint16_t* d, const __m256i& v) {
  _mm256_stream_si256(reinterpret_cast<__m256i*>(d), v);
}
inline void Store(int8_t* d, const __m128i& v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d), v);
}
inline void Stream(int8_t* d, const __m128i& v) {
  _mm_stream_si128(reinterpret_cast<__m128i*>(d), v);
}
inline void Store(int32_t* d, const __m512i& v) { _mm512_storeu_si512(d, v); }
inline void Stream(int32_t* d, const __m512i& v) {
  _mm512_stream_si512(reinterpret_cast<__m512i*>(d), v);
}

#elif defined(EIGEN_VECTORIZE_AVX2) && defined(__F16C__) && defined(__x86_64__)
constexpr bool kPacketIo = true;
using P = __m256;

inline P LoadF16(const uint16_t* s) {
  return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
}
inline P FromBf16(const __m128i& b) {
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(b), 16));
}
inline P LoadBf16(const uint16_t* s) {
  return FromBf16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
}
inline P LoadI8(const int8_t* s) {
  return _mm256_cvtepi32_ps(
      _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(s))));
}
inline P LoadI32(const int32_t* s) {
  return _mm256_cvtepi32_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s)));
}

inline P SaturateToHalf(const P& x) {
  const P c = _mm256_max_ps(_mm256_set1_ps(-kHalfMax), _mm256_min_ps(_mm256_set1_ps(kHalfMax), x));
  return _mm256_cvtph_ps(_mm256_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT));
}

inline P LoadI32Half(const int32_t* s) {
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s));
  const __m256i t = _mm256_add_epi32(v, _mm256_set1_epi32(2048));
  const P f = _mm256_cvtepi32_ps(v);
  const __m256i lim = _mm256_set1_epi32(4096);
  const __m256i in = _mm256_cmpeq_epi32(_mm256_min_epu32(t, lim), t);  // t <= 4096 unsigned
  if (_mm256_movemask_epi8(in) == -1) return f;
  return SaturateToHalf(f);
}

inline __m128i ToF16(const P& x) { return _mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT); }
// NarrowBf16 in each lane's high half (the low half is not cleared): nearest-even on the bits,
// a NaN quieted. ToBf16 shifts it down and packs; RunBf16PairsAvx2 (chunked.h) blends it in place.
inline __m256i ToBf16High(const P& f) {
  const __m256i x = _mm256_castps_si256(f);
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(1));
  const __m256i rounded = _mm256_add_epi32(x, _mm256_add_epi32(_mm256_set1_epi32(0x7fff), lsb));
  const __m256i nan = _mm256_or_si256(x, _mm256_set1_epi32(0x00400000));
  return _mm256_castps_si256(_mm256_blendv_ps(
      _mm256_castsi256_ps(rounded), _mm256_castsi256_ps(nan), _mm256_cmp_ps(f, f, _CMP_UNORD_Q)));
}
inline __m128i ToBf16(const P& f) {
  const __m256i r = _mm256_srli_epi32(ToBf16High(f), 16);
  return _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}
inline __m128i ToBf16Fast(const P& f) { return ToBf16(f); }
inline __m128i PackI8(const __m256i& v) {  // saturating int32 -> int8, low 8 bytes
  const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return _mm_packs_epi16(w, w);
}
inline __m128i ToI8Trunc(const P& x) {
  P f = _mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q));
  f = _mm256_max_ps(_mm256_min_ps(f, _mm256_set1_ps(127.0f)), _mm256_set1_ps(-128.0f));
  return PackI8(_mm256_cvttps_epi32(f));
}
inline __m256i ToI32Trunc(const P& x) {
  const P f = _mm256_and_ps(x, _mm256_cmp_ps(x, x, _CMP_ORD_Q));
  const __m256i v = _mm256_cvttps_epi32(f);
  const __m256 big = _mm256_cmp_ps(f, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
  return _mm256_castps_si256(_mm256_blendv_ps(
      _mm256_castsi256_ps(v), _mm256_castsi256_ps(_mm256_set1_epi32(INT32_MAX)), big));
}
inline __m256i ToI32HalfEven(const P& x) { return _mm256_cvtps_epi32(x); }
inline __m128i ToI8HalfEven(const P& x) { return PackI8(_mm256_cvtps_epi32(x)); }

inline void Store(uint16_t* d, const __m128i& v) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d), v);
}
inline void Stream(uint16_t* d, const __m128i& v) {
  _mm_stream_si128(reinterpret_cast<__m128i*>(d), v);
}
inline void Store(int8_t* d, const __m128i& v) {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(d), v);
}
inline void Stream(int8_t* d, const __m128i& v) {
  _mm_stream_si64(reinterpret_cast<long long*>(d), _mm_cvtsi128_si64(v));
}
inline void Store(int32_t* d, const __m256i& v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), v);
}
inline void Stream(int32_t* d, const __m256i& v) {
  _mm256_stream_si256(reinterpret_cast<__m256i*>(d), v);
}

#else
constexpr bool kPacketIo = false;
#endif

}  // namespace pio
}  // namespace kernels
}  // namespace aclcpu
