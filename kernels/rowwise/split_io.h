// Element I/O of the split-and-gate kernels: exact fp16 / bf16 <-> fp32 conversions (RNE, NaN
// kept quiet) and the strided gather / scatter of one run of elements into the compute type.
#pragma once

#include <cstdint>
#include <cstring>

#include "rowwise/split_problem.h"

#if defined(__F16C__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace split {

inline uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) return FromBits(sign | 0x7f800000u | (mant << 13) | (mant ? 0x400000u : 0u));
  if (exp == 0) {
    const float m = static_cast<float>(mant) * 5.9604644775390625e-8f;  // mant * 2^-24, exact
    return sign ? -m : m;
  }
  return FromBits(sign | ((exp + 112u) << 23) | (mant << 13));
}

inline uint16_t FloatToHalf(float f) {
  const uint32_t x = Bits(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) return static_cast<uint16_t>(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
  if (ax >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // rounds to inf
  if (ax >= 0x38800000u) {
    const uint32_t r = ax + 0xfffu + ((ax >> 13) & 1u);
    return static_cast<uint16_t>(sign | ((r - 0x38000000u) >> 13));
  }
  // Subnormal range: adding 0.5 makes the fp32 adder round to the fp16 subnormal step (2^-24).
  const float t = FromBits(ax) + 0.5f;
  return static_cast<uint16_t>(sign | (Bits(t) - 0x3f000000u));
}

inline float Bf16ToFloat(uint16_t b) { return FromBits(static_cast<uint32_t>(b) << 16); }
inline uint16_t FloatToBf16(float f) {
  const uint32_t x = Bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  return static_cast<uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// Rounds a computed value to `dt`'s precision (a no-op for fp32 / double).
template <typename C>
inline C RoundTo(DType dt, C v) {
  if (dt == DType::F16) return HalfToFloat(FloatToHalf(static_cast<float>(v)));
  if (dt == DType::BF16) return Bf16ToFloat(FloatToBf16(static_cast<float>(v)));
  return v;
}

template <typename C>
inline C LoadOne(const void* p, DType dt) {
  switch (dt) {
    case DType::F32:
      return static_cast<C>(*static_cast<const float*>(p));
    case DType::F16:
      return static_cast<C>(HalfToFloat(*static_cast<const uint16_t*>(p)));
    case DType::BF16:
      return static_cast<C>(Bf16ToFloat(*static_cast<const uint16_t*>(p)));
    case DType::F64:
      return static_cast<C>(*static_cast<const double*>(p));
    default:  // the plans pass float dtypes only
      break;
  }
  return C(0);
}

template <typename C>
inline void StoreOne(C v, void* p, DType dt) {
  switch (dt) {
    case DType::F32:
      *static_cast<float*>(p) = static_cast<float>(v);
      return;
    case DType::F16:  // from double through float, as the vendor's Cast chain does
      *static_cast<uint16_t*>(p) = FloatToHalf(static_cast<float>(v));
      return;
    case DType::BF16:
      *static_cast<uint16_t*>(p) = FloatToBf16(static_cast<float>(v));
      return;
    case DType::F64:
      *static_cast<double*>(p) = static_cast<double>(v);
      return;
    default:  // the plans pass float dtypes only
      return;
  }
}

inline int64_t ItemBytes(DType dt) { return dt == DType::F64 ? 8 : (dt == DType::F32 ? 4 : 2); }

// dst[i] = element i of the run starting at `base` with element stride `stride`.
template <typename C>
inline void Gather(const void* base, int64_t stride, DType dt, int64_t n, C* dst) {
  const char* p = static_cast<const char*>(base);
  const int64_t step = stride * ItemBytes(dt);
  if constexpr (sizeof(C) == 4) {
    if (stride == 1 && dt == DType::F16) {
      const uint16_t* s = static_cast<const uint16_t*>(base);
      int64_t i = 0;
#if defined(__F16C__)
      for (; i + 8 <= n; i += 8) {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
      }
#endif
      for (; i < n; ++i) dst[i] = HalfToFloat(s[i]);
      return;
    }
    if (stride == 1 && dt == DType::BF16) {
      const uint16_t* s = static_cast<const uint16_t*>(base);
      for (int64_t i = 0; i < n; ++i) dst[i] = FromBits(static_cast<uint32_t>(s[i]) << 16);
      return;
    }
    if (stride == 1 && dt == DType::F32) {
      std::memcpy(dst, base, static_cast<size_t>(n) * 4);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) dst[i] = LoadOne<C>(p + i * step, dt);
}

// Writes src[0..n) (rounded first to `round`'s precision) to the run at `base`.
template <typename C>
inline void Scatter(const C* src, DType round, int64_t n, void* base, int64_t stride, DType dt) {
  char* p = static_cast<char*>(base);
  const int64_t step = stride * ItemBytes(dt);
  const bool preRound = round != dt && (round == DType::F16 || round == DType::BF16);
  if constexpr (sizeof(C) == 4) {
    if (stride == 1 && !preRound && dt == DType::F16) {
      uint16_t* d = static_cast<uint16_t*>(base);
      int64_t i = 0;
#if defined(__F16C__)
      for (; i + 8 <= n; i += 8) {
        const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i), h);
      }
#endif
      for (; i < n; ++i) d[i] = FloatToHalf(src[i]);
      return;
    }
    if (stride == 1 && !preRound && dt == DType::BF16) {
      uint16_t* d = static_cast<uint16_t*>(base);
      for (int64_t i = 0; i < n; ++i) d[i] = FloatToBf16(src[i]);
      return;
    }
    if (stride == 1 && !preRound && dt == DType::F32) {
      std::memcpy(base, src, static_cast<size_t>(n) * 4);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    StoreOne<C>(preRound ? RoundTo<C>(round, src[i]) : src[i], p + i * step, dt);
  }
}

// Writes n zeros of `dt` to the run at `base`.
inline void ScatterZeros(int64_t n, void* base, int64_t stride, DType dt) {
  char* p = static_cast<char*>(base);
  const int64_t item = ItemBytes(dt);
  if (stride == 1) {
    std::memset(p, 0, static_cast<size_t>(n * item));
    return;
  }
  for (int64_t i = 0; i < n; ++i) std::memset(p + i * stride * item, 0, static_cast<size_t>(item));
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
