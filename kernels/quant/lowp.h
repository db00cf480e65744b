// The vendor's low-precision formats as values: decoders and round-to-nearest encoders for
// FLOAT8 E4M3FN, FLOAT8 E5M2, HIFLOAT8 and FLOAT4 E2M1 (one code per byte, FP4 in the low 4
// bits), INT8 with rint / round, and FLOAT8 E8M0 scales. Pure functions of one value: the
// quantizing drivers build on them.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kernels {
namespace quant {

enum class Format : uint8_t {
  kFloat8E4M3FN,  // 1-4-3, bias 7, no inf, NaN = S.1111.111, max 448
  kFloat8E5M2,    // 1-5-2, bias 15, IEEE inf/NaN, max 57344
  kHiFloat8,      // Ascend HiFloat8: sign, dot prefix code, sign-magnitude exponent, max 32768
  kFloat4E2M1,    // 1-2-1, bias 1, no inf/NaN, max 6
};

enum class Rounding : uint8_t {
  kRint,   // nearest, ties to even ("rint")
  kRound,  // nearest, ties away from zero ("round")
};

// The value of `code` (FLOAT4: the low 4 bits), exactly, as fp32.
float Decode(Format format, uint8_t code);

// The code nearest to `value` under `rounding`. Beyond the largest finite value: with
// `saturate` the largest finite value of the sign; otherwise ±inf (E5M2, HIFLOAT8) or NaN
// (E4M3FN); FLOAT4 always saturates. NaN gives the format's NaN (FLOAT4: +0). HIFLOAT8 has no
// negative zero: values that round to zero give 0x00.
uint8_t Encode(Format format, float value, Rounding rounding, bool saturate);

// INT8: nearest under `rounding`, saturated to [-128, 127]; NaN gives 0.
int8_t EncodeInt8(float value, Rounding rounding);

// FLOAT8 E8M0 (an exponent only): 2^(code - 127); 0xFF is NaN.
float DecodeE8M0(uint8_t code);
// The smallest power of two >= value, as E8M0 (clamped to [2^-127, 2^127]); NaN, inf and
// values <= 0 give 0xFF.
uint8_t EncodeE8M0Ceil(float value);

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
