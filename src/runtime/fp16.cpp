// aclFloat16ToFloat / aclFloatToFloat16 with CANN's conventions: widening reads exponent 31 as
// an ordinary exponent (no Inf/NaN); narrowing rounds to nearest-even and saturates.
#include <cstring>

#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {
namespace {

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

inline float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

}  // namespace

float Float16ToFloat(uint16_t value) {
  const uint32_t sign = static_cast<uint32_t>(value & 0x8000u) << 16;
  const uint32_t exponent = (value >> 10) & 0x1Fu;
  const uint32_t mantissa = value & 0x3FFu;
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in float.
    const float magnitude = static_cast<float>(mantissa) * BitsFloat(0x33800000u);  // 2^-24
    return BitsFloat(FloatBits(magnitude) | sign);
  }
  // Every other exponent, 31 included, is a normal number: 0x7C00 -> 65536, 0x7E00 -> 98304.
  return BitsFloat(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

uint16_t FloatToFloat16(float value) {
  const uint32_t bits = FloatBits(value);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t abs = bits & 0x7FFFFFFFu;
  constexpr uint16_t kMaxHalf = 0x7BFF;  // 65504
  // NaN, Inf and anything that rounds past 65504 (>= 65520) saturate, keeping the sign.
  if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | kMaxHalf);
  if (abs >= 0x38800000u) {  // >= 2^-14: a normal half
    const uint32_t exponent = (abs >> 23) - 127 + 15;
    const uint32_t mantissa = abs & 0x7FFFFFu;
    uint32_t half = (exponent << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into exponent
    return static_cast<uint16_t>(sign | half);
  }
  // Subnormal or zero: the value in units of 2^-24, rounded to nearest-even.
  const uint32_t exponent = abs >> 23;
  if (exponent < 102) return sign;  // below 2^-25: rounds to (signed) zero
  const uint32_t significand = (abs & 0x7FFFFFu) | 0x800000u;
  const uint32_t shift = 126 - exponent;  // 14 .. 24
  uint32_t half = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1);
  const uint32_t halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
  return static_cast<uint16_t>(sign | half);
}

}  // namespace rt
}  // namespace aclcpu
