// References for the hard group (../shared/spec/activations/forward.md §3.7–3.9, 3.19, 3.22 and
// backward.md §5–8, 16): Hardswish, HardswishBackward(V2), Hardsigmoid, HardsigmoidBackward,
// Hardshrink, HardshrinkBackward, Softshrink, SoftshrinkBackward, Shrink. Every operator here is
// arithmetic and selects only, so the NPU value is bit-exact: each fp32 step rounded (R32), the
// 16-bit result rounded once by the vendor's narrowing (nearest-even, or half away from zero
// where the 950 uses CAST_ROUND). The exponential operators are in hard_exp.h.
#pragma once

#include "ref_api.h"

namespace reftest {
namespace hardref {

constexpr double kNaN = NAN;
constexpr double kInf = INFINITY;
inline bool Current(const KernelRow& row) { return row.gen == Generation::Current; }
// The kernels' fp32 constants 1.0f/6.0f and 1.0f/3.0f.
inline double Sixth() { return R32(1.0L / 6.0L); }
inline double Third() { return R32(1.0L / 3.0L); }

// Narrowing of an fp32 result to a 16-bit row: half away from zero when `away`, else
// nearest-even (fp32 rows: unchanged).
inline double Narrow(DType t, double r, bool away) {
  if (t == DType::F32) return r;
  if (away) return static_cast<double>(RoundAwayTo(r, FormatOf(t)));
  return RoundToDType(t, r);
}

inline double FloatInput(std::mt19937& rng, double lo, double hi) {
  // a few exact integers (the formulas' boundaries are at integers)
  if (rng() % 16 == 0) return std::floor(Uniform(rng, lo, hi));
  return Uniform(rng, lo, hi);
}

}  // namespace hardref

// Hardswish: max(x, −3)·clamp(x + 3, 0, 6)·(1/6) in fp32; fp16/bf16 CAST_ROUND on the 950.
template <>
struct Reference<OpId::kHardswish> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return hardref::FloatInput(rng, -8, 8);
  }
  static std::vector<double> Specials(int) {
    return {0.0,        -0.0, 3.0,  -3.0,  6.0,           -6.0,           1.0,          -1.0,
            -2.9999998, 2.5,  -2.5, 65504, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0];
    if (std::isnan(x)) return Exactly(hardref::kNaN);
    const double a = std::fmax(x, -3.0);
    const double c = std::fmin(std::fmax(R32(x + 3.0), 0.0), 6.0);
    const double r = R32(R32(a * c) * hardref::Sixth());
    const bool away = hardref::Current(row) && row.dtype != DType::F32;
    return Exactly(hardref::Narrow(row.dtype, r, away));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double x = in[0];
    if (std::isnan(in[0])) {
      out[0] = hardref::kNaN;
      return;
    }
    const long double c = std::fmin(std::fmax(x + 3.0L, 0.0L), 6.0L);
    out[0] = static_cast<double>(std::fmax(x, -3.0L) * c / 6.0L);
  }
};

// HardswishBackward (kV2 = false) and V2: g·factor, factor 0 below, 1 above, x/3 + 0.5 between;
// NaN x → factor 1.
template <bool kV2>
struct HardswishBackwardRef {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : hardref::FloatInput(rng, -5, 5);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.0, 0.0, hardref::kInf, hardref::kNaN};
    return {0.0,       -0.0,       3.0,           -3.0,           2.9999998,    -2.9999998,
            3.0000002, -3.0000002, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static double Factor(double x, double d) {
    if (std::isnan(x)) return 1.0;
    if (kV2 ? x <= -3 : x < -3) return 0.0;
    if (kV2 ? x >= 3 : x > 3) return 1.0;
    return d;
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double g = in[0], x = in[1];
    const double d = R32(R32(x * hardref::Third()) + 0.5);
    return Exactly(hardref::Narrow(row.dtype, R32(g * Factor(x, d)), false));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double g = in[0], x = in[1];
    if (std::isnan(in[1])) {
      out[0] = in[0];
      return;
    }
    const bool zero = kV2 ? x <= -3 : x < -3;
    const bool one = kV2 ? x >= 3 : x > 3;
    // between the bounds g·(x + 1.5)/3, one rounding: halfway cases of the 16-bit output stay
    // halfway
    out[0] = zero ? static_cast<double>(g * 0.0L)
                  : (one ? in[0] : static_cast<double>(g * (x + 1.5L) / 3.0L));
  }
};
template <>
struct Reference<OpId::kHardswishBackward> : HardswishBackwardRef<false> {};
template <>
struct Reference<OpId::kHardswishBackwardV2> : HardswishBackwardRef<true> {};

