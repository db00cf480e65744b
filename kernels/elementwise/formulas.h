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

// For v above this, exp(-v) is below 1e-38 and contributes nothing but rounding noise; it is
// taken as 0 so that v = +inf gives inf * 0 = NaN, as the vendor's fp32 exp underflow does.
constexpr float kSwishExpCutoff = 88.0f;

// Swish gradient g * s * (1 + v * (1 - s)), s = sigmoid(v), v = x * beta, computed as
//   e = exp(-v), d = 1 + e, t = g / d, u = e / d (= 1 - s without the cancellation), and
//   out = t * (1 + v * u).
// e = inf (v < -88.7) gives t = 0 and u = 1 (out = +-0, or NaN when g is inf), as in the
// vendor's op order; x = +-inf and NaN give NaN.
inline float SwishBackward(float g, float x, float beta) {
  const float v = x * beta;
  float e = std::exp(-v);
  if (v > kSwishExpCutoff) e = 0.0f;
  const float d = 1.0f + e;
  const float t = g / d;
  const float u = e < std::numeric_limits<float>::infinity() ? e / d : 1.0f;
  const float w = v * u;
  return t * (1.0f + w);
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
