#include "quant/quantize_rows.h"

#include <cmath>
#include <limits>

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

float InvTargetMax(Target target) {
  switch (target) {
    case Target::kInt8:
      return 1.0f / 127.0f;
    case Target::kFloat8E4M3FN:
      return 1.0f / 448.0f;
    case Target::kFloat8E5M2:
      return 1.0f / 57344.0f;
    case Target::kHiFloat8:
      return 1.0f / 32768.0f;
  }
  return 0.0f;
}

void QuantizeStaticRow(const float* g, int64_t n, const RowScale& s, Target target, HifRounding hif,
                       uint8_t* y, int64_t yStride) {
  for (int64_t j = 0; j < n; ++j) {
    float v = g[j];
    if (s.scale != nullptr) v = v * s.scale[j * s.scaleStride];
    if (s.offset != nullptr) v = v + s.offset[j * s.offsetStride];
    y[j * yStride] = CastTo(target, hif, v);
  }
}

float RowAmax(const float* g, int64_t n, const RowScale& s, float amax) {
  for (int64_t j = 0; j < n; ++j) {
    float v = g[j];
    if (s.scale != nullptr) v = v * s.scale[j * s.scaleStride];
    const float a = std::fabs(v);
    if (std::isnan(a) || std::isnan(amax)) {
      amax = std::numeric_limits<float>::quiet_NaN();
    } else if (a > amax) {
      amax = a;
    }
  }
  return amax;
}

void QuantizeDynamicRow(const float* g, int64_t n, const RowScale& s, float rowScale, Target target,
                        HifRounding hif, uint8_t* y, int64_t yStride) {
  for (int64_t j = 0; j < n; ++j) {
    float v = g[j];
    if (s.scale != nullptr) v = v * s.scale[j * s.scaleStride];
    y[j * yStride] = CastTo(target, hif, v / rowScale);
  }
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
