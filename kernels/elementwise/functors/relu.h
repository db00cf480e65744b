// ReLU family: Relu, LeakyRelu (+ backward), Threshold (+ backward and the ReluGrad path it
// takes at threshold 0), AddRelu, HardtanhBackward, SquaredRelu, Heaviside, Prelu. Each float
// functor is the vendor kernel's fp32 operation order (compare, multiply, select), instantiated
// on double packets for golden mode; the *IntFn functors are the exact integer kernels, written
// on the C integer type (the vendor computes those dtypes exactly, never through float).
// Parameter slots: see each functor.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "elementwise/types.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// ReLU as a select: x <= 0 → +0, else x. NaN passes through; −0 becomes +0.
template <typename V>
EIGEN_ALWAYS_INLINE V ReluOf(const V& x) {
  using namespace vm;
  return Select(Le(x, Zero<V>()), Zero<V>(), x);
}

template <typename V>
struct ReluFn {
  explicit ReluFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const { return ReluOf(x); }
};
template <typename T>
struct ReluIntFn {
  explicit ReluIntFn(const KernelParams&) {}
  T operator()(T x) const { return x > 0 ? x : T(0); }
};

// LeakyRelu: x > 0 ? x : x·slope (the 950 DAG: Muls, compare x > 0, select). Scalar 0 = slope.
template <typename V>
struct LeakyReluFn {
  V slope;
  explicit LeakyReluFn(const KernelParams& p) : slope(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Select(Gt(x, Zero<V>()), x, Mul(x, slope));
  }
};

// LeakyReluBackward, inputs (gradOutput g, self x): x > 0 ? g : g·slope. x = 0 and NaN take
// g·slope. Scalar 0 = slope.
template <typename V>
struct LeakyReluBackwardFn {
  V slope;
  explicit LeakyReluBackwardFn(const KernelParams& p)
      : slope(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    return Select(Gt(x, Zero<V>()), g, Mul(g, slope));
  }
};

// Threshold: x <= threshold ? value : x (NaN passes). Scalars 0 = threshold, 1 = value, both
// already converted to self's dtype by the operator (as the vendor's ConvertToTensor does).
template <typename V>
struct ThresholdFn {
  V threshold, value;
  explicit ThresholdFn(const KernelParams& p)
      : threshold(vm::Set<V>(p.Get<vm::Scalar<V>>(0))),
        value(vm::Set<V>(p.Get<vm::Scalar<V>>(1))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Select(Le(x, threshold), value, x);
  }
};
// Integer Threshold: params.i[0] = threshold, params.i[1] = value, in self's integer type.
template <typename T>
struct ThresholdIntFn {
  T threshold, value;
  explicit ThresholdIntFn(const KernelParams& p)
      : threshold(static_cast<T>(p.i[0])), value(static_cast<T>(p.i[1])) {}
  T operator()(T x) const { return x <= threshold ? value : x; }
};

// ThresholdBackward (ThresholdGradV2D), inputs (g, x): x <= t ? 0 : g, a select with the
// compare in fp32 (NaN x → g). Scalar 0 = t (float).
template <typename V>
struct ThresholdBackwardFn {
  V threshold;
  explicit ThresholdBackwardFn(const KernelParams& p)
      : threshold(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    return Select(Le(x, threshold), Zero<V>(), g);
  }
};
// keep ? g : 0 for an integer g, as g & mask: GCC turns the select into a masked load of g, which
// ran the exact rows at 0.6 of the roofline on large arrays; the mask form loads g whole.
template <typename T>
inline T KeepIf(bool keep, T g) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(g) & static_cast<U>(-static_cast<U>(keep)));
}

// int8 / uint8 ThresholdBackward: every such value is exact in fp16 and fp32, so the vendor's
// half → fp32 compare and select is this integer select against the float threshold. For an
// integer x, x <= t exactly when x <= floor(t); that bound, held in [−1000, 1000] (beyond the
// dtypes' range; NaN: −1000, never true), turns the compare into a 16-bit integer one (the fp32
// conversions took 2.3x the in-cache roofline).
template <typename T>
struct ThresholdBackwardIntFn {
  int16_t bound;
  static int16_t Bound(float t) {
    if (std::isnan(t)) return -1000;
    const float f = std::floor(t);
    return static_cast<int16_t>(f < -1000.0f ? -1000.0f : (f > 1000.0f ? 1000.0f : f));
  }
  explicit ThresholdBackwardIntFn(const KernelParams& p) : bound(Bound(p.f[0])) {}
  T operator()(T g, T x) const { return KeepIf(static_cast<int16_t>(x) > bound, g); }
};

