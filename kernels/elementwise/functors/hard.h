// Hard* and shrink family: aclnnHardswish, aclnnHardswishBackward(V2), aclnnHardsigmoid,
// aclnnHardsigmoidBackward, aclnnHardshrink, aclnnHardshrinkBackward, aclnnSoftshrink,
// aclnnShrink. Each functor is the 950 kernel's fp32 operation order (the legacy kernels are not
// public; they get the same formula). 16-bit dtypes widen exactly and are rounded once by the
// row's output policy unless a functor says otherwise. On double packets the same text is the
// golden form (vm::RoundHalf vanishes there).
#pragma once

#include "elementwise/functors/hard_math.h"
#include "elementwise/functors/hard_modes.h"
#include "elementwise/types.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// x/k as the kernels compute it: x·(1.0f/k) in fp32 (1/6 → 0.16666667f, 1/3 → 0.33333334f);
// golden mode divides exactly by k (so that 3/6 + 0.5 is exactly 1, as in the real formula).
template <typename V>
EIGEN_ALWAYS_INLINE V DivBy(const V& x, int k) {
  if constexpr (vm::kGolden<V>) {
    return vm::Div(x, vm::Set<V>(k));
  } else {
    return vm::Mul(x, vm::Set<V>(1.0f / static_cast<float>(k)));
  }
}

// Hardswish: max(x, −3)·clamp(x + 3, 0, 6)·(1/6), left to right. The max keeps x = −inf from
// giving −inf·0 = NaN (it gives −3·0 = −0).
template <typename V>
struct HardswishFn {
  explicit HardswishFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V three = Set<V>(3);
    const V c = Min(Max(Add(x, three), Zero<V>()), Set<V>(6));
    return DivBy(Mul(Max(x, Neg(three)), c), 6);
  }
};

// Hardswish gradient, inputs (gradOutput g, self x): d = x·(1/3) + 0.5, then 0 below the lower
// bound and 1 above the upper one, out = g·d. kV2 = false (aclnnHardswishBackward): x < −3 → 0,
// x > 3 → 1 (x = ±3 keep d: 1.5 and −0.5). kV2 = true: x ≤ −3 → 0, x ≥ 3 → 1. NaN x takes the
// factor 1 in both (out = g), so the upper test is written as "stay with d while x is below".
template <typename V, bool kV2>
struct HardswishBackwardFn {
  explicit HardswishBackwardFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    const V three = Set<V>(3);
    const V d = Add(DivBy(x, 3), Set<V>(0.5));
    const Mask<V> belowUpper = kV2 ? Lt(x, three) : Le(x, three);
    const Mask<V> zeroed = kV2 ? Le(x, Neg(three)) : Lt(x, Neg(three));
    if constexpr (kGolden<V>) {
      // g·(x + 1.5)/3: one rounding of the exact value, so halfway cases of the 16-bit output
      // stay halfway.
      const V mid = Div(Mul(g, Add(x, Set<V>(1.5))), three);
      return Select(zeroed, Mul(g, Zero<V>()), Select(belowUpper, mid, g));
    }
    const V factor = Select(zeroed, Zero<V>(), Select(belowUpper, d, One<V>()));
    return Mul(g, factor);
  }
};
template <typename V>
using HardswishBackwardV1Fn = HardswishBackwardFn<V, false>;
template <typename V>
using HardswishBackwardV2Fn = HardswishBackwardFn<V, true>;

// Hardsigmoid: min(x·(1/6) + 0.5, 1), then max with 0 (NaN stays NaN). The 950 kernel rounds
// x·α + β to the 16-bit dtype before clamping; since rounding is monotone and 0 and 1 are
// representable, that equals clamping first and rounding once (the row's output policy).
template <typename V>
struct HardsigmoidFn {
  explicit HardsigmoidFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    // golden: (x + 3)/6, one rounding of the exact value
    const V t = kGolden<V> ? Div(Add(x, Set<V>(3)), Set<V>(6)) : Add(DivBy(x, 6), Set<V>(0.5));
    return Max(Min(t, One<V>()), Zero<V>());
  }
};

