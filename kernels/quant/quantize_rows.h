// D4, the quantizer of the quantizing activations (GeluQuant; SwigluGroupQuant builds on the
// same casts): an fp32 value to the vendor's 8-bit targets with the conversions its 950 kernels
// issue, and a row quantizer with a static (scale, offset) or a dynamic per-row amax scale.
// Pure functions of their arguments; no allocation.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kernels {
namespace quant {

enum class Target : uint8_t { kInt8, kFloat8E4M3FN, kFloat8E5M2, kHiFloat8 };

// HIFLOAT8's rounding: "round" (ties away from zero) or "hybrid". The vendor documents hybrid
// as a stochastic rounding of its cast unit; it is emulated deterministically as "round".
enum class HifRounding : uint8_t { kRound, kHybrid };

// fp32 -> fp16 rounded to odd (truncate, then set the last bit when inexact), kept as fp32:
// the first step of the vendor's fp32 -> int8 cast. Never overflows to inf (a finite value
// beyond 65504 gives 65504); inf and NaN pass through.
float RoundToOddHalf(float value);

// The code of `value` in `target` as the vendor's cast unit gives it: INT8 through fp16
// rounded to odd, then rint, saturated (NaN -> 0); FLOAT8 rint with saturation; HIFLOAT8
// `hif` with saturation. The result is the raw byte.
uint8_t CastTo(Target target, HifRounding hif, float value);

// Golden mode: the code nearest to the double `value` under the same rule, one rounding (INT8
// without the fp16 step; through a round-to-odd fp32 value, which keeps every target's nearest).
uint8_t CastToExact(Target target, HifRounding hif, double value);

// 1 / (the largest finite value of target) as the vendor's fp32 constant: 1/127, 1/448,
// 1/57344, 1/32768.
float InvTargetMax(Target target);
// The largest finite value of target: 127, 448, 57344, 32768.
double TargetMax(Target target);

// One row of n values `g` quantized into `y` (byte stride yStride). T = float: the vendor's fp32
// steps and CastTo; T = double (golden mode): the same steps in double and CastToExact.
//  static:  y = cast(g * scale + offset)  (scale, offset: per column with stride, or nullptr;
//           a scalar is passed as stride 0)
//  dynamic: g' = g * scale (when given); amax = max|g'| over the row, from 0 (RowAmax runs
//           over the row in pieces, NaN propagates); s = amax * InvTargetMax(target);
//           y = cast(g' / s) (an all-zero row gives 0 / 0).
struct RowScale {
  const float* scale = nullptr;  // fp32, already widened by the caller
  int64_t scaleStride = 0;
  const float* offset = nullptr;
  int64_t offsetStride = 0;
};
template <typename T>
void QuantizeStaticRow(const T* g, int64_t n, const RowScale& s, Target target, HifRounding hif,
                       uint8_t* y, int64_t yStride);
template <typename T>
T RowAmax(const T* g, int64_t n, const RowScale& s, T amax);
template <typename T>
void QuantizeDynamicRow(const T* g, int64_t n, const RowScale& s, T rowScale, Target target,
                        HifRounding hif, uint8_t* y, int64_t yStride);

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
