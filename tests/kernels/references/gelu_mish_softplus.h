// References for Mish, Softplus and their gradients (the rest of the GELU family, included by
// references/gelu.h); conventions as there.
#pragma once

#include "ref_api.h"

namespace reftest {

namespace gelu_ref {

// tanh(softplus(x)) as (numerator, denominator) in the kernels' closed forms, e = exp(−|x|).
inline void MishParts(double x, double* num, double* den) {
  const double e = Exp32(-std::fabs(x));
  const double e2 = R32(e * e);
  const double twoE = R32(e * 2);
  if (x < 0) {
    *num = R32(e2 + twoE);
    *den = R32(*num + 2);
  } else {
    *num = R32(twoE + 1);
    *den = R32(*num + R32(e2 * 2));
  }
}
inline long double TanhSoftplus(long double x) {
  return std::tanh(x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)));
}
inline KernelParams SoftplusParams(double beta, double threshold) {
  KernelParams p;
  const float b = static_cast<float>(beta);
  const bool tiny = std::fabs(b) <= FLT_EPSILON;
  p.SetScalar(0, b, beta);
  p.SetScalar(1, static_cast<float>(threshold), threshold);
  p.SetScalar(2, tiny ? INFINITY : 1.0f / b, tiny ? INFINITY : 1.0 / beta);
  return p;
}
inline std::vector<KernelParams> SoftplusParamSets() {
  return {SoftplusParams(1, 20), SoftplusParams(2, 5), SoftplusParams(0.5, 1),
          SoftplusParams(-1.5, 3), SoftplusParams(0, 20)};
}

}  // namespace gelu_ref

// Mish: (x·num)/den.
template <>
struct Reference<OpId::kMish> {
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
    double num, den;
    gelu_ref::MishParts(x, &num, &den);
    const double r = R32(R32(x * num) / den);
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::SubnormalExpTol(-std::fabs(x), 2 * x));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double x = in[0];
    out[0] = static_cast<double>(x * gelu_ref::TanhSoftplus(x));
  }
};

// Mish gradient, inputs (dy, x): t = num/den, out = dy·(t − ((t·t − 1)·x)/(1 + exp(−x))).
// t − w cancels near the gradient's zero and t·t − 1 near t = 1: 2 ulps of
// |dy|·(|t| + (t² + 1)·|x|/(1 + exp(−x))).
template <>
struct Reference<OpId::kMishBackward> {
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
    double num, den;
    gelu_ref::MishParts(x, &num, &den);
    const double t = R32(num / den);
    const double sig = R32(1.0 + Exp32(-x));
    const double w = R32(R32(R32(R32(t * t) - 1.0) * x) / sig);
    const double r = R32(dy * R32(t - w));
    const double terms = std::fabs(dy) * (std::fabs(t) + (t * t + 1) * std::fabs(x) / sig);
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row),
                gelu_ref::TermsTol(terms, 2) + gelu_ref::SubnormalExpTol(-std::fabs(x), 2 * dy));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double dy = in[0], x = in[1];
    const long double t = gelu_ref::TanhSoftplus(x);
    const long double s = 1 / (1 + std::exp(-x));
    out[0] = static_cast<double>(dy * (t + x * s * (1 - t * t)));
  }
};

// Softplus, scalars (β, threshold, 1/β): bx = x·β; x where bx > threshold, else
// log1p(exp(bx))·(1/β) with the kernels' log1p (inf when 1 + e is inf).
// 16-bit results round half away from zero on 950.
template <>
struct Reference<OpId::kSoftplus> {
  static std::vector<KernelParams> Params() { return gelu_ref::SoftplusParamSets(); }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -30, 30);
  }
  static std::vector<double> Specials(int) {
    std::vector<double> s = gelu_ref::ForwardSpecials();
    for (double v : {20.0, 2.5, 2.5000002, 1.0, -2.0, 87.0, 89.0}) s.push_back(v);
    return s;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0];
    const double bx = R32(x * static_cast<double>(p.f[0]));
    double r, tiny = 0;
    if (bx > static_cast<double>(p.f[1])) {
      r = x;
    } else {
      const double e = Exp32(bx);
      const double u = R32(1.0 + e);
      const double l = std::isinf(u) ? INFINITY : gelu_ref::Log1pSteps(e);
      r = R32(l * static_cast<double>(p.f[2]));
      tiny = gelu_ref::SubnormalExpTol(bx, p.f[2]);
    }
    const double v = gelu_ref::IsCurrentRow(row) && row.dtype != DType::F32
                         ? static_cast<double>(RoundAwayTo(r, FormatOf(row.dtype)))
                         : RoundToDType(row.dtype, r);
    return Near(v, row.dtype, gelu_ref::Ulps(row), tiny);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0], beta = p.d[0];
    const long double bx = x * beta;
    if (bx > p.d[1]) {
      out[0] = in[0];
      return;
    }
    const long double l = bx > 0 ? bx + std::log1p(std::exp(-bx)) : std::log1p(std::exp(bx));
    out[0] = static_cast<double>(l * static_cast<long double>(p.d[2]));
  }
};

// Softplus gradient, inputs (dy, x), scalars (β, threshold): t = β·x; dy where t > threshold,
// else dy / (1 + exp(−t)).
template <>
struct Reference<OpId::kSoftplusBackward> {
  static std::vector<KernelParams> Params() { return gelu_ref::SoftplusParamSets(); }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -4, 4) : Uniform(rng, -30, 30);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return gelu_ref::GradSpecials();
    std::vector<double> s = gelu_ref::ForwardSpecials();
    for (double v : {20.0, 2.5, 2.5000002, 1.0, -2.0}) s.push_back(v);
    return s;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double dy = in[0], x = in[1];
    const double t = R32(static_cast<double>(p.f[0]) * x);
    const double r = t > static_cast<double>(p.f[1]) ? dy : R32(dy / R32(1.0 + Exp32(-t)));
    return Near(RoundToDType(row.dtype, r), row.dtype, gelu_ref::Ulps(row));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double dy = in[0], t = static_cast<long double>(in[1]) * p.d[0];
    out[0] = t > p.d[1] ? in[0] : static_cast<double>(dy / (1 + std::exp(-t)));
  }
};

}  // namespace reftest