// Hardsigmoid gradient, inputs (gradOutput g, self x): t = x·(1/6) + 0.5 (two roundings);
// out = g·(1/6) where 0 < t < 1, else 0 (x = ±3 gives exactly 0; NaN x gives 0).
template <typename V>
struct HardsigmoidBackwardFn {
  explicit HardsigmoidBackwardFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    const V t = Add(DivBy(x, 6), Set<V>(0.5));
    const Mask<V> inside = And(Gt(t, Zero<V>()), Lt(t, One<V>()));
    return Select(inside, DivBy(g, 6), Zero<V>());
  }
};

// Hardshrink, params scalar 0 = λ (already clamped to 0 when negative): 0 where |x| ≤ λ, else x
// (NaN and inf pass through).
template <typename V>
struct HardshrinkFn {
  V lambda;
  explicit HardshrinkFn(const KernelParams& p) : lambda(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Select(Le(Abs(x), lambda), Zero<V>(), x);
  }
};

// Hardshrink gradient, inputs (gradOutput g, self x), params scalar 0 = λ: 0 where |x| ≤ λ, else
// g. kHalfLambda: the fp16 kernel compares in fp16, with λ first rounded to fp16.
template <typename V, bool kHalfLambda>
struct HardshrinkBackwardFn {
  V lambda;
  explicit HardshrinkBackwardFn(const KernelParams& p)
      : lambda(vm::Set<V>(kHalfLambda && !vm::kGolden<V>
                              ? static_cast<vm::Scalar<V>>(vm::RoundHalf(p.f[0]))
                              : p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    return Select(Le(Abs(x), lambda), Zero<V>(), g);
  }
};
template <typename V>
using HardshrinkBackwardF32Fn = HardshrinkBackwardFn<V, false>;
template <typename V>
using HardshrinkBackwardHalfFn = HardshrinkBackwardFn<V, true>;

// Softshrink, params scalar 0 = λ ≥ 0: x − λ where x > λ, x + λ where x < −λ, else 0 (NaN → 0).
template <typename V>
struct SoftshrinkFn {
  V lambda;
  explicit SoftshrinkFn(const KernelParams& p) : lambda(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V low = Select(Lt(x, Neg(lambda)), Add(x, lambda), Zero<V>());
    return Select(Gt(x, lambda), Sub(x, lambda), low);
  }
};

// Softshrink gradient, inputs (gradOutput g, self x), params scalar 0 = λ ≥ 0: g where |x| > λ
// or x is NaN, else 0.
template <typename V>
struct SoftshrinkBackwardFn {
  V lambda;
  explicit SoftshrinkBackwardFn(const KernelParams& p)
      : lambda(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    return Select(Or(Gt(Abs(x), lambda), IsNan(x)), g, Zero<V>());
  }
};

// Shrink, params scalars 0 = λ ≥ 0, 1 = bias: x − bias where x > λ, x + bias where x < −λ,
// else 0 (NaN → 0). kHalf: the fp16 kernel computes in fp16 with λ and bias first cast to fp16;
// its one fp16 add or subtract is the fp32 one rounded once to fp16 (the output policy).
template <typename V, bool kHalf>
struct ShrinkFn {
  V lambda, bias;
  static vm::Scalar<V> Param(const KernelParams& p, int k) {
    if (kHalf && !vm::kGolden<V>) return static_cast<vm::Scalar<V>>(vm::RoundHalf(p.f[k]));
    return p.Get<vm::Scalar<V>>(k);
  }
  explicit ShrinkFn(const KernelParams& p)
      : lambda(vm::Set<V>(Param(p, 0))), bias(vm::Set<V>(Param(p, 1))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V low = Select(Lt(x, Neg(lambda)), Add(x, bias), Zero<V>());
    return Select(Gt(x, lambda), Sub(x, bias), low);
  }
};
template <typename V>
using ShrinkF32Fn = ShrinkFn<V, false>;
template <typename V>
using ShrinkHalfFn = ShrinkFn<V, true>;

// ELU gradient (aclnnEluBackward), inputs (gradOutput g, selfOrResult x); params scalars
// 1 = scale, 2 = inputScale, 3 = negcoef (α·scale, rounded to fp32 on the host), b[0] = isResult.
// Where x ≤ 0: isResult → (g·inputScale)·(x + negcoef), else ((g·inputScale)·negcoef)·exp(x·
// inputScale); elsewhere (NaN too) g·scale. exp over the full range (exp(−inf) = 0).
template <typename V>
struct EluBackwardFn {
  V scale, inputScale, negcoef;
  bool isResult;
  explicit EluBackwardFn(const KernelParams& p)
      : scale(vm::Set<V>(p.Get<vm::Scalar<V>>(1))),
        inputScale(vm::Set<V>(p.Get<vm::Scalar<V>>(2))),
        negcoef(vm::Set<V>(p.Get<vm::Scalar<V>>(3))),
        isResult(p.b[0]) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    const V gs = Mul(g, inputScale);
    const V neg = isResult ? Mul(gs, Add(x, negcoef))
                           : Mul(Mul(gs, negcoef), hardmath::FullExp(Mul(x, inputScale)));
    return Select(Le(x, Zero<V>()), neg, Mul(g, scale));
  }
};

