// References for the hard group's exponential operators (../shared/spec/activations/forward.md
// §3.1–3.3 and backward.md §1): EluBackward, Elu, Celu, Erfinv. The helpers are in hard.h.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "hard.h"

namespace reftest {

// EluBackward: where x ≤ 0, isResult → (g·is)·(x + nc), else ((g·is)·nc)·exp(x·is); elsewhere
// g·scale (NaN x too). nc = α·scale rounded to fp32. The exp branch: 2 ulps around the
// results of a one-ulp exp (AnyFnRounding in ref_api.h); the rest is bit-exact.
template <>
struct Reference<OpId::kEluBackward> {
  static KernelParams Make(double a, double s, double is, bool isResult) {
    KernelParams p;
    const float af = static_cast<float>(a), sf = static_cast<float>(s);
    p.SetScalar(0, af, af);
    p.SetScalar(1, sf, sf);
    p.SetScalar(2, static_cast<float>(is), static_cast<float>(is));
    p.SetScalar(3, af * sf, static_cast<double>(af) * sf);
    p.b[0] = isResult;
    return p;
  }
  static std::vector<KernelParams> Params() {
    return {Make(1, 1, 1, true), Make(1, 1, 1, false), Make(1.5, 2, 0.5, true),
            Make(-0.7, 1.2, 2, false), Make(0.3, 1.0507, 1.7, false)};
  }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : hardref::FloatInput(rng, -5, 3);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.0, 0.0, hardref::kInf, hardref::kNaN};
    return {0.0, -0.0, -1.0, 1.0, -100.0, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double g = in[0], x = in[1];
    const double s = p.f[1], is = p.f[2], nc = p.f[3];
    if (!(x <= 0)) return Exactly(hardref::Narrow(row.dtype, R32(g * s), false));
    const double gs = R32(g * is);
    if (p.b[0]) return Exactly(hardref::Narrow(row.dtype, R32(gs * R32(x + nc)), false));
    const double r = R32(R32(gs * nc) * Exp32(R32(x * is)));
    return Near(hardref::Narrow(row.dtype, r, false), row.dtype, row.dtype == DType::F32 ? 2 : 1);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double g = in[0], x = in[1], s = p.d[1], is = p.d[2], nc = p.d[3];
    if (!(x <= 0)) {
      out[0] = static_cast<double>(g * s);
    } else {
      out[0] = static_cast<double>(p.b[0] ? g * is * (x + nc) : g * is * nc * std::exp(x * is));
    }
  }
};

