#include "quant/quantize_rows.h"

#include <cmath>
#include <limits>

#include "elementwise/convert.h"  // ToFloatRoundOdd
#include "quant/lowp.h"

namespace aclcpu {
namespace kernels {
namespace quant {
namespace {

Format FloatFormat(Target t) {
  if (t == Target::kFloat8E4M3FN) return Format::kFloat8E4M3FN;
  if (t == Target::kFloat8E5M2) return Format::kFloat8E5M2;
  return Format::kHiFloat8;
}

}  // namespace

float RoundToOddHalf(float value) {
  if (!std::isfinite(value)) return value;
  const float a = std::fabs(value);
  // Truncate |value| onto the fp16 grid: the grid spacing at |value| (subnormal spacing 2^-24
  // below 2^-14), the largest finite value 65504 as the ceiling.
  float t;
  if (a >= 65504.0f) {
    t = 65504.0f;
  } else {
    int e = 0;
    std::frexp(a, &e);  // a in [2^(e-1), 2^e)
    const int lsb = (e - 1 < -14 ? -14 : e - 1) - 10;
    const float q = std::ldexp(1.0f, lsb);
    t = std::floor(a / q) * q;  // exact: a / q and the product are powers-of-two scalings
    if (t != a) {
      // Inexact: force the last bit of the fp16 significand to 1 (odd).
      const float units = t / q;
      if (std::fmod(units, 2.0f) == 0.0f) t += q;
    }
  }
  return value < 0 ? -t : t;
}

uint8_t CastTo(Target target, HifRounding hif, float value) {
  if (target == Target::kInt8) {
    const int8_t i = EncodeInt8(RoundToOddHalf(value), Rounding::kRint);
    return static_cast<uint8_t>(i);
  }
  const Rounding r = target == Target::kHiFloat8 ? Rounding::kRound : Rounding::kRint;
  (void)hif;  // hybrid: emulated as round (quantize_rows.h)
  return Encode(FloatFormat(target), value, r, /*saturate=*/true);
}

uint8_t CastToExact(Target target, HifRounding hif, double value) {
  // Rounded to odd, the fp32 value keeps the side of every tie of an 8-bit grid (24 >= 8 + 2
  // bits), so the nearest code of it is the nearest code of the double.
  const float f = ToFloatRoundOdd(value);
  if (target == Target::kInt8) return static_cast<uint8_t>(EncodeInt8(f, Rounding::kRint));
  const Rounding r = target == Target::kHiFloat8 ? Rounding::kRound : Rounding::kRint;
  (void)hif;
  return Encode(FloatFormat(target), f, r, /*saturate=*/true);
}

namespace {
// The row functions' cast for their compute type.
uint8_t Cast(Target target, HifRounding hif, float value) { return CastTo(target, hif, value); }
uint8_t Cast(Target target, HifRounding hif, double value) {
  return CastToExact(target, hif, value);
}
}  // namespace

double TargetMax(Target target) {
  switch (target) {
    case Target::kInt8:
      return 127.0;
    case Target::kFloat8E4M3FN:
      return 448.0;
    case Target::kFloat8E5M2:
      return 57344.0;
    case Target::kHiFloat8:
      return 32768.0;
  }
  return 1.0;
}

float InvTargetMax(Target target) {
  // The vendor's fp32 constant 1.0f / max (every max is an exact float).
  return 1.0f / static_cast<float>(TargetMax(target));
}

template <typename T>
void QuantizeStaticRow(const T* g, int64_t n, const RowScale& s, Target target, HifRounding hif,
                       uint8_t* y, int64_t yStride) {
  for (int64_t j = 0; j < n; ++j) {
    T v = g[j];
    if (s.scale != nullptr) v = v * static_cast<T>(s.scale[j * s.scaleStride]);
    if (s.offset != nullptr) v = v + static_cast<T>(s.offset[j * s.offsetStride]);
    y[j * yStride] = Cast(target, hif, v);
  }
}

template <typename T>
T RowAmax(const T* g, int64_t n, const RowScale& s, T amax) {
  for (int64_t j = 0; j < n; ++j) {
    T v = g[j];
    if (s.scale != nullptr) v = v * static_cast<T>(s.scale[j * s.scaleStride]);
    const T a = std::fabs(v);
    if (std::isnan(a) || std::isnan(amax)) {
      amax = std::numeric_limits<T>::quiet_NaN();
    } else if (a > amax) {
      amax = a;
    }
  }
  return amax;
}

template <typename T>
void QuantizeDynamicRow(const T* g, int64_t n, const RowScale& s, T rowScale, Target target,
                        HifRounding hif, uint8_t* y, int64_t yStride) {
  for (int64_t j = 0; j < n; ++j) {
    T v = g[j];
    if (s.scale != nullptr) v = v * static_cast<T>(s.scale[j * s.scaleStride]);
    y[j * yStride] = Cast(target, hif, v / rowScale);
  }
}

#define ACLCPU_QUANT_ROWS(T)                                                                      \
  template void QuantizeStaticRow<T>(const T*, int64_t, const RowScale&, Target, HifRounding,     \
                                     uint8_t*, int64_t);                                          \
  template T RowAmax<T>(const T*, int64_t, const RowScale&, T);                                   \
  template void QuantizeDynamicRow<T>(const T*, int64_t, const RowScale&, T, Target, HifRounding, \
                                      uint8_t*, int64_t);
ACLCPU_QUANT_ROWS(float)
ACLCPU_QUANT_ROWS(double)
#undef ACLCPU_QUANT_ROWS

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
