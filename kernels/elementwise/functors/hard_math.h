// Vector functions the hard group needs beyond vmath.h.
#pragma once

#include <cmath>
#include <limits>

#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {
namespace hardmath {

// exp with the whole fp32 range: vm::Exp (Eigen's fp32 exp) is accurate while the result is a
// normal number but clamps its argument at −88.72 (so exp(−inf) would be 2.9e−39); below −87
// this takes exp(z/4)⁴, which goes through the subnormals to 0 and gives exp(−inf) = 0.
// Golden mode: std::exp per lane.
template <typename V>
EIGEN_ALWAYS_INLINE V FullExp(const V& z) {
  using namespace vm;
  if constexpr (kGolden<V>) {
    return Lanes(z, [](Scalar<V> v) { return static_cast<Scalar<V>>(std::exp(v)); });
  } else {
    const V q = Exp(Mul(z, Set<V>(0.25f)));
    const V q2 = Mul(q, q);
    return Select(Lt(z, Set<V>(-87.0f)), Mul(q2, q2), Exp(z));
  }
}

// erfinv in double: Giles' single-precision rational start (w = −log((1 − x)(1 + x)), one
// polynomial below w = 5 and one in √w above), then kNewton Newton steps on erf(y) − x, written
// with erfc in the tails so that 1 − |x| keeps its bits. ±1 → ±inf, |x| > 1 and NaN → NaN,
// ±0 → ±0. The start is within ~4e-7 relative and a step squares that (times |y| ≤ 4): one step
// leaves ~1e-13, and rounded to fp32 it gave the two-step value's bits on every float of
// (−1, 1) but ±0.164826021, where erfinv lies within ~1e-16 relative of a midpoint between two
// floats (all 2.1e9 checked): fp32 lanes take one step, golden mode's double lanes keep two.
template <int kNewton>
inline double ErfinvDouble(double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return std::numeric_limits<double>::quiet_NaN();
  if (std::fabs(x) == 1) return std::copysign(std::numeric_limits<double>::infinity(), x);
  if (x == 0) return x;
  double w = -std::log((1.0 - x) * (1.0 + x));
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
                     -0.00417768164, 0.246640727, 1.50140941}) {
      p = c + p * w;
    }
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
                     0.00943887047, 1.00167406, 2.83297682}) {
      p = c + p * w;
    }
  }
  double y = p * x;
  const double twoOverSqrtPi = 1.1283791670955126;
  for (int i = 0; i < kNewton; ++i) {
    double f;
    if (x > 0.5) {
      f = (1.0 - x) - std::erfc(y);
    } else if (x < -0.5) {
      f = std::erfc(-y) - (1.0 + x);
    } else {
      f = std::erf(y) - x;
    }
    y -= f / (twoOverSqrtPi * std::exp(-y * y));
  }
  return y;
}

// erfinv per lane: fp32 lanes get the double value rounded once (the vendor's SIMT erfinvf is
// an fp32 routine; ours is correctly rounded but for near-ties); double lanes keep it.
template <typename V>
inline V Erfinv(const V& x) {
  constexpr int kNewton = vm::kGolden<V> ? 2 : 1;
  return vm::Lanes(x, [](vm::Scalar<V> v) {
    return static_cast<vm::Scalar<V>>(ErfinvDouble<kNewton>(static_cast<double>(v)));
  });
}

}  // namespace hardmath
}  // namespace kernels
}  // namespace aclcpu
