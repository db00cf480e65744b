// SELU family: aclnnSelu / aclnnInplaceSelu (forward) and aclnnSeluBackward, per kernel
// generation. Golden mode (double packets) uses the exact constants and skips the fp16
// intermediate roundings of the legacy fp16 kernels.
#pragma once

#include "elementwise/types.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// λ, λα and α·... each rounded once from the decimal value (not λ·α in float), and rounded to
// fp16 for the kernels that compute in fp16.
constexpr double kSeluLambdaD = 1.0507009873554804934193349852946;
constexpr double kSeluLambdaAlphaD = 1.7580993408473768599402175208123;
constexpr float kSeluLambda = 1.0507009873554804934193349852946f;
constexpr float kSeluLambdaAlpha = 1.7580993408473768599402175208123f;
constexpr float kSeluLambdaF16 = 1.05078125f;
constexpr float kSeluLambdaAlphaF16 = 1.7578125f;

template <typename V>
inline V SeluConst(float npu, double exact) {
  return vm::Set<V>(vm::kGolden<V> ? static_cast<vm::Scalar<V>>(exact)
                                   : static_cast<vm::Scalar<V>>(npu));
}

// SELU gradient from the forward output y, in fp32: g·(y + λα) on the negative branch, g·λ
// otherwise. kZeroIsNegative: the current generation's `y <= 0`; legacy uses `y < 0`. NaN takes
// the positive branch in both. Selecting the factor and multiplying once gives the bits of
// selecting between the two products (the product taken is the same operation).
template <typename V, bool kZeroIsNegative>
struct SeluBackwardF32Fn {
  V lambda, lambdaAlpha;
  explicit SeluBackwardF32Fn(const KernelParams&)
      : lambda(SeluConst<V>(kSeluLambda, kSeluLambdaD)),
        lambdaAlpha(SeluConst<V>(kSeluLambdaAlpha, kSeluLambdaAlphaD)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& y) const {
    using namespace vm;
    const Mask<V> neg = kZeroIsNegative ? Le(y, Zero<V>()) : Lt(y, Zero<V>());
    return Mul(g, Select(neg, Add(y, lambdaAlpha), lambda));
  }
};
template <typename V>
using SeluBackwardLegacyFn = SeluBackwardF32Fn<V, false>;
template <typename V>
using SeluBackwardCurrentFn = SeluBackwardF32Fn<V, true>;

// Legacy fp16 arithmetic (also legacy int8): g and y are fp16 values, the constants are fp16
// and every add and multiply is rounded to fp16 (an fp32 op on fp16 operands rounded once to
// fp16 equals the fp16 op: 24 >= 2·11 + 2). kFinalRound = false leaves the product's rounding
// to an fp16 output (nearest-even either way); a truncating int8 output needs it here.
template <typename V, bool kFinalRound>
struct SeluBackwardHalfFn {
  V lambda, lambdaAlpha;
  explicit SeluBackwardHalfFn(const KernelParams&)
      : lambda(SeluConst<V>(kSeluLambdaF16, kSeluLambdaD)),
        lambdaAlpha(SeluConst<V>(kSeluLambdaAlphaF16, kSeluLambdaAlphaD)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& y) const {
    using namespace vm;
    const V sum = RoundHalf(Add(y, lambdaAlpha));
    const V r = Mul(g, Select(Lt(y, Zero<V>()), sum, lambda));
    return kFinalRound ? RoundHalf(r) : r;
  }
};
template <typename V>
using SeluBackwardHalfFp16Fn = SeluBackwardHalfFn<V, false>;
template <typename V>
using SeluBackwardHalfI8Fn = SeluBackwardHalfFn<V, true>;

