// GELU family: GELU (tanh and erf forms) and FastGELU with their gradients, Sigmoid, LogSigmoid,
// Mish and Softplus with theirs. Each functor is the vendor's 950 kernel in fp32, one IEEE
// operation per step in its order (the legacy chips' kernels are not public; we use the same
// form). Instantiated on double packets the same text is the golden form, with the formula's
// exact constants; on plain double it is the AICPU kernel of DOUBLE Sigmoid / SigmoidBackward.
#pragma once

#include <cfloat>
#include <limits>

#include "elementwise/functors/gelu_math.h"
#include "elementwise/functors/gelu_modes.h"
#include "elementwise/types.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// A constant: the vendor's fp32 literal for NPU kernels, the exact value for golden.
template <typename V>
inline V GeluConst(float npu, double exact) {
  return vm::Set<V>(vm::kGolden<V> ? static_cast<vm::Scalar<V>>(exact)
                                   : static_cast<vm::Scalar<V>>(npu));
}
template <typename V>
inline V Two() {
  return vm::Set<V>(vm::Scalar<V>(2));
}

// GELU constants. Tanh form: x / (1 + exp(c·(x/0.044715 + x³))), c = −2√(2/π)·0.044715, the
// 950 kernel's rewrite of 0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))).
constexpr double kGeluK = 1.0 / 0.044715;
constexpr double kGeluC = -1.5957691216057308 * 0.044715;
constexpr float kGeluCVendor = static_cast<float>(-1.595769121 * 0.044715);
constexpr double kInvSqrt2 = 0.70710678118654752440;
constexpr float kInvSqrt2Vendor = 0.707106781f;

// GELU forward, params.mode = GeluMode:
//   tanh: x3 = (x·x)·x, s = x3 + x·(1/0.044715) (Axpy), out = x / (1 + exp(s·c));
//   erf:  out = (0.5·x)·(1 + erf(x·0.707106781)) (golden: erfc(−x/√2) for the sum).
// x = −inf gives NaN in the tanh form (−inf / inf), as the kernel's order does.
template <typename V>
struct GeluFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  int mode;
  V k, c, invSqrt2;
  explicit GeluFn(const KernelParams& p)
      : mode(p.mode),
        k(GeluConst<V>(static_cast<float>(kGeluK), kGeluK)),
        c(GeluConst<V>(kGeluCVendor, kGeluC)),
        invSqrt2(GeluConst<V>(kInvSqrt2Vendor, kInvSqrt2)) {}
  static constexpr int kLoopModes = 2;  // a loop per form (instance.h)
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    return mode == kGeluErf ? Apply<kGeluErf>(x) : Apply<kGeluTanh>(x);
  }
  // The tanh form in two passes (chunked.h): exp, then the rest. (The erf form's chain is
  // the erf polynomial; split after it, it ran no faster.)
  static constexpr bool kTwoPass = true;
  static constexpr bool TwoPassAt(int m) { return m == kGeluTanh; }
  template <int M>
  EIGEN_ALWAYS_INLINE V Apply(const V& x) const {
    return Back<M>(Front<M>(x), x);
  }
  // erf: 1 + erf(t) (golden: erfc(−t), exact where the sum cancels, x ≪ 0); tanh: exp(s·c).
  template <int M>
  EIGEN_ALWAYS_INLINE V Front(const V& x) const {
    using namespace vm;
    if constexpr (M == kGeluErf) {
      const V t = Mul(x, invSqrt2);
      return kGolden<V> ? gm::Erfc(Neg(t)) : Add(One<V>(), Erf(t));
    }
    const V x3 = Mul(Mul(x, x), x);
    const V s = Add(x3, Mul(x, k));
    return gm::Exp(Mul(s, c));
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Back(const V& f, const V& x) const {
    using namespace vm;
    if constexpr (M == kGeluErf) return Mul(Mul(x, Set<V>(0.5)), f);
    return Div(x, Add(One<V>(), f));
  }
};

