// Legacy SeluBackward on int8: 64 elements per step in 16-bit integer lanes (AVX512BW + VBMI +
// VBMI2), or 32 on AVX2. The generic row spends four packets of conversions on every 64 bytes; the
// output is a function of the two input bytes only, so it can be computed in fixed point with the
// same bits. (The current generation's int8 row is the generic one: a 64-byte form of its fp32
// operations measured slower, docs/performance.md, eighteenth session.)
// tests/kernels/test_tuned_rows.cpp checks every tuned row against its generic row on all 2^16 (g,
// y) pairs.
#pragma once

#include <cstdint>

#include "elementwise/chunked.h"
#include "elementwise/functors/selu.h"

#if defined(__AVX512BW__) && defined(__AVX512VBMI__) && defined(__AVX512VBMI2__)
#define ACLCPU_SELU_I8_LANES16 1
#include <immintrin.h>
#else
#define ACLCPU_SELU_I8_LANES16 0
#endif
// The legacy kernel's fixed-point form on AVX2 (32 elements a step), where AVX-512 is absent.
#if !ACLCPU_SELU_I8_LANES16 && defined(__AVX2__)
#define ACLCPU_SELU_I8_AVX2 1
#include <immintrin.h>

#include <cstring>
#else
#define ACLCPU_SELU_I8_AVX2 0
#endif

namespace aclcpu {
namespace kernels {
namespace i8lanes {

#if ACLCPU_SELU_I8_LANES16

// Legacy int8 (SeluLegacyI8Op in selu_backward.cpp): out = trunc(fl16(g * s)), saturated, with
//   s = lambda16 = 269/256 for y >= 0, s = y + 225/128 for -17 <= y < 0, s = y + 7/4 for y <= -18.
// With W = 256 * |s| (an integer: 269, 194 for y = -1, 256|y| - 450 or 256|y| - 448) the product
// P = |g| * W = 256 |x| is exact in 22 bits. Rounding to fp16 then truncating moves |x| up to the
// next integer exactly when |x| + h reaches it, h = half an fp16 ulp of x (see SeluLegacyI8Op), so
//   |out| = floor((P + 256 h) / 256),  256 h = 2^(e - 3) for P in [2^e, 2^(e+1)), e >= 11,
// and 256 h = 0 below 2^11 (there h <= 2^-9 is less than the 1/256 grid step: no effect).
// Saturation: P >= 2^15 means |x| >= 128. The 16-bit low half of P gives 256 h by a nibble lookup
// of P >> 11 (the band of P; for P >= 2^15 its value is irrelevant); the high half, shifted in
// above the low half, makes every product of 2^16 or more at least 256 after the shift.
// The sign of x is sign(g) xor (s < 0), and s < 0 exactly for y <= -2.
struct LegacyI8Lanes {
  __m512i hiT0, hiT1, loT0, loT1, band;

  LegacyI8Lanes() {
    alignas(64) uint8_t hi[128];
    alignas(64) uint8_t lo[128];
    for (int idx = 0; idx < 128; ++idx) {  // y = idx - 128 (the low 7 bits of a negative y)
      const int u = 128 - idx;             // |y|
      const int w = u == 1 ? 194 : 256 * u - (u >= 18 ? 448 : 450);
      hi[idx] = static_cast<uint8_t>(w >> 8);
      lo[idx] = static_cast<uint8_t>(w & 255);
    }
    hiT0 = _mm512_load_si512(hi);
    hiT1 = _mm512_load_si512(hi + 64);
    loT0 = _mm512_load_si512(lo);
    loT1 = _mm512_load_si512(lo + 64);
    band = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8));
  }

  // |out| of one half (32 words): ga = |g| and w = W, zero-extended to 16 bits.
  __m512i Magnitude(const __m512i& ga, const __m512i& w) const {
    const __m512i lo = _mm512_mullo_epi16(ga, w);
    const __m512i hi = _mm512_mulhi_epu16(ga, w);
    const __m512i h = _mm512_shuffle_epi8(band, _mm512_srli_epi16(lo, 11));
    return _mm512_shrdi_epi16(_mm512_adds_epu16(lo, h), hi, 8);  // ((hi:lo + h) >> 8), 16 bits
  }