// Elu. AICore rows (fp32, 16-bit widened): z = x·is; |z| < 0.1 → the Horner polynomial (degree 5
// for fp32, 4 for 16-bit; bit-exact), else exp(z) − 1 (exp within 1.3 ulp: the subtraction makes
// that an absolute error of ~2 ulps of exp(z), scaled by |α·scale|); ·α; x where x > 0; ·scale.
// Threshold mode (mode 1; the operator uses it with fp32 rows only): (x ≤ 0 ? −α : x)·scale,
// bit-exact. F64 rows (the AICPU kernel): x ≥ 0 → x·s, else (α·s)·(exp(x·is) − 1) in double with
// the 6-decimal scalars (params 3..5).
template <>
struct Reference<OpId::kElu> {
  static KernelParams Make(float a, float s, float is, int mode = 0) {
    KernelParams p;
    p.SetScalar(0, a, a);
    p.SetScalar(1, s, s);
    p.SetScalar(2, is, is);
    const float v[3] = {a, s, is};
    for (int k = 0; k < 3; ++k) {
      char text[64];
      std::snprintf(text, sizeof(text), "%f", static_cast<double>(v[k]));
      p.d[3 + k] = std::atof(text);
    }
    p.mode = mode;
    return p;
  }
  static std::vector<KernelParams> Params() {
    return {Make(1, 1, 1), Make(1.2345678f, 1.0507f, 0.7f), Make(-0.5f, 2, -1.5f),
            Make(INFINITY, 1.5f, 1, 1), Make(-2, 0.5f, NAN, 1)};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    if (rng() % 4 == 0) return Uniform(rng, -0.15, 0.15);  // the polynomial's range
    return hardref::FloatInput(rng, -6, 4);
  }
  static std::vector<double> Specials(int) {
    return {0.0,   -0.0, 0.1,   -0.1,  0.0999,        -0.0999,        1.0,          -1.0,
            -90.0, 50.0, 100.0, -1e30, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0];
    if (row.dtype == DType::F64) {
      const double a = p.d[3], s = p.d[4], is = p.d[5];
      if (x >= 0) return Exactly(x * s);
      const double e = std::exp(static_cast<long double>(x * is));
      const double v = (a * s) * (e - 1);
      Expect r = Near(v, DType::F64, 4, 4 * std::fabs(a * s) * Ulp(e, kFp64));
      if (!std::isfinite(v)) r = Exactly(v);
      return r;
    }
    const double a = p.f[0], s = p.f[1], is = p.f[2];
    if (p.mode == 1) return Exactly(hardref::Narrow(row.dtype, R32((x <= 0 ? -a : x) * s), false));
    if (x > 0) return Exactly(hardref::Narrow(row.dtype, R32(x * s), false));
    const double z = R32(x * is);
    double absTol = 0;
    double m;
    if (std::fabs(z) < R32(0.1)) {
      const bool deg5 = row.dtype == DType::F32;
      double t = R32(z * R32(deg5 ? 1.0L / 120 : 1.0L / 24));
      if (deg5) t = R32(R32(t + R32(1.0L / 24)) * z);
      t = R32(R32(t + R32(1.0L / 6)) * z);
      t = R32(R32(t + 0.5) * z);
      m = R32(R32(t + 1.0) * z);
    } else {
      const double e = Exp32(z);
      m = R32(e - 1.0);
      absTol = std::isfinite(e) ? 2.5 * Ulp(e, kFp32) * std::fabs(a * s) : 0;
    }
    const double r = R32(R32(m * a) * s);
    if (std::isnan(r) || std::isinf(r)) return Exactly(hardref::Narrow(row.dtype, r, false));
    if (absTol == 0) return Exactly(hardref::Narrow(row.dtype, r, false));
    // e − 1 cancels near e = 1: absTol is in ulps of e (times |α·scale|), not of the result.
    return Near(hardref::Narrow(row.dtype, r, false), row.dtype, row.dtype == DType::F32 ? 2 : 1,
                absTol);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow& row, double* out) {
    const long double x = in[0];
    if (row.dtype == DType::F64) {
      const long double a = p.d[0], s = p.d[1], is = p.d[2];
      out[0] = static_cast<double>(x >= 0 ? x * s : a * s * std::expm1(x * is));
      return;
    }
    const long double a = p.d[0], s = p.d[1], is = p.d[2];
    if (p.mode == 1) {
      out[0] = std::isnan(in[0]) ? hardref::kNaN : static_cast<double>((x <= 0 ? -a : x) * s);
      return;
    }
    out[0] = static_cast<double>(x > 0 ? x * s : std::expm1(x * is) * a * s);
  }
};

// Celu: u = x·(1/α) (fp32 reciprocal); |u| < 0.5 → u·(e − 1)/log(e) (u where log(e) == 0), else
// e − 1, with e = exp(u); then min(α·m, 0) + max(x, 0); 16-bit CAST_ROUND on the 950. exp and
// log are within ~1.3 ulp: near u = 0 the Kahan form keeps the relative error to a few ulps, so
// the tolerance is in ulps of the result plus, for the e − 1 branch, ulps of e·|α|.
template <>
struct Reference<OpId::kCelu> {
  static KernelParams Make(float a) {
    KernelParams p;
    p.SetScalar(0, a, a);
    p.SetScalar(1, 1.0f / a, 1.0 / static_cast<double>(a));
    return p;
  }
  static std::vector<KernelParams> Params() { return {Make(1), Make(0.7f), Make(-1.5f), Make(3)}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    if (rng() % 4 == 0) return Uniform(rng, -1, 1);
    return hardref::FloatInput(rng, -8, 4);
  }
  static std::vector<double> Specials(int) {
    return {0.0,  -0.0,   0.5,   -0.5,          1e-8,           -1e-8,        1.0,
            -1.0, -100.0, 100.0, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0], a = p.f[0], inv = p.f[1];
    if (std::isnan(x)) return Exactly(hardref::kNaN);
    const double u = R32(x * inv);
    const double e = Exp32(u);
    double m, absTol;
    if (std::fabs(u) < 0.5) {
      const double l = Log32(e);
      m = l == 0 ? u : R32(R32(u * R32(e - 1)) / l);
      absTol = 0;  // exp's and log's last bits: AnyFnRounding
    } else {
      m = R32(e - 1);  // e − 1 cancels near e = 1: ulps of e (times |α|), not of the result
      absTol = std::isfinite(e) ? 2.5 * Ulp(e, kFp32) * std::fabs(a) : 0;
    }
    const double r = R32(std::fmin(R32(m * a), 0.0) + std::fmax(x, 0.0));
    const bool away = hardref::Current(row) && row.dtype != DType::F32;
    const double v = hardref::Narrow(row.dtype, r, away);
    if (!std::isfinite(v)) return Exactly(v);
    return Near(v, row.dtype, row.dtype == DType::F32 ? 2 : 1, absTol);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0], a = p.d[0];
    if (std::isnan(in[0])) {
      out[0] = hardref::kNaN;
      return;
    }
    out[0] = static_cast<double>(std::fmin(a * std::expm1(x / a), 0.0L) + std::fmax(x, 0.0L));
  }
};