// GELU gradient, inputs (dy, x), params.mode = GeluMode:
//   tanh (gelu_grad): x2 = x², p = x·(x2·a1 + a2), e = exp(p), q = x·(x2·a3 + a4),
//        d = 1/(e + 1), r = ((e·d)·q)·d with NaN replaced by 0, out = dy·(r + d);
//   erf (gelu_grad_v2 "none"): cdf = erf(x·0.707106781)·0.5 + 0.5,
//        pdf = exp(x2·(−0.5))·0.3989422804, out = dy·(cdf + x·pdf) (golden: cdf from erfc).
template <typename V>
struct GeluBackwardFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  int mode;
  V a1, a2, a3, a4, invSqrt2, invSqrt2Pi;
  explicit GeluBackwardFn(const KernelParams& p)
      : mode(p.mode),
        a1(GeluConst<V>(-0.0713548163f, -1.5957691216057308 * 0.044715)),
        a2(GeluConst<V>(-1.5957691216f, -1.5957691216057308)),
        a3(GeluConst<V>(0.2140644488f, 3 * 1.5957691216057308 * 0.044715)),
        a4(GeluConst<V>(1.5957691216f, 1.5957691216057308)),
        invSqrt2(GeluConst<V>(kInvSqrt2Vendor, kInvSqrt2)),
        invSqrt2Pi(GeluConst<V>(0.3989422804f, 0.39894228040143267794)) {}
  static constexpr int kLoopModes = 2;  // a loop per form (instance.h)
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& x) const {
    return mode == kGeluErf ? Apply<kGeluErf>(dy, x) : Apply<kGeluTanh>(dy, x);
  }
  // As GeluFn: the tanh form in two passes, exp then the rest.
  static constexpr bool kTwoPass = true;
  static constexpr bool TwoPassAt(int m) { return m == kGeluTanh; }
  template <int M>
  EIGEN_ALWAYS_INLINE V Apply(const V& dy, const V& x) const {
    return Back<M>(Front<M>(dy, x), dy, x);
  }
  // erf: cdf; tanh: e.
  template <int M>
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const {
    using namespace vm;
    if constexpr (M == kGeluErf) {
      const V half = Set<V>(0.5);
      const V t = Mul(x, invSqrt2);
      return kGolden<V> ? Mul(gm::Erfc(Neg(t)), half) : Add(Mul(Erf(t), half), half);
    }
    return gm::Exp(Mul(x, Add(Mul(Mul(x, x), a1), a2)));
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Back(const V& f, const V& dy, const V& x) const {
    using namespace vm;
    const V x2 = Mul(x, x);
    if constexpr (M == kGeluErf) {
      const V pdf = Mul(gm::Exp(Mul(x2, Set<V>(-0.5))), invSqrt2Pi);
      return Mul(dy, Add(f, Mul(x, pdf)));
    }
    const V q = Mul(x, Add(Mul(x2, a3), a4));
    const V d = Div(One<V>(), Add(f, One<V>()));
    V r = Mul(Mul(Mul(f, d), q), d);
    r = Select(IsNan(r), Zero<V>(), r);
    return Mul(dy, Add(r, d));
  }
};

// FastGELU: t = x·(−1.702), out = x / (exp(t) + 1).
template <typename V>
struct FastGeluFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  V k;
  explicit FastGeluFn(const KernelParams&) : k(GeluConst<V>(-1.702f, -1.702)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Div(x, Add(gm::Exp(Mul(x, k)), One<V>()));
  }
};

// FastGELU gradient, inputs (dy, x): t = x·(−1.702), s = 1/(exp(t) + 1),
// u = (s − 1)·t + 1, out = dy·(u·s).
template <typename V>
struct FastGeluBackwardFn {
  V k;
  explicit FastGeluBackwardFn(const KernelParams&) : k(GeluConst<V>(-1.702f, -1.702)) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const { return gm::Exp(vm::Mul(x, k)); }
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& x) const {
    return Back(Front(dy, x), dy, x);
  }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& dy, const V& x) const {
    using namespace vm;
    const V t = Mul(x, k);
    const V s = Div(One<V>(), Add(e, One<V>()));
    const V u = Add(Mul(Sub(s, One<V>()), t), One<V>());
    return Mul(dy, Mul(u, s));
  }
};

// Sigmoid: 1 / (exp(−x) + 1).
template <typename V>
struct SigmoidFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  explicit SigmoidFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Div(One<V>(), Add(gm::Exp(Neg(x)), One<V>()));
  }
};