  __m512i operator()(const __m512i& g, const __m512i& y) const {
    const __m512i zero = _mm512_setzero_si512();
    const __mmask64 yNeg = _mm512_movepi8_mask(y);
    // W's bytes; the table index is y's low 7 bits, y >= 0 takes 269 = 0x010d.
    const __m512i wHi =
        _mm512_mask_blend_epi8(yNeg, _mm512_set1_epi8(1), _mm512_permutex2var_epi8(hiT0, y, hiT1));
    const __m512i wLo =
        _mm512_mask_blend_epi8(yNeg, _mm512_set1_epi8(13), _mm512_permutex2var_epi8(loT0, y, loT1));
    const __m512i ga = _mm512_abs_epi8(g);  // -128 gives 0x80, 128 unsigned
    // In-lane unpacks and the in-lane pack below keep the bytes in order.
    const __m512i mLo = Magnitude(_mm512_unpacklo_epi8(ga, zero), _mm512_unpacklo_epi8(wLo, wHi));
    const __m512i mHi = Magnitude(_mm512_unpackhi_epi8(ga, zero), _mm512_unpackhi_epi8(wLo, wHi));
    const __m512i m = _mm512_packus_epi16(mLo, mHi);  // saturates at 255: still "saturated"
    const __mmask64 neg = _mm512_movepi8_mask(g) ^ _mm512_cmplt_epi8_mask(y, _mm512_set1_epi8(-1));
    const __m512i pos = _mm512_min_epu8(m, _mm512_set1_epi8(127));
    const __m512i negMag = _mm512_min_epu8(m, _mm512_set1_epi8(static_cast<char>(0x80)));
    return _mm512_mask_sub_epi8(pos, neg, zero, negMag);  // 0 - 128 wraps to -128
  }
};

#endif  // ACLCPU_SELU_I8_LANES16

#if ACLCPU_SELU_I8_AVX2

// LegacyI8Lanes's arithmetic on 32 bytes: W's bytes computed from y instead of looked up (AVX2
// has no 128-entry byte permute), the high half of P shifted in by two shifts and an or.
//   W = 269 (hi 1, lo 13) for y >= 0, 194 (hi 0) for y = -1, and with u = |y| >= 2
//   W = 256 (u - 2) + 62 for u <= 17, 256 (u - 2) + 64 for u >= 18.
struct LegacyI8Avx2 {
  __m256i band =
      _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 1, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8));

  __m256i Magnitude(const __m256i& ga, const __m256i& w) const {
    const __m256i lo = _mm256_mullo_epi16(ga, w);
    const __m256i hi = _mm256_mulhi_epu16(ga, w);
    const __m256i h = _mm256_shuffle_epi8(band, _mm256_srli_epi16(lo, 11));
    const __m256i sum = _mm256_adds_epu16(lo, h);
    return _mm256_or_si256(_mm256_srli_epi16(sum, 8), _mm256_slli_epi16(hi, 8));
  }

  __m256i operator()(const __m256i& g, const __m256i& y) const {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i u = _mm256_sub_epi8(zero, y);  // |y| for y < 0 (128 as unsigned for -128)
    const __m256i yNeg = _mm256_cmpgt_epi8(zero, y);
    const __m256i big = _mm256_cmpeq_epi8(_mm256_max_epu8(u, _mm256_set1_epi8(18)), u);
    __m256i lo = _mm256_sub_epi8(_mm256_set1_epi8(62), _mm256_add_epi8(big, big));  // 62 or 64
    lo = _mm256_blendv_epi8(lo, _mm256_set1_epi8(static_cast<char>(194)),
                            _mm256_cmpeq_epi8(u, _mm256_set1_epi8(1)));
    const __m256i wLo = _mm256_blendv_epi8(_mm256_set1_epi8(13), lo, yNeg);
    const __m256i wHi =
        _mm256_blendv_epi8(_mm256_set1_epi8(1), _mm256_subs_epu8(u, _mm256_set1_epi8(2)), yNeg);
    const __m256i ga = _mm256_abs_epi8(g);  // -128 gives 0x80, 128 unsigned
    // In-lane unpacks and the in-lane pack below keep the bytes in order.
    const __m256i mLo = Magnitude(_mm256_unpacklo_epi8(ga, zero), _mm256_unpacklo_epi8(wLo, wHi));
    const __m256i mHi = Magnitude(_mm256_unpackhi_epi8(ga, zero), _mm256_unpackhi_epi8(wLo, wHi));
    const __m256i m = _mm256_packus_epi16(mLo, mHi);  // saturates at 255: still "saturated"
    // The result is negative where sign(g) xor (y <= -2): the sign bit of g ^ (y < -1).
    const __m256i negative = _mm256_xor_si256(g, _mm256_cmpgt_epi8(_mm256_set1_epi8(-1), y));
    const __m256i pos = _mm256_min_epu8(m, _mm256_set1_epi8(127));
    const __m256i neg =
        _mm256_sub_epi8(zero, _mm256_min_epu8(m, _mm256_set1_epi8(static_cast<char>(0x80))));
    return _mm256_blendv_epi8(pos, neg, negative);  // 0 - 128 wraps to -128
  }
};