// ReluGrad (ThresholdBackward when |threshold| <= FLT_EPSILON), inputs (g, x): g·(x <= 0 ? 0 :
// 1), a multiply: inf or NaN g with x <= 0 gives NaN, a negative g gives −0.
template <typename V>
struct ReluBackwardFn {
  explicit ReluBackwardFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    return Mul(g, Select(Le(x, Zero<V>()), Zero<V>(), One<V>()));
  }
};
template <typename T>
struct ReluBackwardIntFn {
  explicit ReluBackwardIntFn(const KernelParams&) {}
  T operator()(T g, T x) const { return KeepIf(x > 0, g); }
};

// AddRelu, inputs (self, other): relu(self + other·alpha) in fp32 (the vendor's Axpy; alpha = 1
// takes a plain Add, which is the same: other·1 is exact). Scalar 0 = alpha.
template <typename V>
struct AddReluFn {
  V alpha;
  explicit AddReluFn(const KernelParams& p) : alpha(vm::Set<V>(p.Get<vm::Scalar<V>>(0))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x, const V& y) const {
    using namespace vm;
    return ReluOf(Add(x, Mul(y, alpha)));
  }
};
// Integer AddRelu in the promoted type, wrapping like the device's integer Mul and Add:
// params.i[0] = alpha (already converted to T).
template <typename T>
struct AddReluIntFn {
  using U = std::make_unsigned_t<T>;
  U alpha;
  explicit AddReluIntFn(const KernelParams& p) : alpha(static_cast<U>(static_cast<T>(p.i[0]))) {}
  T operator()(T x, T y) const {
    const T s = static_cast<T>(static_cast<U>(static_cast<U>(x) + static_cast<U>(y) * alpha));
    return s > 0 ? s : T(0);
  }
};

// HardtanhBackward, inputs (g, x): ((x > min && x < max) || isnan(x)) ? g : 0, compares in fp32.
// Scalars 0 = min, 1 = max.
template <typename V>
struct HardtanhBackwardFn {
  V lo, hi;
  explicit HardtanhBackwardFn(const KernelParams& p)
      : lo(vm::Set<V>(p.Get<vm::Scalar<V>>(0))), hi(vm::Set<V>(p.Get<vm::Scalar<V>>(1))) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& x) const {
    using namespace vm;
    const Mask<V> inside = Or(And(Gt(x, lo), Lt(x, hi)), IsNan(x));
    return Select(inside, g, Zero<V>());
  }
};

// SquaredRelu: r = relu(x), r·r in fp32.
template <typename V>
struct SquaredReluFn {
  explicit SquaredReluFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    const V r = ReluOf(x);
    return vm::Mul(r, r);
  }
};

// Heaviside, inputs (input x, values v): NaN x is first replaced by −1 (so gives 0); then
// x < 0 → 0, x == 0 → v, x > 0 → 1.
template <typename V>
struct HeavisideFn {
  explicit HeavisideFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x, const V& v) const {
    using namespace vm;
    const Mask<V> zeroOrNeg = Or(Lt(x, Zero<V>()), IsNan(x));
    return Select(zeroOrNeg, Zero<V>(), Select(Eq(x, Zero<V>()), v, One<V>()));
  }
};

// Prelu, inputs (self x, weight w broadcast along dim 1): x > 0 ? x : w·x. The vendor computes
// in the I/O dtype; for fp16 / bf16 one fp32 product of two such values rounded once is that
// dtype's own product, so the fp32 form is exact.
template <typename V>
struct PreluFn {
  explicit PreluFn(const KernelParams&) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x, const V& w) const {
    using namespace vm;
    return Select(Gt(x, Zero<V>()), x, Mul(w, x));
  }
};

}  // namespace kernels
}  // namespace aclcpu