// Sigmoid gradient from the forward output y, inputs (dy, y): (dy·(1 − y))·y.
template <typename V>
struct SigmoidBackwardFn {
  explicit SigmoidBackwardFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& y) const {
    using namespace vm;
    return Mul(Mul(dy, Sub(One<V>(), y)), y);
  }
};

// log1p(e) for e >= 0 as the 950 kernels compute it: u = 1 + e; e where u == 1, else
// (log(u)·e) / (u − 1).
template <typename V>
EIGEN_ALWAYS_INLINE V Log1pOfExp(const V& e, const V& u, const V& logU) {
  using namespace vm;
  return Select(Eq(u, One<V>()), e, Div(Mul(logU, e), Sub(u, One<V>())));
}

// LogSigmoid: min(x, 0) − log1p(exp(−|x|)).
template <typename V>
struct LogSigmoidFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  static constexpr bool kTwoPass = true;       // exp, then the rest (chunked.h)
  explicit LogSigmoidFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V Front(const V& x) const { return gm::Exp(vm::Neg(vm::Abs(x))); }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& x) const {
    using namespace vm;
    const V u = Add(One<V>(), e);
    return Sub(Min(x, Zero<V>()), Log1pOfExp(e, u, Log(u)));
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const { return Back(Front(x), x); }
};

// LogSigmoid gradient, inputs (dy, x): e = exp(−|x|), out = dy·((x < 0 ? 1 : e) / (1 + e)).
template <typename V>
struct LogSigmoidBackwardFn {
  explicit LogSigmoidBackwardFn(const KernelParams&) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const { return gm::Exp(vm::Neg(vm::Abs(x))); }
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& x) const {
    return Back(Front(dy, x), dy, x);
  }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& dy, const V& x) const {
    using namespace vm;
    const V num = Select(Lt(x, Zero<V>()), One<V>(), e);
    return Mul(dy, Div(num, Add(One<V>(), e)));
  }
};

// tanh(softplus(x)) as numerator / denominator in the 950 kernels' closed forms, from
// e = exp(−|x|) (e^x for x < 0, e^(−x) otherwise, given) and e2 = e·e:
//   x < 0: (e2 + 2e) / ((e2 + 2e) + 2);  x >= 0: (2e + 1) / ((2e + 1) + 2·e2).
// The grouping of the x >= 0 denominator reproduces the vendor's printed MishBackward sample
// values ((2·e2 + 2e) + 1 does not); e2 = e·e or exp(−2|x|) agree on those samples.
template <typename V>
EIGEN_ALWAYS_INLINE void MishTanhParts(const V& x, const V& e, V* num, V* den) {
  using namespace vm;
  const V e2 = Mul(e, e);
  const V twoE = Mul(e, Two<V>());
  const V negNum = Add(e2, twoE);
  const V posNum = Add(twoE, One<V>());
  const Mask<V> neg = Lt(x, Zero<V>());
  *num = Select(neg, negNum, posNum);
  *den = Select(neg, Add(negNum, Two<V>()), Add(posNum, Mul(e2, Two<V>())));
}

// Mish: (x·num) / den.
template <typename V>
struct MishFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  static constexpr bool kTwoPass = true;       // exp, then the rest (chunked.h)
  explicit MishFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V Front(const V& x) const { return gm::Exp(vm::Neg(vm::Abs(x))); }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& x) const {
    using namespace vm;
    V num, den;
    MishTanhParts<V>(x, e, &num, &den);
    return Div(Mul(x, num), den);
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const { return Back(Front(x), x); }
};

// Mish gradient, inputs (dy, x): t = num / den, out = dy·(t − ((t·t − 1)·x) / (1 + exp(−x))).
// x = ±inf gives NaN (0·inf or inf / inf), as the kernel's order does.
template <typename V>
struct MishBackwardFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  static constexpr bool kTwoPass = true;       // the two exps, then the rest (chunked.h)
  explicit MishBackwardFn(const KernelParams&) {}
  struct Exps {
    V e;   // exp(−|x|)
    V en;  // exp(−x)
  };
  EIGEN_ALWAYS_INLINE Exps Front(const V&, const V& x) const {
    using namespace vm;
    Exps f;
    gm::ExpNegAbsAndNeg(x, &f.e, &f.en);
    return f;
  }
  EIGEN_ALWAYS_INLINE V Back(const Exps& f, const V& dy, const V& x) const {
    using namespace vm;
    V num, den;
    MishTanhParts<V>(x, f.e, &num, &den);
    const V t = Div(num, den);
    const V w = Div(Mul(Sub(Mul(t, t), One<V>()), x), Add(One<V>(), f.en));
    return Mul(dy, Sub(t, w));
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& x) const {
    return Back(Front(dy, x), dy, x);
  }
};

