// Select-only fp16 / bf16 rows without conversions (AVX-512 BW): where a row's result is one of
// its inputs or a constant, chosen by fp32 compares of a 16-bit input against float parameters
// (Relu, Threshold, ThresholdBackward, Hardshrink, HardshrinkBackward, HardtanhBackward), the
// compares run on the 16-bit encodings, 32 lanes a step, and the chosen input's bits are stored
// as they are. The generic row widens to fp32 and narrows back, which on AVX-512 costs more than
// the compare itself (HardtanhBackward fp16: 6.1 µs per 65536 in cache, 2.6x the roofline).
//
// Order: an fp16 or bf16 value that is not NaN has the key sign ? −magnitude : magnitude (as a
// signed 16-bit integer: ±0 both 0), and keys order as the values do. For a float bound t the
// compare x <= t of an exact 16-bit x is key(x) <= LeKey(t), LeKey(t) the largest key whose value
// is <= t (found once per call by bisection over the keys); x < t is key(x) < the smallest key
// whose value is >= t. A NaN t or x makes every compare false, as fp32 compares do; NaN lanes of
// x are masked out explicitly.
// NaN results: the generic rows' conversions quiet a signalling NaN (fp16: vcvtph2ps, bf16:
// vcvtne2ps2bf16 and the scalar narrowing), so an input passed through gets its quiet bit set.
// Every row here is held to its generic row bit for bit on every 16-bit input (test_tuned_rows).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "elementwise/io.h"  // first: see its note on GCC warnings
#include "elementwise/registry.h"

#if defined(__AVX512BW__)
#include <immintrin.h>
#define ACLCPU_HALF_SELECT 1

namespace aclcpu {
namespace kernels {
namespace halfsel {

// The two 16-bit float formats: the infinity's magnitude, the quiet bit and the exact value of
// an encoding.
struct F16Fmt {
  static constexpr int kInf = 0x7C00;
  static constexpr int kQuiet = 0x0200;
  static float Value(uint16_t h) { return HalfToFloat(h); }
};
struct Bf16Fmt {
  static constexpr int kInf = 0x7F80;
  static constexpr int kQuiet = 0x0040;
  static float Value(uint16_t h) { return Bf16ToFloat(h); }
};

template <typename Fmt>
inline float KeyValue(int key) {
  return Fmt::Value(static_cast<uint16_t>(key < 0 ? 0x8000 | -key : key));
}

// Keys k with x <= t <=> key(x) <= k (non-NaN x): the largest key whose value is <= t; for a NaN
// t or a t below −inf (none), INT16_MIN: never.
template <typename Fmt>
inline int16_t LeKey(float t) {
  if (std::isnan(t) || KeyValue<Fmt>(-Fmt::kInf) > t) return INT16_MIN;
  int lo = -Fmt::kInf, hi = Fmt::kInf;  // value(lo) <= t; find the last such key
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (KeyValue<Fmt>(mid) <= t) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return static_cast<int16_t>(lo);
}
// x > t <=> key(x) > GtKey(t): LeKey, but a NaN t must make it false (INT16_MAX).
template <typename Fmt>
inline int16_t GtKey(float t) {
  return std::isnan(t) ? INT16_MAX : LeKey<Fmt>(t);
}
// x < t <=> key(x) < LtKey(t): the smallest key whose value is >= t; NaN t: INT16_MIN (never).
template <typename Fmt>
inline int16_t LtKey(float t) {
  if (std::isnan(t)) return INT16_MIN;
  int lo = -Fmt::kInf, hi = Fmt::kInf;  // value(hi) = +inf >= t; find the first such key
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (KeyValue<Fmt>(mid) >= t) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return static_cast<int16_t>(lo);
}

inline __m512i Set16(int v) { return _mm512_set1_epi16(static_cast<int16_t>(v)); }

// Per 32 lanes of one format: magnitude, key, NaN mask, the quieted value.
template <typename Fmt>
struct Lanes {
  static __m512i Mag(__m512i h) { return _mm512_and_si512(h, Set16(0x7FFF)); }
  static __m512i Key(__m512i h) {
    const __m512i mag = Mag(h);
    return _mm512_mask_sub_epi16(mag, _mm512_movepi16_mask(h), _mm512_setzero_si512(), mag);
  }
  static __mmask32 Nan(__m512i h) { return _mm512_cmpgt_epu16_mask(Mag(h), Set16(Fmt::kInf)); }
  static __m512i Quiet(__m512i h) {
    return _mm512_or_si512(h, _mm512_maskz_mov_epi16(Nan(h), Set16(Fmt::kQuiet)));
  }
};

// out[i] = op(in_0[i], ..., in_{N-1}[i]) on 16-bit lanes, 32 a step; the tail with masked loads
// and stores; streaming stores for the aligned middle when `stream`. Outputs may alias inputs
// exactly.
template <int NIn, typename Op>
inline void Run(void* const* out, const void* const* in, int64_t n, const Op& opRef, bool stream) {
  const Op op = opRef;  // a local copy: see RunChunked
  uint16_t* o = static_cast<uint16_t*>(out[0]);
  const uint16_t* a[NIn];
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const uint16_t*>(in[k]);
  auto apply = [&](const __m512i* x) __attribute__((always_inline)) {
    if constexpr (NIn == 1) {
      return op(x[0]);
    } else {
      return op(x[0], x[1]);
    }
  };
  auto partial = [&](int64_t i, int64_t len) {  // 0 < len < 32
    const __mmask32 k = (uint32_t{1} << len) - 1;
    __m512i x[NIn];
    for (int j = 0; j < NIn; ++j) x[j] = _mm512_maskz_loadu_epi16(k, a[j] + i);
    _mm512_mask_storeu_epi16(o + i, k, apply(x));
  };
  auto full = [&](int64_t i) __attribute__((always_inline)) {
    __m512i x[NIn];
    for (int j = 0; j < NIn; ++j) x[j] = _mm512_loadu_si512(a[j] + i);
    return apply(x);
  };
  int64_t i = 0;
  if (stream && reinterpret_cast<uintptr_t>(o) % 2 == 0) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / 2);
    if (head + 32 <= n) {
      if (head > 0) partial(0, head);
      for (i = head; i + 32 <= n; i += 32) {
        _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i), full(i));
      }
      StreamFence();
    }
  }
  for (; i + 32 <= n; i += 32) _mm512_storeu_si512(o + i, full(i));
  if (i < n) partial(i, n - i);
}