// The lowest z the kernels' exp sees where inputScale > 0 (EluFn::kPositiveScaleLoop).
constexpr float kEluExpFloor = -85.0f;

// ELU forward (aclnnElu), params scalars 0 = α, 1 = scale, 2 = inputScale (aclScalar::ToFloat).
// kEluAiCore (the 950 AICore kernel, fp32): z = x·inputScale; expm1(z) = Horner polynomial
// z·(1 + z·(1/2 + z·(1/6 + z·(1/24 [+ z/120])))) where |z| < 0.1 (degree 5 for fp32 input,
// degree 4 for 16-bit input), else exp(z) − 1; times α; x where x > 0; times scale.
// kEluThreshold (α or inputScale inf/NaN: the vendor's Threshold + Muls path, always fp32):
// (x ≤ 0 ? −α : x)·scale, NaN x stays NaN. Golden mode: expm1 itself.
template <typename V, bool kDegree5>
struct EluFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  V alpha, scale, inputScale;
  int mode;
  explicit EluFn(const KernelParams& p)
      : alpha(vm::Set<V>(p.Get<vm::Scalar<V>>(0))),
        scale(vm::Set<V>(p.Get<vm::Scalar<V>>(1))),
        inputScale(vm::Set<V>(p.Get<vm::Scalar<V>>(2))),
        mode(p.mode) {}
  // A loop per mode (instance.h), and two more for the AI Core form: inputScale > 0, where a lane
  // with x <= 0 has z <= 0, so exp takes max(z, kEluExpFloor) without the range check (exp(z) − 1
  // is −1 in fp32 below z ~ −17.3, clamped or not; a lane with x > 0 or NaN returns x·scale and
  // drops it); and that with α = scale = inputScale = 1 (aclnnElu's default and PyTorch's),
  // whose multiplications by 1 are exact and left out. The same bits in every loop.
  static constexpr int kPositiveScaleLoop = 2, kUnitLoop = 3;
  static constexpr int kLoopModes = 4;
  static int LoopModeOf(const KernelParams& p) {
    if (p.mode != kEluAiCore) return p.mode;
    const float a = p.Get<float>(0), s = p.Get<float>(1), is = p.Get<float>(2);
    if (a == 1.0f && s == 1.0f && is == 1.0f) return kUnitLoop;
    return is > 0.0f ? kPositiveScaleLoop : static_cast<int>(kEluAiCore);
  }
  // The AI Core form in two passes (chunked.h): exp(z), then the rest.
  static constexpr bool kTwoPass = true;
  static constexpr bool TwoPassAt(int m) { return m != kEluThreshold; }
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    return mode == kEluThreshold ? Apply<kEluThreshold>(x) : Apply<kEluAiCore>(x);
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Apply(const V& x) const {
    return Back<M>(Front<M>(x), x);
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Z(const V& x) const {
    return vm::MulUnlessOne<M == kUnitLoop>(x, inputScale);
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Front(const V& x) const {
    if constexpr (M == kEluThreshold || vm::kGolden<V>) {
      return x;
    } else if constexpr (M == kEluAiCore) {
      return vm::Exp(Z<M>(x));
    } else {
      return vm::ExpInRange(vm::Max(Z<M>(x), vm::Set<V>(kEluExpFloor)));  // NaN stays NaN
    }
  }
  template <int M>
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& x) const {
    using namespace vm;
    if constexpr (M == kEluThreshold) {
      return Mul(Select(Le(x, Zero<V>()), Neg(alpha), x), scale);
    }
    const V z = Z<M>(x);
    if constexpr (M == kEluAiCore || kGolden<V>) {
      const V neg = Mul(Expm1Select(z, e), alpha);
      return Mul(Select(Gt(x, Zero<V>()), x, neg), scale);
    } else {
      // x <= 0 rather than !(x > 0): a NaN x takes x (its e is any value, see vm::ExpInRange).
      const V neg = MulUnlessOne<M == kUnitLoop>(Expm1Select(z, e), alpha);
      return MulUnlessOne<M == kUnitLoop>(Select(Le(x, Zero<V>()), neg, x), scale);
    }
  }
  EIGEN_ALWAYS_INLINE static V Expm1Select(const V& z, const V& e) {
    using namespace vm;
    if constexpr (kGolden<V>) {
      return Expm1(z);
    } else {
      // Both forms, selected per lane: skipping the polynomial in packets with no lane near 0
      // was a branch the predictor cannot learn on real data (1M fp32, 1 thread: 373 -> 285
      // µs without it; in cache the benchmark repeats its data and the branch looked free).
      const auto poly = [&z] {
        // Horner from the highest coefficient: t = z·c_top, then t = (t + c)·z per lower one.
        V t = Mul(z, Set<V>(kDegree5 ? 1.0f / 120.0f : 1.0f / 24.0f));
        if (kDegree5) t = Mul(Add(t, Set<V>(1.0f / 24.0f)), z);
        t = Mul(Add(t, Set<V>(1.0f / 6.0f)), z);
        t = Mul(Add(t, Set<V>(0.5f)), z);
        return Mul(Add(t, One<V>()), z);
      };
      return Select(Lt(Abs(z), Set<V>(0.1f)), poly(), Sub(e, One<V>()));
    }
  }
};
template <typename V>
using EluF32Fn = EluFn<V, true>;
template <typename V>
using EluHalfFn = EluFn<V, false>;