// Erfinv: the fp32 result of a correctly rounded erfinv (within 1 ulp: the kernel rounds a
// double value once; near-ties may go either way), 16-bit rounded nearest-even from it.
// The value comes from bisection on erfl / erfcl (independent of the kernel's method): first in
// double, whose erf / erfc are hardware arithmetic everywhere, then in long double inside the
// double bracket widened a little and checked (the whole range again if the check fails). On
// AArch64 long double is software binary128: ~15 erfl calls an element instead of ~70.
namespace hardref {
// Whether erfinv(a) lies above m (a in (0, 1), tail = 1 - a), in T's arithmetic.
template <typename T>
bool ErfinvAbove(T a, T tail, T m) {
  return a > T(0.5) ? std::erfc(m) > tail : std::erf(m) < a;
}

// Narrows [lo, hi] around erfinv(a) until no midpoint is left between them.
template <typename T>
void BisectErfinv(T a, T tail, T& lo, T& hi) {
  for (int i = 0; i < 200 && hi - lo > 0; ++i) {
    const T mid = (lo + hi) / 2;
    if (mid == lo || mid == hi) break;
    (ErfinvAbove(a, tail, mid) ? lo : hi) = mid;
  }
}

inline long double ErfinvBisect(long double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return NAN;
  if (std::fabs(x) == 1) return std::copysign(INFINITY, x);
  if (x == 0) return x;
  const long double a = std::fabs(x), tail = 1 - a;  // exact for fp32 / 16-bit inputs
  double dlo = 0, dhi = 7;                           // erfc(7) < 2^-72
  BisectErfinv<double>(static_cast<double>(a), static_cast<double>(tail), dlo, dhi);
  long double lo = static_cast<long double>(dlo) * (1 - 0x1p-40L);
  long double hi = static_cast<long double>(dhi) * (1 + 0x1p-40L);
  if (!ErfinvAbove(a, tail, lo) || ErfinvAbove(a, tail, hi)) lo = 0, hi = 7;
  BisectErfinv(a, tail, lo, hi);
  return std::copysign((lo + hi) / 2, x);
}
}  // namespace hardref

template <>
struct Reference<OpId::kErfinv> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    const uint32_t r = rng() % 8;
    if (r == 0) return Uniform(rng, -1.5, 1.5);
    if (r == 1)
      return std::copysign(1 - std::ldexp(Uniform(rng, 0, 1), -static_cast<int>(rng() % 24)),
                           Uniform(rng, -1, 1));
    return Uniform(rng, -1, 1);
  }
  static std::vector<double> Specials(int) {
    return {0.0,          -0.0,  1.0,           -1.0,           0.5,
            -0.5,         0.999, 1.5,           -2.0,           1 - 0x1p-24,
            -1 + 0x1p-24, 1e-30, hardref::kInf, -hardref::kInf, hardref::kNaN};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double v = R32(hardref::ErfinvBisect(in[0]));
    if (!std::isfinite(v) || v == 0) return Exactly(RoundToDType(row.dtype, v));
    return Near(RoundToDType(row.dtype, v), row.dtype, 1);
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    out[0] = static_cast<double>(hardref::ErfinvBisect(in[0]));
  }
};

}  // namespace reftest
