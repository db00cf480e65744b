#include "half.h"

#include <cstring>

namespace aclcpu::compare {
namespace {

float FromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

}  // namespace

float HalfToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t fraction = bits & 0x3ffu;
  if (exponent == 0x1fu) {  // inf or NaN: keep the payload's top bits
    return FromBits(sign | 0x7f800000u | (fraction << 13));
  }
  if (exponent == 0) {
    if (fraction == 0) return FromBits(sign);
    // Subnormal: shift the leading one into the implicit position; each shift lowers the
    // exponent by one, starting from the smallest normal exponent (-14).
    int e = -14;
    while ((fraction & 0x400u) == 0) {
      fraction <<= 1;
      --e;
    }
    fraction &= 0x3ffu;
    exponent = static_cast<uint32_t>(e + 127);
    return FromBits(sign | (exponent << 23) | (fraction << 13));
  }
  return FromBits(sign | ((exponent - 15 + 127) << 23) | (fraction << 13));
}

float BFloat16ToFloat(uint16_t bits) { return FromBits(static_cast<uint32_t>(bits) << 16); }

}  // namespace aclcpu::compare