// The ops. Each takes its parameters as the generic functor does (fp32 values of p.f).
template <typename Fmt>
struct ReluOp {  // x <= 0 ? +0 : x
  explicit ReluOp(const KernelParams&) {}
  __m512i operator()(__m512i x) const {
    using L = Lanes<Fmt>;
    const __mmask32 keep = _mm512_cmpgt_epi16_mask(L::Key(x), _mm512_setzero_si512()) | L::Nan(x);
    return _mm512_maskz_mov_epi16(keep, L::Quiet(x));
  }
};

template <typename Fmt>
struct ThresholdOp {  // x <= t ? value : x
  __m512i bound, value;
  explicit ThresholdOp(const KernelParams& p)
      : bound(Set16(LeKey<Fmt>(p.f[0]))), value(Set16(ValueBits(p.f[1]))) {}
  static uint16_t ValueBits(float v) {  // the generic row's narrowing of the constant
    return std::is_same<Fmt, F16Fmt>::value ? FloatToHalf(v) : FloatToBf16(v);
  }
  __m512i operator()(__m512i x) const {
    using L = Lanes<Fmt>;
    const __mmask32 low = _mm512_cmple_epi16_mask(L::Key(x), bound) & ~L::Nan(x);
    return _mm512_mask_mov_epi16(L::Quiet(x), low, value);
  }
};

template <typename Fmt>
struct ThresholdBackwardOp {  // (g, x): x <= t ? +0 : g
  __m512i bound;
  explicit ThresholdBackwardOp(const KernelParams& p) : bound(Set16(LeKey<Fmt>(p.f[0]))) {}
  __m512i operator()(__m512i g, __m512i x) const {
    using L = Lanes<Fmt>;
    const __mmask32 zero = _mm512_cmple_epi16_mask(L::Key(x), bound) & ~L::Nan(x);
    return _mm512_maskz_mov_epi16(~zero, L::Quiet(g));
  }
};

// |x| <= λ ? +0 : x (one input) or g (two: g, x). kHalfLambda: λ rounded to fp16 first
// (HardshrinkBackward's fp16 row).
template <typename Fmt, bool kHalfLambda>
struct HardshrinkOp {
  __m512i bound;
  explicit HardshrinkOp(const KernelParams& p)
      : bound(Set16(LeKey<Fmt>(kHalfLambda ? RoundToHalf(p.f[0]) : p.f[0]))) {}
  template <typename... X>
  __m512i operator()(X... in) const {
    using L = Lanes<Fmt>;
    const __m512i v[] = {in...};
    const __m512i x = v[sizeof...(X) - 1], src = v[0];
    const __mmask32 zero = _mm512_cmple_epi16_mask(L::Mag(x), bound) & ~L::Nan(x);
    return _mm512_maskz_mov_epi16(~zero, L::Quiet(src));
  }
};

template <typename Fmt>
struct HardtanhBackwardOp {  // (g, x): (x > lo && x < hi) || isnan(x) ? g : +0
  __m512i gtLo, ltHi;
  explicit HardtanhBackwardOp(const KernelParams& p)
      : gtLo(Set16(GtKey<Fmt>(p.f[0]))), ltHi(Set16(LtKey<Fmt>(p.f[1]))) {}
  __m512i operator()(__m512i g, __m512i x) const {
    using L = Lanes<Fmt>;
    const __m512i key = L::Key(x);
    const __mmask32 keep =
        (_mm512_cmpgt_epi16_mask(key, gtLo) & _mm512_cmplt_epi16_mask(key, ltHi)) | L::Nan(x);
    return _mm512_maskz_mov_epi16(keep, L::Quiet(g));
  }
};

// A kernel-list function running `Op` on NIn inputs.
template <int NIn, typename Op>
void Row(void* const* out, const void* const* in, int64_t n, const KernelParams& p, bool stream) {
  Run<NIn>(out, in, n, Op(p), stream);
}

}  // namespace halfsel
}  // namespace kernels
}  // namespace aclcpu
#else
#define ACLCPU_HALF_SELECT 0
#endif
