// Swish family: aclnnSwish / aclnnSilu (forward), aclnnSwishBackward, aclnnSiluBackward.
// Each functor is the vendor kernel's fp32 operation order, one IEEE operation per step; 16-bit
// dtypes are widened exactly, run the same sequence and are rounded once by the output policy.
// Instantiated on double packets the same text is the golden form.
#pragma once

#include "elementwise/modes.h"
#include "elementwise/types.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// Swish forward, the 950 kernel's three templates, chosen per call from β (params.mode):
//   mode 1 (β == -1): x / (1 + e^x);  mode 2 (β == 0): 0.5·x;  else x / (1 + exp((−x)·β)).
// params scalar 0 = β. aclnnSilu is β = 1.
template <typename V>
struct SwishFn {
  V beta;
  int mode;
  explicit SwishFn(const KernelParams& p)
      : beta(vm::Set<V>(p.Get<vm::Scalar<V>>(0))), mode(p.mode) {}
  V operator()(const V& x) const {
    using namespace vm;
    if (mode == kSwishMinusOne) return Div(x, Add(One<V>(), Exp(x)));
    if (mode == kSwishZero) return Mul(Set<V>(0.5), x);
    return Div(x, Add(One<V>(), Exp(Mul(Neg(x), beta))));
  }
};

// Swish gradient (aclnnSwishBackward), inputs (gradOutput g, self x), params scalar 0 = β:
//   v = x·β, e = exp(−v), s = 1/(1 + e), out = (g·s)·(1 + v·(1 − s)).
// That order, not a more accurate one, reproduces the vendor's printed sample values. Special
// values follow from it: v < −88.7 overflows e, s = 0 and out = ±0 (NaN when g is inf);
// x = +inf gives s = 1 and inf·0 = NaN; x = −inf gives 0·(−inf) = NaN.
template <typename V>
struct SwishBackwardFn {
  V beta;
  explicit SwishBackwardFn(const KernelParams& p) : beta(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const {
    return vm::Exp(vm::Neg(vm::Mul(x, beta)));
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const { return Back(Front(g, x), g, x); }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& g, const V& x) const {
    using namespace vm;
    const V v = Mul(x, beta);
    const V s = Div(One<V>(), Add(One<V>(), e));
    return Mul(Mul(g, s), Add(One<V>(), Mul(v, Sub(One<V>(), s))));
  }
};

// SiLU gradient (aclnnSiluBackward), inputs (gradOutput g, self x), the silu_grad kernel order:
//   s = 1/(1 + exp(−x)), out = g·(s·(1 + x·(1 − s))).
template <typename V>
struct SiluBackwardFn {
  explicit SiluBackwardFn(const KernelParams&) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const { return vm::Exp(vm::Neg(x)); }
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const { return Back(Front(g, x), g, x); }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& g, const V& x) const {
    using namespace vm;
    const V s = Div(One<V>(), Add(One<V>(), e));
    return Mul(g, Mul(s, Add(One<V>(), Mul(x, Sub(One<V>(), s)))));
  }
};

}  // namespace kernels
}  // namespace aclcpu