// SELU forward in fp32, the 950 kernel's form: λ·max(x, 0) + λα·(exp(min(x, 0)) − 1) (exp of
// min(x, 0) so that it never overflows). The legacy kernels are not public; we use the same form.
// The exp argument is also held at or above kSeluExpFloor: below it e^x < 2^-122, so e^x − 1
// rounds to −1 in fp32 and in double alike and the result keeps its bits, while the argument stays
// inside the table exp's range (exp_table.h) — integer inputs of a few hundred otherwise sent
// every packet down the slow full-range exp (Selu int32 ran at 0.2 of the roofline). NaN stays
// NaN through min and max.
constexpr float kSeluExpFloor = -85.0f;

// e^z − 1 for z in [kSeluExpFloor, 0] or NaN: the kernels' exp(z) − 1 (a NaN z gives any value:
// Selu's λ·max(x, 0) carries the NaN, see vm::ExpInRange); golden mode's expm1, which keeps the
// small negative inputs the subtraction cancels (exp(z) − 1 is 0 below |z| ~ 1e-16 in double).
template <typename V>
EIGEN_ALWAYS_INLINE V SeluExpm1(const V& z) {
  using namespace vm;
  if constexpr (kGolden<V>) {
    return Expm1(z);
  } else {
    return Sub(ExpInRange(z), One<V>());
  }
}
template <typename V>
struct SeluFn {
  V lambda, lambdaAlpha, floor;
  explicit SeluFn(const KernelParams&)
      : lambda(SeluConst<V>(kSeluLambda, kSeluLambdaD)),
        lambdaAlpha(SeluConst<V>(kSeluLambdaAlpha, kSeluLambdaAlphaD)),
        floor(vm::Set<V>(kSeluExpFloor)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V pos = Mul(Max(x, Zero<V>()), lambda);
    const V neg = Mul(SeluExpm1(Max(Min(x, Zero<V>()), floor)), lambdaAlpha);
    return Add(pos, neg);
  }
};

// SELU forward for int32 inputs (the I32TruncIo row), without the exp: an integer x < 0 is at
// most −1, so λα·(e^x − 1) lies in [−λα, λα·(e^−1 − 1)] = [−1.758, −1.111] and truncates to −1
// whatever the exp's last bits; x >= 0 gives max(x, 0)·λ + (e^0 − 1)·λα = x·λ + 0 = x·λ (the
// table exp returns 1 at 0 exactly). Any value in (−2, −1] then gives SeluFn's output after the
// truncating narrowing; −1 is taken. Only for integer-valued inputs: the tuned I32 row, held to
// the generic row by test_tuned_rows.
template <typename V>
struct SeluIntFn {
  V lambda;
  explicit SeluIntFn(const KernelParams&) : lambda(vm::Set<V>(kSeluLambda)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    return Select(Lt(x, Zero<V>()), Set<V>(-1.0f), Mul(Max(x, Zero<V>()), lambda));
  }
};

// SELU forward for int8 on 950, computed in fp16: the positive branch max(x, 0)·λ₁₆ rounded to
// fp16, the negative branch (exp(min(x, 0)) − 1)·λα₁₆ in fp16 and then rounded up to an integer
// (ceil); the sum goes to int8 by truncation, wrapping modulo 256 (the output policy).
template <typename V>
struct SeluI8Fn {
  V lambda, lambdaAlpha;
  explicit SeluI8Fn(const KernelParams&)
      : lambda(SeluConst<V>(kSeluLambdaF16, kSeluLambdaD)),
        lambdaAlpha(SeluConst<V>(kSeluLambdaAlphaF16, kSeluLambdaAlphaD)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& x) const {
    using namespace vm;
    const V pos = RoundHalf(Mul(Max(x, Zero<V>()), lambda));
    const V e = RoundHalf(Exp(Min(x, Zero<V>())));
    V neg = RoundHalf(Mul(RoundHalf(Sub(e, One<V>())), lambdaAlpha));
    if constexpr (!kGolden<V>) neg = Eigen::internal::pceil(neg);
    return Add(pos, neg);
  }
};

}  // namespace kernels
}  // namespace aclcpu
