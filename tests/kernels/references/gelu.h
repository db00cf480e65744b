// References for the GELU family (GELU tanh/erf, FastGELU, Sigmoid, LogSigmoid; Mish, Softplus
// in gelu_mish_softplus.h; and their gradients), from the vendor's facts
// (../shared/spec/activations): fp32 in the 950 kernels' operation order with every step rounded to
// fp32 and exp / log / erf correctly rounded; 16-bit widened, the same fp32 sequence, rounded once
// (nearest-even, or half away from zero for Softplus on 950); DOUBLE Sigmoid rows in double.
// Exact(): the mathematical value.
//
// Tolerances: 2 fp32 ulps of the result where the sequence has no cancellation (1 ulp of the
// 16-bit format for 16-bit rows), around every result the sequence gives when exp and log are
// each taken one fp32 ulp either side of correctly rounded (AnyFnRounding in ref_api.h): our exp
// is within ~0.6 ulp, not correctly rounded, and a 1-ulp difference of e can flip the tie of a
// following e + 1 (2 ulps of e + 1 where e's ulp is 2), which a quotient with a larger
// significand than its divisor's shows as up to 4 of its own ulps (FastGelu at x = −9.90). Where
// exp goes subnormal (argument below −87) the kernels' value rounds twice: |factor|·2^−147 on
// top, factor being what multiplies it. Where a sum cancels, the error of the terms survives while
// the result shrinks, so ulps of the result say nothing: the bar adds a few fp32 ulps of the
// terms' magnitude (named per operator below).
#pragma once

#include <algorithm>
#include <cfloat>

#include "ref_api.h"

namespace reftest {

namespace gelu_ref {

inline bool IsCurrentRow(const KernelRow& row) { return row.gen == Generation::Current; }
inline double Ulps(const KernelRow& row) { return row.dtype == DType::F32 ? 2 : 1; }
// The absolute error an exp(arg) that went subnormal contributes when multiplied by `factor`.
inline double SubnormalExpTol(double arg, double factor) {
  return arg < -87 && std::isfinite(factor) ? std::ldexp(std::fabs(factor), -147) : 0;
}
// An absolute tolerance of `ulps` fp32 ulps of a magnitude (0 when it is not finite).
inline double TermsTol(double magnitude, double ulps) {
  return std::isfinite(magnitude) ? ulps * std::ldexp(std::fabs(magnitude), -24) : 0;
}
// The kernel's erf is within one fp32 ulp of the correctly rounded erf (vmath_erf.h,
// test_vmath_accuracy.cpp): the absolute error that one ulp of erf value `e` contributes when
// multiplied by `factor`.
inline double ErfUlpTol(double e, double factor) {
  if (!std::isfinite(factor) || e == 0) return 0;
  int exp = 0;
  std::frexp(std::fabs(e), &exp);  // |e| in [2^(exp-1), 2^exp)
  return std::fabs(factor) * std::ldexp(1.0, std::max(exp - 24, -149));
}
inline std::vector<double> ForwardSpecials() {
  return {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 30, -30, 100, -100, 1e-30, -1e-30};
}
inline std::vector<double> GradSpecials() { return {1.0, -0.0, 0.5, INFINITY, NAN}; }
inline KernelParams Mode(int mode) {
  KernelParams p;
  p.mode = mode;
  return p;
}
// log1p(e) for e >= 0 in the kernels' order: u = 1 + e; e if u == 1, else (log(u)·e)/(u − 1).
inline double Log1pSteps(double e) {
  const double u = R32(1.0 + e);
  if (u == 1.0) return e;
  return R32(R32(Log32(u) * e) / R32(u - 1.0));
}
inline long double Sigma(long double v) { return 1 / (1 + std::exp(-v)); }

}  // namespace gelu_ref

// GELU forward; mode 0: tanh form x/(1 + exp(c·(x³ + x·k))), mode 1: (0.5x)·(1 + erf(x·s)).
template <>
struct Reference<OpId::kGelu> {
  static std::vector<KernelParams> Params() { return {gelu_ref::Mode(0), gelu_ref::Mode(1)}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -10, 10);
  }
  static std::vector<double> Specials(int) { return gelu_ref::ForwardSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0];
    if (p.mode == 1) {
      const double e = Erf32(R32(x * static_cast<double>(0.707106781f)));
      const double r = R32(R32(x * 0.5) * R32(1.0 + e));
      // 1 + erf cancels for x < 0: 2 ulps of |0.5·x|.
      return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                  gelu_ref::TermsTol(0.5 * x, 2) + gelu_ref::ErfUlpTol(e, 0.5 * x));
    }
    const double k = static_cast<float>(1.0 / 0.044715);
    const double c = static_cast<float>(-1.595769121 * 0.044715);
    const double x3 = R32(R32(x * x) * x);
    const double s = R32(x3 + R32(x * k));
    const double r = R32(x / R32(1.0 + Exp32(R32(s * c))));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0];
    if (p.mode == 1) {
      out[0] = static_cast<double>(0.5L * x * std::erfc(-x / std::sqrt(2.0L)));
      return;
    }
    const long double u =
        std::sqrt(2 / 3.14159265358979323846264338327950288L) * (x + 0.044715L * x * x * x);
    out[0] = static_cast<double>(x / (1 + std::exp(-2 * u)));
  }
};