// Hardsigmoid: clamp(x·(1/6) + 0.5, 0, 1) in fp32. fp16 RINT; bf16 CAST_ROUND on the 950 (the
// kernel rounds before clamping: the same value, 0 and 1 being representable); INT32 widened to
// fp32 nearest-even, truncated back.
template <>
struct Reference<OpId::kHardsigmoid> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    if (row.dtype == DType::I32) {
      return rng() % 4 == 0 ? std::floor(Uniform(rng, -2147483648.0, 2147483647.0))
                            : std::floor(Uniform(rng, -8, 8));
    }
    return hardref::FloatInput(rng, -5, 5);
  }
  static std::vector<double> Specials(int) {
    return {0.0,           -0.0,         3.0,          -3.0,       2.0,           -2.0,
            1.0,           -1.0,         2.9999998,    -2.9999998, hardref::kInf, -hardref::kInf,
            hardref::kNaN, 2147483647.0, -2147483648.0};
  }
  static double Fp32(double x) {
    if (std::isnan(x)) return hardref::kNaN;
    const double t = R32(R32(x * hardref::Sixth()) + 0.5);
    return std::fmax(std::fmin(t, 1.0), 0.0);
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    if (row.dtype == DType::I32) {
      return Exactly(TruncSat(Fp32(R32(in[0])), -2147483648.0, 2147483647.0));
    }
    const bool away = hardref::Current(row) && row.dtype == DType::BF16;
    return Exactly(hardref::Narrow(row.dtype, Fp32(in[0]), away));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow& row, double* out) {
    const long double x = in[0];
    const double v = std::isnan(in[0])
                         ? hardref::kNaN
                         : static_cast<double>(std::fmax(std::fmin(x / 6.0L + 0.5L, 1.0L), 0.0L));
    out[0] = row.dtype == DType::I32 ? TruncSat(v, -2147483648.0, 2147483647.0) : v;
  }
};

// HardsigmoidBackward: t = x·(1/6) + 0.5 (two fp32 roundings); g·(1/6) where 0 < t < 1, else 0.
// fp16 RINT; bf16 CAST_ROUND on the 950.
template <>
struct Reference<OpId::kHardsigmoidBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -10, 10) : hardref::FloatInput(rng, -4, 4);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -3.0, 0.0, hardref::kInf, hardref::kNaN};
    return {0.0,        -0.0, 3.0,           -3.0,           2.9999998,
            -2.9999998, 1.0,  hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double g = in[0], x = in[1];
    const double t = R32(R32(x * hardref::Sixth()) + 0.5);
    const double r = (t > 0 && t < 1) ? R32(g * hardref::Sixth()) : 0.0;
    const bool away = hardref::Current(row) && row.dtype == DType::BF16;
    return Exactly(hardref::Narrow(row.dtype, r, away));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double g = in[0], x = in[1];
    out[0] = (x > -3 && x < 3) ? static_cast<double>(g / 6.0L) : 0.0;
  }
};

namespace hardref {
// λ values the shrink operators' kernels receive (the operators clamp or refuse negatives).
inline std::vector<KernelParams> Lambdas() {
  return {Scalars({0.5}), Scalars({0.0}), Scalars({1.5}), Scalars({kNaN})};
}
inline std::vector<double> ShrinkSpecials() {
  return {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 0.25, kInf, -kInf, kNaN};
}
}  // namespace hardref