// ELU on DOUBLE (the vendor's AICPU kernel): x ≥ 0 → x·scale, else (α·scale)·(exp(x·inputScale)
// − 1), in double, with the scalars as the AICPU kernel takes them: through std::to_string
// (6 decimals; params scalars 3..5).
template <typename V>
struct EluAicpuNpuFn {
  V alpha, scale, inputScale;
  explicit EluAicpuNpuFn(const KernelParams& p)
      : alpha(vm::Set<V>(static_cast<vm::Scalar<V>>(p.d[3]))),
        scale(vm::Set<V>(static_cast<vm::Scalar<V>>(p.d[4]))),
        inputScale(vm::Set<V>(static_cast<vm::Scalar<V>>(p.d[5]))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V neg = Mul(Mul(alpha, scale), Sub(Exp(Mul(x, inputScale)), One<V>()));
    return Select(Ge(x, Zero<V>()), Mul(x, scale), neg);
  }
};
// Its golden form: the exact scalars, α·scale·expm1(x·inputScale) in long double per lane.
template <typename V>
struct EluAicpuExactFn {
  long double alpha, scale, inputScale;
  explicit EluAicpuExactFn(const KernelParams& p)
      : alpha(p.d[0]), scale(p.d[1]), inputScale(p.d[2]) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    return vm::Lanes(x, [this](vm::Scalar<V> v) {
      const long double lx = v;
      return static_cast<vm::Scalar<V>>(lx >= 0 ? lx * scale
                                                : alpha * scale * std::expm1(lx * inputScale));
    });
  }
};