// GELU gradient, inputs (dy, x); mode 0 tanh (gelu_grad), mode 1 erf (gelu_grad_v2 "none").
// Tanh: r + d cancels near the gradient's zero (x ≈ −0.75): 2 ulps of (|r| + |d|)·|dy|. Erf:
// cdf + x·pdf cancels for x < 0: 2 ulps of (cdf + |x·pdf|)·|dy|.
template <>
struct Reference<OpId::kGeluBackward> {
  static std::vector<KernelParams> Params() { return {gelu_ref::Mode(0), gelu_ref::Mode(1)}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : Uniform(rng, -9, 9);
  }
  static std::vector<double> Specials(int k) {
    return k == 0 ? gelu_ref::GradSpecials() : gelu_ref::ForwardSpecials();
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double dy = in[0], x = in[1];
    const double x2 = R32(x * x);
    if (p.mode == 1) {
      const double erf = Erf32(R32(x * static_cast<double>(0.707106781f)));
      const double cdf = R32(R32(erf * 0.5) + 0.5);
      const double pdf = R32(Exp32(R32(x2 * -0.5)) * static_cast<double>(0.3989422804f));
      const double xp = R32(x * pdf);
      const double r = R32(dy * R32(cdf + xp));
      const double terms = std::fabs(dy) * (std::fabs(cdf) + std::fabs(xp));
      const double tiny = gelu_ref::SubnormalExpTol(-0.5 * x2, dy * x);
      return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                  gelu_ref::TermsTol(terms, 2) + tiny + gelu_ref::ErfUlpTol(erf, 0.5 * dy));
    }
    const double a1 = -0.0713548163f, a2 = -1.5957691216f, a3 = 0.2140644488f, a4 = 1.5957691216f;
    const double e = Exp32(R32(x * R32(R32(x2 * a1) + a2)));
    const double q = R32(x * R32(R32(x2 * a3) + a4));
    const double d = R32(1.0 / R32(e + 1.0));
    double r = R32(R32(R32(e * d) * q) * d);
    if (std::isnan(r)) r = 0;
    const double out = R32(dy * R32(r + d));
    const double terms = std::fabs(dy) * (std::fabs(r) + std::fabs(d));
    return Near(RoundToDType(row.dtype, out), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::TermsTol(terms, 2));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double dy = in[0], x = in[1];
    if (p.mode == 1) {
      const long double cdf = 0.5L * std::erfc(-x / std::sqrt(2.0L));
      const long double pdf =
          std::exp(-0.5L * x * x) / std::sqrt(2 * 3.14159265358979323846264338327950288L);
      // The factor as a double first: where it underflows double (x < −38), dy = ±inf gives
      // NaN, as in any float64 evaluation.
      out[0] = static_cast<double>(dy * static_cast<double>(cdf + x * pdf));
      return;
    }
    const long double k = 2 * std::sqrt(2 / 3.14159265358979323846264338327950288L);
    const long double v = k * (x + 0.044715L * x * x * x);   // GELU_tanh(x) = x·σ(v)
    const long double dv = k * (1 + 3 * 0.044715L * x * x);  // v'
    const long double s = gelu_ref::Sigma(v);
    // σ(v)·(1 − σ(v)) as e/(1 + e)² with e = exp(−v): finite where σ saturates.
    const long double e = std::exp(-v);
    const long double ss = std::isinf(e) ? 0.0L : e / ((1 + e) * (1 + e));
    // σ'(v)·x·v' vanishes where σ saturates, x = ±inf included (the limits 1 and 0); the
    // factor as a double first, as for the erf form.
    out[0] = static_cast<double>(dy * static_cast<double>(s + (ss == 0 ? 0.0L : x * ss * dv)));
  }
};

// FastGELU: x / (exp(x·(−1.702)) + 1).
template <>
struct Reference<OpId::kFastGelu> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -12, 12);
  }
  static std::vector<double> Specials(int) { return gelu_ref::ForwardSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0];
    const double r = R32(x / R32(Exp32(R32(x * static_cast<double>(-1.702f))) + 1.0));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double x = in[0];
    out[0] = static_cast<double>(x * gelu_ref::Sigma(1.702L * x));
  }
};