// Hardshrink: 0 where |x| ≤ λ, else x (a copy: exact in every dtype).
template <>
struct Reference<OpId::kHardshrink> {
  static std::vector<KernelParams> Params() { return hardref::Lambdas(); }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return hardref::FloatInput(rng, -3, 3);
  }
  static std::vector<double> Specials(int) { return hardref::ShrinkSpecials(); }
  static double Value(double x, double lambda) { return std::fabs(x) <= lambda ? 0.0 : x; }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow&) {
    return Exactly(Value(in[0], p.f[0]));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    out[0] = Value(in[0], p.d[0]);
  }
};

// HardshrinkBackward: 0 where |x| ≤ λ, else g; the fp16 kernel compares with λ rounded to fp16.
template <>
struct Reference<OpId::kHardshrinkBackward> {
  static std::vector<KernelParams> Params() {
    std::vector<KernelParams> p = hardref::Lambdas();
    p.push_back(Scalars({0.10002}));  // rounds up to 0.10003662109375 in fp16
    return p;
  }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : hardref::FloatInput(rng, -3, 3);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.0, 0.0, hardref::kInf, hardref::kNaN};
    std::vector<double> s = hardref::ShrinkSpecials();
    s.push_back(0.0999755859375);
    s.push_back(0.10003662109375);
    return s;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const double lambda = row.dtype == DType::F16 ? R16(p.f[0]) : p.f[0];
    return Exactly(std::fabs(in[1]) <= lambda ? 0.0 : in[0]);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    out[0] = std::fabs(in[1]) <= p.d[0] ? 0.0 : in[0];
  }
};

// Softshrink: x − λ above λ, x + λ below −λ (fp32), else 0; NaN → 0. 16-bit nearest-even.
template <>
struct Reference<OpId::kSoftshrink> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.5}), Scalars({0.0}), Scalars({1.5}), Scalars({0.1})};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return hardref::FloatInput(rng, -3, 3);
  }
  static std::vector<double> Specials(int) { return hardref::ShrinkSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0], l = p.f[0];
    const double r = x > l ? R32(x - l) : (x < -l ? R32(x + l) : 0.0);
    return Exactly(hardref::Narrow(row.dtype, r, false));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0], l = p.d[0];
    out[0] = static_cast<double>(x > l ? x - l : (x < -l ? x + l : 0.0L));
  }
};

// SoftshrinkBackward: g where |x| > λ or x is NaN, else 0.
template <>
struct Reference<OpId::kSoftshrinkBackward> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.5}), Scalars({0.0}), Scalars({1.5})};
  }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : hardref::FloatInput(rng, -3, 3);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.0, 0.0, hardref::kInf, hardref::kNaN};
    return hardref::ShrinkSpecials();
  }
  static double Value(double g, double x, double l) {
    return (std::fabs(x) > l || std::isnan(x)) ? g : 0.0;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow&) {
    return Exactly(Value(in[0], in[1], p.f[0]));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    out[0] = Value(in[0], in[1], p.d[0]);
  }
};

// Shrink: x − bias above λ, x + bias below −λ, else 0; NaN → 0. fp32 in fp32; fp16 in fp16 with
// λ and bias first rounded to fp16.
template <>
struct Reference<OpId::kShrink> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.5, 0.0}), Scalars({0.3, 0.1}), Scalars({0.0, -0.25}), Scalars({1.5, 2.0})};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return hardref::FloatInput(rng, -3, 3);
  }
  static std::vector<double> Specials(int) {
    std::vector<double> s = hardref::ShrinkSpecials();
    s.push_back(0.3);
    s.push_back(0.300048828125);  // λ = 0.3 in fp16 (above 0.3f: zero in fp16, kept in fp32)
    s.push_back(65504);
    return s;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const bool half = row.dtype == DType::F16;
    const double x = in[0];
    const double l = half ? R16(p.f[0]) : p.f[0];
    const double b = half ? R16(p.f[1]) : p.f[1];
    const double r = x > l ? x - b : (x < -l ? x + b : 0.0);
    return Exactly(half ? R16(r) : R32(r));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0], l = p.d[0], b = p.d[1];
    out[0] = static_cast<double>(x > l ? x - b : (x < -l ? x + b : 0.0L));
  }
};

}  // namespace reftest
