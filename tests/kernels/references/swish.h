// References for the Swish family (forward, backward, SiLU backward), from the vendor's facts:
// fp32 in the kernels' operation order; 16-bit widened, the same fp32 sequence, rounded once.
#pragma once

#include "ref_api.h"

namespace reftest {

// σ in the kernels' order: 1 / (1 + exp(−v)), each step rounded to fp32.
inline double Sigmoid32(double v) { return R32(1.0 / R32(1.0 + Exp32(-v))); }

template <>
struct Reference<OpId::kSwish> {
  static std::vector<KernelParams> Params() {
    std::vector<KernelParams> ps;
    for (double beta : {1.0, 1.1, -0.7, -1.0, 0.0, 3.5}) {
      KernelParams p = Scalars({beta});
      p.mode = beta == -1.0 ? 1 : (beta == 0.0 ? 2 : 0);
      ps.push_back(p);
    }
    return ps;
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -12, 12);
  }
  static std::vector<double> Specials(int) {
    return {0.0, -0.0, INFINITY, -INFINITY, NAN, 100, -100};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0];
    const double beta = p.f[0];
    double r;
    if (p.mode == 1) {
      r = R32(x / R32(1.0 + Exp32(x)));
    } else if (p.mode == 2) {
      r = R32(0.5 * x);
    } else {
      r = R32(x / R32(1.0 + Exp32(R32(-x * beta))));
    }
    // 2 ulps around the results of a one-ulp exp (AnyFnRounding in ref_api.h): our fp32 exp is
    // within 0.6 ulp, and a quotient by 1 + e amplifies its last bit.
    return Near(RoundToDType(row.dtype, r), row.dtype, row.dtype == DType::F32 ? 2 : 1);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0];
    const long double beta = p.d[0];
    out[0] =
        beta == 0 ? static_cast<double>(x / 2) : static_cast<double>(x / (1 + std::exp(-x * beta)));
  }
};

// The Swish gradient: v = x·β, s = 1/(1 + e^(−v)), out = (g·s)·(1 + v·(1 − s)), in fp32.
// Tolerance: 1 − s cancels for v ≫ 1, so ulps of the result say nothing there: 2 fp32 ulps of the
// terms' magnitude |g s| + |g s v (1 − s)|, around the results of a one-ulp exp (AnyFnRounding:
// σ's last bit, amplified by v, was most of the former 12).
template <>
struct Reference<OpId::kSwishBackward> {
  static std::vector<KernelParams> Params() {
    return {Scalars({1.0}), Scalars({1.1}), Scalars({-2.5})};
  }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -5, 5) : Uniform(rng, -20, 20);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -0.0, INFINITY, NAN};
    return {0.0, -0.0, INFINITY, -INFINITY, NAN, 90, -90, -1.2784645};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams& p, const KernelRow& row) {
    const double g = in[0], x = in[1];
    const double v = R32(x * static_cast<double>(p.f[0]));
    const double s = Sigmoid32(v);
    const double gs = R32(g * s);
    const double r = R32(gs * R32(1.0 + R32(v * R32(1.0 - s))));
    const double terms = std::fabs(gs) + std::fabs(gs * v * (1.0 - s));
    const double absTol = std::isfinite(terms) ? 2 * std::ldexp(terms, -24) : 0;
    return Near(RoundToDType(row.dtype, r), row.dtype, 1, absTol);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double g = in[0], v = static_cast<long double>(in[1]) * p.d[0];
    const long double e = std::exp(-v);
    const long double s = 1 / (1 + e);
    out[0] = static_cast<double>(g * s * (1 + v * (std::isinf(e) ? 1.0L : e / (1 + e))));
  }
};

// SiLU gradient, the silu_grad kernel order: s = 1/(1 + e^(−x)), out = g·(s·(1 + x·(1 − s))).
template <>
struct Reference<OpId::kSiluBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? Uniform(rng, -5, 5) : Uniform(rng, -20, 20);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -0.0, INFINITY, NAN};
    return {0.0, -0.0, INFINITY, -INFINITY, NAN, 90, -90};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return AnyFnRounding([&] { return NpuOnce(in, p, row); });
  }
  static Expect NpuOnce(const double* in, const KernelParams&, const KernelRow& row) {
    const double g = in[0], x = in[1];
    const double s = Sigmoid32(x);
    const double t = R32(s * R32(1.0 + R32(x * R32(1.0 - s))));
    const double r = R32(g * t);
    const double terms = std::fabs(g * s) + std::fabs(g * s * x * (1.0 - s));
    const double absTol = std::isfinite(terms) ? 2 * std::ldexp(terms, -24) : 0;
    return Near(RoundToDType(row.dtype, r), row.dtype, 1, absTol);
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double g = in[0], x = in[1];
    const long double e = std::exp(-x);
    const long double s = 1 / (1 + e);
    out[0] = static_cast<double>(g * s * (1 + x * (std::isinf(e) ? 1.0L : e / (1 + e))));
  }
};

}  // namespace reftest
