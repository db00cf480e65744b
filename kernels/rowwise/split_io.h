// Element I/O of the split-and-gate kernels: the strided gather / scatter of one run of elements
// into the compute type, with the exact fp16 / bf16 <-> fp32 conversions of elementwise/convert.h
// (RNE, NaN kept quiet; contiguous runs take its vectorized block forms).
#pragma once

#include <cstdint>
#include <cstring>

#include "elementwise/convert.h"
#include "rowwise/split_problem.h"

namespace aclcpu {
namespace kernels {
namespace split {

// The float a computed value is narrowed to 16 bits from: the value itself; a double through
// float (the vendor's Cast chain from DOUBLE), or with `once` (golden mode) through its fp32
// rounding to odd, so that the 16-bit result is the double rounded once.
template <typename C>
inline float For16(C v, bool once) {
  if constexpr (sizeof(C) == 8) {
    return once ? ToFloatRoundOdd(v) : static_cast<float>(v);
  } else {
    return v;
  }
}

// Rounds a computed value to `dt`'s precision (a no-op for fp32 / double).
template <typename C>
inline C RoundTo(DType dt, C v) {
  if (dt == DType::F16) return HalfToFloat(FloatToHalf(For16(v, false)));
  if (dt == DType::BF16) return Bf16ToFloat(FloatToBf16(For16(v, false)));
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
inline void StoreOne(C v, void* p, DType dt, bool once = false) {
  switch (dt) {
    case DType::F32:
      *static_cast<float*>(p) = static_cast<float>(v);
      return;
    case DType::F16:
      *static_cast<uint16_t*>(p) = FloatToHalf(For16(v, once));
      return;
    case DType::BF16:
      *static_cast<uint16_t*>(p) = FloatToBf16(For16(v, once));
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
      WidenHalf(static_cast<const uint16_t*>(base), dst, n);
      return;
    }
    if (stride == 1 && dt == DType::BF16) {
      WidenBf16(static_cast<const uint16_t*>(base), dst, n);
      return;
    }
    if (stride == 1 && dt == DType::F32) {
      std::memcpy(dst, base, static_cast<size_t>(n) * 4);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) dst[i] = LoadOne<C>(p + i * step, dt);
}

// Writes src[0..n) (rounded first to `round`'s precision) to the run at `base`; `once`: see For16.
template <typename C>
inline void Scatter(const C* src, DType round, int64_t n, void* base, int64_t stride, DType dt,
                    bool once = false) {
  char* p = static_cast<char*>(base);
  const int64_t step = stride * ItemBytes(dt);
  const bool preRound = round != dt && (round == DType::F16 || round == DType::BF16);
  if constexpr (sizeof(C) == 4) {
    if (stride == 1 && !preRound && dt == DType::F16) {
      NarrowHalf(src, static_cast<uint16_t*>(base), n);
      return;
    }
    if (stride == 1 && !preRound && dt == DType::BF16) {
      NarrowBf16(src, static_cast<uint16_t*>(base), n);
      return;
    }
    if (stride == 1 && !preRound && dt == DType::F32) {
      std::memcpy(base, src, static_cast<size_t>(n) * 4);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    StoreOne<C>(preRound ? RoundTo<C>(round, src[i]) : src[i], p + i * step, dt, once);
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