// Softplus (SoftplusV2), scalars β, threshold, 1/β (+inf when |β| <= FLT_EPSILON, as the tiling
// sets it): bx = x·β; where bx > threshold the result is x; elsewhere e = exp(bx) (bx replaced
// by 0 on the selected lanes), l = log1p(e) (inf when 1 + e is inf), out = l·(1/β).
// Two loops (instance.h): any β, and β = 1/β = 1 (aclnnSoftplus's default and PyTorch's), whose
// multiplications by 1 are exact and left out. Where every lane's exp took the table form, 1 + e
// is finite and the table log needs no range check (gm::ExpNoting): the same bits either way.
template <typename V>
struct SoftplusFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  static constexpr bool kTwoPass = true;       // exp, then the rest (chunked.h)
  static constexpr int kAnyBetaLoop = 0, kUnitBetaLoop = 1;
  static constexpr int kLoopModes = 2;
  static int LoopModeOf(const KernelParams& p) {
    return p.Get<float>(kSoftplusBeta) == 1.0f && p.Get<float>(kSoftplusInvBeta) == 1.0f
               ? kUnitBetaLoop
               : kAnyBetaLoop;
  }
  V beta, threshold, invBeta;
  explicit SoftplusFn(const KernelParams& p)
      : beta(vm::Set<V>(p.Get<vm::Scalar<V>>(kSoftplusBeta))),
        threshold(vm::Set<V>(p.Get<vm::Scalar<V>>(kSoftplusThreshold))),
        invBeta(vm::Set<V>(p.Get<vm::Scalar<V>>(kSoftplusInvBeta))) {}
  template <int M>
  EIGEN_ALWAYS_INLINE V Bx(const V& x) const {
    return vm::MulUnlessOne<M == kUnitBetaLoop>(x, beta);
  }
  // e = exp(bx), bx replaced by 0 on the lanes over the threshold.
  template <int M>
  EIGEN_ALWAYS_INLINE gm::ExpNoted<V> Front(const V& x) const {
    using namespace vm;
    const V bx = Bx<M>(x);
    return gm::ExpNoting(Select(Gt(bx, threshold), Zero<V>(), bx));
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Back(const gm::ExpNoted<V>& f, const V& x) const {
    using namespace vm;
    const Mask<V> over = Gt(Bx<M>(x), threshold);
    const V u = Add(One<V>(), f.e);
    V l;
    if (f.inTable) {
      l = Log1pOfExp(f.e, u, gm::LogOfOnePlusInTable(u));
    } else {
      const V inf = Set<V>(std::numeric_limits<Scalar<V>>::infinity());
      l = Select(Eq(u, inf), inf, Log1pOfExp(f.e, u, Log(u)));
    }
    return Select(over, x, MulUnlessOne<M == kUnitBetaLoop>(l, invBeta));
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Apply(const V& x) const {
    return Back<M>(Front<M>(x), x);
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const { return Apply<kAnyBetaLoop>(x); }
};

// Softplus gradient (SoftplusV2Grad), inputs (dy, x), scalars β, threshold: t = β·x;
// out = dy where t > threshold, else dy / (1 + exp(−t)).
template <typename V>
struct SoftplusBackwardFn {
  V beta, threshold;
  explicit SoftplusBackwardFn(const KernelParams& p)
      : beta(vm::Set<V>(p.Get<vm::Scalar<V>>(kSoftplusBeta))),
        threshold(vm::Set<V>(p.Get<vm::Scalar<V>>(kSoftplusThreshold))) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V&, const V& x) const {
    return gm::Exp(vm::Neg(vm::Mul(beta, x)));
  }
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& dy, const V& x) const {
    using namespace vm;
    return Select(Gt(Mul(beta, x), threshold), dy, Div(dy, Add(One<V>(), e)));
  }
  EIGEN_ALWAYS_INLINE V operator()(const V& dy, const V& x) const {
    return Back(Front(dy, x), dy, x);
  }
};

}  // namespace kernels
}  // namespace aclcpu
