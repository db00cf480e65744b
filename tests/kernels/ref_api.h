// The contract between the generic kernel testers and one independent reference per operator.
//
// For every operator of kernels/elementwise/ops.inc, a header under references/ specializes
//   template <> struct Reference<OpId::kX> { ... };
// with these static members (the testers instantiate every operator of ops.inc, so a missing
// reference is a compile error):
//   std::vector<KernelParams> Params();           // parameter blocks to test (at least one)
//   double Input(int k, const KernelRow& row, const KernelParams& p, std::mt19937& rng);
//                                                 // a random value for input k (the harness
//                                                 // rounds it to the row's dtype)
//   std::vector<double> Specials(int k);          // special values for input k (±0, ±inf, NaN,
//                                                 // boundaries); combined across inputs
//   Expect Npu(const double* in, const KernelParams& p, const KernelRow& row);
//                                                 // what the NPU computes: the vendor's
//                                                 // operation order with each step rounded
//                                                 // as the vendor does (exp, log, tanh, erf
//                                                 // correctly rounded), the result already in
//                                                 // the row's dtype, and the allowed error
//   void Exact(const double* in, const KernelParams& p, const KernelRow& row, double* out);
//                                                 // the exact value per output (golden mode):
//                                                 // float outputs unrounded, integer outputs
//                                                 // after the vendor's final conversion
// Inputs arrive as doubles holding values of the row's dtype. References are written from the
// vendor's facts (../shared/spec), never from the kernels' code.
#pragma once

#include <cmath>
#include <random>
#include <vector>

#include "elementwise/registry.h"
#include "ref_format.h"

namespace reftest {

using aclcpu::kernels::Generation;
using aclcpu::kernels::KernelParams;
using aclcpu::kernels::KernelRow;
using aclcpu::kernels::OpId;

struct Expect {
  double value[2] = {0, 0};  // expected output values, in the output dtype (NaN: any NaN)
  double tol[2] = {0, 0};    // allowed |out - value|; 0 with exact: bitwise, sign of zero too
  bool exact = true;
};

template <OpId op>
struct Reference;  // no definition: every operator needs its own

// ---- helpers for references ----

inline double Uniform(std::mt19937& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
// One ulp of freedom in fp32 exp and log. The bar is the vendor's order with exact functions,
// but our fp32 exp (~0.6 ulp) and log (~1 ulp), like the NPU's, are not correctly rounded, and a
// one-ulp difference of e can be amplified by the steps after it: 1 + e flips a tie, and a
// quotient by 1 + e shows the divisor's relative error as up to 2 ulps of its own. A reference
// whose Npu() goes through AnyFnRounding() is evaluated once for each rounding of exp and of log
// (the correctly rounded fp32 value and its two neighbours), and the result may lie in any of
// those expectations: its ulps count beyond what a one-ulp exp / log explains.
struct FnRounding {
  int exp = 0;  // -1: the fp32 value below the correctly rounded one, +1: above, 0: it
  int log = 0;
  bool usedExp = false;  // set by Exp32 / Log32: which nudges make a difference
  bool usedLog = false;
};
inline FnRounding& CurrentFnRounding() {
  static thread_local FnRounding r;
  return r;
}
inline double Nudge32(double v, int dir) {
  if (dir == 0 || !std::isfinite(v)) return v;
  return std::nextafter(static_cast<float>(v), dir > 0 ? INFINITY : -INFINITY);
}
// fp32 exp / log / tanh / erf correctly rounded (from long double); exp and log nudged by one
// fp32 ulp inside AnyFnRounding().
inline double Exp32(double x) {
  FnRounding& r = CurrentFnRounding();
  r.usedExp = true;
  return Nudge32(R32(std::exp(static_cast<long double>(x))), r.exp);
}
inline double Log32(double x) {
  FnRounding& r = CurrentFnRounding();
  r.usedLog = true;
  return Nudge32(R32(std::log(static_cast<long double>(x))), r.log);
}
inline double Tanh32(double x) { return R32(std::tanh(static_cast<long double>(x))); }
inline double Erf32(double x) { return R32(std::erf(static_cast<long double>(x))); }
// An expectation with a tolerance in ulps of the output dtype at the expected value, plus an
// absolute term (for cancellation inside the formula: ulps of the terms' magnitude).
inline Expect Near(double value, aclcpu::kernels::DType t, double ulps, double absTol = 0) {
  Expect e;
  e.exact = false;
  e.value[0] = value;
  e.tol[0] = (std::isfinite(value) ? ulps * Ulp(value, FormatOf(t)) : 0) + absTol;
  return e;
}
// The union of `npu()`'s expectations over the exp / log roundings (see FnRounding; only the
// functions the sequence calls are varied, so 3 or 9 evaluations). The
// expectation with correctly rounded functions is kept as it is when it is exact or not finite;
// finite inexact ones merge into one interval (a rounding that overflows or gives NaN where the
// correctly rounded one does not is left out).
template <typename F>
inline Expect AnyFnRounding(F npu) {
  CurrentFnRounding() = FnRounding{};
  const Expect nearest = npu();
  const FnRounding used = CurrentFnRounding();
  const double v = nearest.value[0];
  if (nearest.exact || !std::isfinite(v) || nearest.value[1] != 0 || nearest.tol[1] != 0) {
    return nearest;
  }
  double lo = v - nearest.tol[0], hi = v + nearest.tol[0];
  const int expSpan = used.usedExp ? 1 : 0, logSpan = used.usedLog ? 1 : 0;
  for (int e = -expSpan; e <= expSpan; ++e) {
    for (int l = -logSpan; l <= logSpan; ++l) {
      if (e == 0 && l == 0) continue;
      CurrentFnRounding() = FnRounding{e, l, false, false};
      const Expect x = npu();
      CurrentFnRounding() = FnRounding{};
      if (x.exact || !std::isfinite(x.value[0]) || !std::isfinite(x.tol[0])) continue;
      lo = std::fmin(lo, x.value[0] - x.tol[0]);
      hi = std::fmax(hi, x.value[0] + x.tol[0]);
    }
  }
  Expect r = nearest;
  if (lo < v - nearest.tol[0] || hi > v + nearest.tol[0]) {
    r.value[0] = lo + (hi - lo) / 2;
    r.tol[0] = (hi - lo) / 2;
  }
  return r;
}
inline Expect Exactly(double value) {
  Expect e;
  e.value[0] = value;
  return e;
}
inline KernelParams Scalars(std::initializer_list<double> values) {
  KernelParams p;
  int k = 0;
  for (double v : values) p.SetScalar(k++, static_cast<float>(v), static_cast<float>(v));
  return p;
}

}  // namespace reftest
