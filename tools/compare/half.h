// Exact widening of the 16-bit float formats to float (every fp16 and bf16 value is a float).
#pragma once

#include <cstdint>

namespace aclcpu::compare {

// IEEE binary16: 1 sign, 5 exponent, 10 fraction bits; subnormals, ±inf and NaN preserved.
float HalfToFloat(uint16_t bits);

// bfloat16: the high half of a binary32.
float BFloat16ToFloat(uint16_t bits);

}  // namespace aclcpu::compare