// CELU (aclnnCelu), params scalar 0 = α, 1 = 1/α (1.0f/α, the host's reciprocal). The 950
// kernel in fp32: u = x·(1/α); expm1(u) = u·(e − 1)/log(e) with e = exp(u) where |u| < 0.5
// (Kahan's form; u itself where log(e) == 0), else e − 1; then min(α·expm1(u), 0) + max(x, 0).
// Golden mode: expm1 itself and an exact division by α.
template <typename V>
struct CeluFn {
  static constexpr bool kComputeBound = true;  // no streaming stores (instance.h)
  V alpha, inverse;
  explicit CeluFn(const KernelParams& p)
      : alpha(vm::Set<V>(p.Get<vm::Scalar<V>>(0))), inverse(vm::Set<V>(p.Get<vm::Scalar<V>>(1))) {}
  static constexpr bool kTwoPass = true;  // exp, then the rest (chunked.h)
  EIGEN_ALWAYS_INLINE V Front(const V& x) const { return vm::Exp(vm::Mul(x, inverse)); }
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    if constexpr (vm::kGolden<V>) return Back(x, x);
    return Back(Front(x), x);
  }
  // e = exp(x·(1/α)) (golden: unused).
  EIGEN_ALWAYS_INLINE V Back(const V& e, const V& x) const {
    using namespace vm;
    V m;
    if constexpr (kGolden<V>) {
      m = Expm1(Div(x, alpha));
    } else {
      const V u = Mul(x, inverse);
      const V em1 = Sub(e, One<V>());
      // Computed for every packet and selected per lane: as a branch on "a lane of |u| < 0.5"
      // (most packets for inputs spread over a few units) it mispredicted on data the
      // predictor had not seen (1M fp32, 1 thread: 465-524 -> 379-413 µs). Inlined: out of line
      // it cost a call a packet.
      const auto kahan = [&]() __attribute__((always_inline)) {
        const V l = Log(e);
        return Select(Eq(l, Zero<V>()), u, Div(Mul(u, em1), l));
      };
      m = Select(Lt(Abs(u), Set<V>(0.5f)), kahan(), em1);
    }
    return Add(Min(Mul(m, alpha), Zero<V>()), Max(x, Zero<V>()));
  }
};

// erfinv (aclnnErfinv): fp32 (integer and bool inputs are cast to FLOAT by the operator), 16-bit
// widened exactly and rounded nearest-even. ±1 → ±inf, outside [−1, 1] → NaN.
template <typename V>
struct ErfinvFn {
  explicit ErfinvFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const { return hardmath::Erfinv(x); }
  // fp32 packets in two passes (chunked.h): the double-lane logarithms, then the polynomials.
  static constexpr bool kTwoPass = std::is_same<V, Packet>::value;
  EIGEN_ALWAYS_INLINE hardmath::ErfinvLogs Front(const V& x) const {
    return hardmath::ErfinvFront(x);
  }
  EIGEN_ALWAYS_INLINE V Back(const hardmath::ErfinvLogs& f, const V& x) const {
    return hardmath::ErfinvBack(f, x);
  }
};

}  // namespace kernels
}  // namespace aclcpu
