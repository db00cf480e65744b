// The scalar formulas of the elementwise kernels, written once. The vectorised functors in
// swish_backward.cpp / selu_backward.cpp perform exactly these operations in this order.
#pragma once

#include <cmath>
#include <limits>

#include "elementwise/convert.h"

namespace aclcpu {
namespace kernels {

// SELU constants, each rounded once from its decimal value (not lambda * alpha in float).
constexpr float kSeluLambda = 1.0507009873554804934193349852946f;
constexpr float kSeluLambdaAlpha = 1.7580993408473768599402175208123f;
// The same constants rounded to fp16 (the legacy fp16 kernel computes in fp16).
constexpr float kSeluLambdaF16 = 1.05078125f;
constexpr float kSeluLambdaAlphaF16 = 1.7578125f;

// Swish gradient g * s * (1 + v * (1 - s)), s = sigmoid(v), v = x * beta, in the vendor's fp32
// operation order, each operation rounded to fp32 (no contraction):
//   v = x * beta, e = exp(-v), s = 1 / (1 + e), out = (g * s) * (1 + v * (1 - s)).
// That order, not a more accurate one, reproduces the vendor's printed sample values. Special
// values follow from it: v < -88.7 overflows e to inf, so s = 0 and out = +-0 (NaN when g is inf);
// x = +inf gives s = 1 and inf * 0 = NaN; x = -inf gives 0 * -inf = NaN; NaN gives NaN.
inline float SwishBackward(float g, float x, float beta) {
  const float v = x * beta;
  const float e = std::exp(-v);
  const float s = 1.0f / (1.0f + e);
  return (g * s) * (1.0f + v * (1.0f - s));
}

// exp(-v) above this (where fp32 exp overflows) is taken as inf in the double-precision path, so
// that its special values are the fp32 path's: s = 0 and out = +-0, or NaN when g is inf.
constexpr double kSwishExpOverflow = std::numeric_limits<float>::max();

// The fp16 / bf16 Swish gradient: the same formula on exact double inputs, beta widened from the
// float parameter, evaluated in double and rounded once to the 16-bit format by the caller.
inline double SwishBackwardF64(double g, double x, double beta) {
  const double v = x * beta;  // exact: 11 or 8 bits times 24 bits
  double e = std::exp(-v);
  if (e > kSwishExpOverflow) e = std::numeric_limits<double>::infinity();
  const double s = 1.0 / (1.0 + e);
  return (g * s) * (1.0 + v * (1.0 - s));
}

// SELU gradient from the forward output y. kZeroIsNegative selects the current generation's
// `y <= 0` test; the legacy generation uses `y < 0`. NaN takes the positive branch in both.
template <bool kZeroIsNegative>
inline float SeluBackward(float g, float y) {
  const bool negative = kZeroIsNegative ? (y <= 0.0f) : (y < 0.0f);
  return negative ? g * (y + kSeluLambdaAlpha) : g * kSeluLambda;
}

// Legacy fp16 arithmetic (also used by legacy int8): g and y are fp16 values; constants and
// every add and multiply are rounded to fp16. An fp32 op on fp16 operands followed by one
// rounding to fp16 equals the fp16 op (24 >= 2 * 11 + 2).
inline float SeluBackwardLegacyHalf(float g, float y) {
  return y < 0.0f ? RoundToHalf(g * RoundToHalf(y + kSeluLambdaAlphaF16))
                  : RoundToHalf(g * kSeluLambdaF16);
}

}  // namespace kernels
}  // namespace aclcpu