// out[i] = op(in0[i], in1[i]) for 32 bytes at a time; the head before a stream-aligned output and
// the tail go through the same op on a zero-padded copy, so no element's result depends on its
// position.
template <typename Op>
inline void RunBytes32(void* out, const void* in0, const void* in1, int64_t n, const Op& op,
                       bool stream) {
  int8_t* o = static_cast<int8_t*>(out);
  const int8_t* a = static_cast<const int8_t*>(in0);
  const int8_t* b = static_cast<const int8_t*>(in1);
  auto load = [](const int8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  };
  auto partial = [&](int64_t i, int64_t len) {  // 0 < len < 32
    alignas(32) int8_t x[32] = {}, z[32] = {}, r[32];
    std::memcpy(x, a + i, static_cast<size_t>(len));
    std::memcpy(z, b + i, static_cast<size_t>(len));
    _mm256_store_si256(reinterpret_cast<__m256i*>(r), op(load(x), load(z)));
    std::memcpy(o + i, r, static_cast<size_t>(len));
  };
  int64_t i = 0;
  if (stream) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) & 31);
    if (head + 32 <= n) {
      if (head > 0) partial(0, head);
      for (i = head; i + 32 <= n; i += 32) {
        _mm256_stream_si256(reinterpret_cast<__m256i*>(o + i), op(load(a + i), load(b + i)));
      }
    }
  }
  for (; i + 32 <= n; i += 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), op(load(a + i), load(b + i)));
  }
  if (i < n) partial(i, n - i);
  if (stream) StreamFence();
}

#endif  // ACLCPU_SELU_I8_AVX2

#if ACLCPU_SELU_I8_LANES16  // RunBytes: the 64-byte loop of the legacy lanes row

// out[i] = op(in0[i], in1[i]) for 64 bytes at a time; the head before a stream-aligned output and
// the tail go through the same op with masked loads and stores, so no element's result depends
// on its position.
template <typename Op>
inline void RunBytes(void* out, const void* in0, const void* in1, int64_t n, const Op& op,
                     bool stream) {
  int8_t* o = static_cast<int8_t*>(out);
  const int8_t* a = static_cast<const int8_t*>(in0);
  const int8_t* b = static_cast<const int8_t*>(in1);
  auto partial = [&](int64_t i, int64_t len) {  // 0 < len < 64
    const __mmask64 k = (uint64_t{1} << len) - 1;
    const __m512i r = op(_mm512_maskz_loadu_epi8(k, a + i), _mm512_maskz_loadu_epi8(k, b + i));
    _mm512_mask_storeu_epi8(o + i, k, r);
  };
  int64_t i = 0;
  if (stream) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o));
    if (head + 64 <= n) {
      if (head > 0) partial(0, head);
      for (i = head; i + 64 <= n; i += 64) {
        _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i),
                            op(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i)));
      }
    }
  }
  for (; i + 64 <= n; i += 64) {
    _mm512_storeu_si512(o + i, op(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i)));
  }
  if (i < n) partial(i, n - i);
  if (stream) StreamFence();
}

#endif  // ACLCPU_SELU_I8_LANES16 (RunBytes)

}  // namespace i8lanes
}  // namespace kernels
}  // namespace aclcpu