// FastGELU gradient, inputs (dy, x): t = x·(−1.702), s = 1/(exp(t) + 1), u = (s − 1)·t + 1,
// out = dy·(u·s). s − 1 cancels for x ≫ 0 and multiplies s's error by |t|: 2 ulps of
// |dy|·s·(1 + |(s − 1)·t|) (was 8). The terms bar alone failed on a build without FMA (x = 5.2038,
// 14 ulps off): there exp(t) came out one ulp from correctly rounded, e + 1 rounded the other way,
// s moved 2 of its ulps and (s − 1)·t carried them times |t| ≈ 8.9 into u. AnyFnRounding now
// evaluates the order with exp one ulp either side, which covers exactly that.
template <>
struct Reference<OpId::kFastGeluBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : Uniform(rng, -12, 12);
  }
  static std::vector<double> Specials(int k) {
    return k == 0 ? gelu_ref::GradSpecials() : gelu_ref::ForwardSpecials();
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double dy = in[0], x = in[1];
    const double t = R32(x * static_cast<double>(-1.702f));
    const double s = R32(1.0 / R32(Exp32(t) + 1.0));
    const double st = R32(R32(s - 1.0) * t);
    const double u = R32(st + 1.0);
    const double r = R32(dy * R32(u * s));
    const double terms = std::fabs(dy) * s * (1 + std::fabs(st));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::TermsTol(terms, 2));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double dy = in[0], x = in[1];
    const long double v = 1.702L * x;
    const long double s = gelu_ref::Sigma(v);
    const long double e = std::exp(-v);
    const long double ss = std::isinf(e) ? 0.0L : e / ((1 + e) * (1 + e));
    out[0] = static_cast<double>(dy * (s + v * ss));
  }
};

// Sigmoid: 1 / (exp(−x) + 1); DOUBLE rows compute the same in double (AICPU).
template <>
struct Reference<OpId::kSigmoid> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -20, 20);
  }
  static std::vector<double> Specials(int) { return gelu_ref::ForwardSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0];
    if (row.dtype == DType::F64) {  // double arithmetic, glibc's exp (< 1 ulp)
      return Near(1.0 / (std::exp(-x) + 1.0), DType::F64, 2);
    }
    const double r = R32(1.0 / R32(Exp32(-x) + 1.0));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    out[0] = static_cast<double>(gelu_ref::Sigma(in[0]));
  }
};

// Sigmoid gradient from the forward output y, inputs (dy, y): (dy·(1 − y))·y. Arithmetic only:
// bitwise.
template <>
struct Reference<OpId::kSigmoidBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : Uniform(rng, -0.5, 1.5);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return gelu_ref::GradSpecials();
    return {0.0, -0.0, 1.0, 0.5, 2.0, INFINITY, -INFINITY, NAN};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double dy = in[0], y = in[1];
    if (row.dtype == DType::F64) return Exactly((dy * (1.0 - y)) * y);
    return Exactly(RoundToDType(row.dtype, R32(R32(dy * R32(1.0 - y)) * y)));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double dy = in[0], y = in[1];
    out[0] = static_cast<double>(dy * (1 - y) * y);
  }
};

// LogSigmoid: min(x, 0) − log1p(exp(−|x|)) with the kernels' log1p.
template <>
struct Reference<OpId::kLogSigmoid> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -20, 20);
  }
  static std::vector<double> Specials(int) { return gelu_ref::ForwardSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0];
    const double l = gelu_ref::Log1pSteps(Exp32(-std::fabs(x)));
    const double r = R32((std::isnan(x) ? x : std::fmin(x, 0.0)) - l);
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::SubnormalExpTol(-std::fabs(x), 1));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double x = in[0];
    out[0] = static_cast<double>(std::fmin(x, 0.0L) - std::log1p(std::exp(-std::fabs(x))));
    if (std::isnan(in[0])) out[0] = in[0];
  }
};

// LogSigmoid gradient, inputs (dy, x): e = exp(−|x|), dy·((x < 0 ? 1 : e)/(1 + e)).
template <>
struct Reference<OpId::kLogSigmoidBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : Uniform(rng, -20, 20);
  }
  static std::vector<double> Specials(int k) {
    return k == 0 ? gelu_ref::GradSpecials() : gelu_ref::ForwardSpecials();
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double dy = in[0], x = in[1];
    const double e = Exp32(-std::fabs(x));
    const double r = R32(dy * R32((x < 0 ? 1.0 : e) / R32(1.0 + e)));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::SubnormalExpTol(-std::fabs(x), dy));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double dy = in[0], x = in[1];
    out[0] = static_cast<double>(dy * gelu_ref::Sigma(-x));
  }
};

}  // namespace reftest
