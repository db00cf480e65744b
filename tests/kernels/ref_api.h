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
// fp32 exp / log / tanh / erf correctly rounded (from long double).
inline double Exp32(double x) { return R32(std::exp(static_cast<long double>(x))); }
inline double Log32(double x) { return R32(std::log(static_cast<long double>(x))); }
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
