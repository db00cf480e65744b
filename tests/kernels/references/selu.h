// References for SELU forward and backward, per kernel generation (../shared/spec/operators.md
// and activations/forward.md §3.18).
#pragma once

#include "ref_api.h"

namespace reftest {

constexpr long double kLambda = 1.0507009873554804934193349852946L;
constexpr long double kLambdaAlpha = 1.7580993408473768599402175208123L;

inline bool IsCurrent(const KernelRow& row) { return row.gen == Generation::Current; }

// fp32 arithmetic on the fp32 paths: each op rounded to fp32.
inline double SeluGradFp32(double g, double y, bool zeroIsNegative) {
  const bool neg = zeroIsNegative ? y <= 0 : y < 0;
  return neg ? R32(g * R32(y + R32(kLambdaAlpha))) : R32(g * R32(kLambda));
}
inline double SeluGradHalfArith(double g, double y) {
  return y < 0 ? R16(g * R16(y + R16(kLambdaAlpha))) : R16(g * R16(kLambda));
}

template <>
struct Reference<OpId::kSeluBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    if (row.dtype == DType::I8) return std::floor(Uniform(rng, -128, 128));
    if (row.dtype == DType::I32) {
      const double mag[] = {150.0, 100000.0, 2147483648.0};
      const double m = mag[rng() % 3];
      return std::fmin(std::floor(Uniform(rng, -m, m)), 2147483647.0);
    }
    if (k == 0) return Uniform(rng, -5, 5);
    return rng() % 20 == 0 ? 0.0 : Uniform(rng, -1.758, 4.0);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.0, 0.0, INFINITY, NAN};
    return {0.0, -0.0, -1.0, -1.7580993, INFINITY, -INFINITY, NAN};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double g = in[0], y = in[1];
    const bool cur = IsCurrent(row);
    switch (row.dtype) {
      case DType::F32:
        return Exactly(SeluGradFp32(g, y, cur));
      case DType::BF16:
        return Exactly(RBf(SeluGradFp32(g, y, cur)));
      case DType::F16:
        return Exactly(cur ? R16(SeluGradFp32(g, y, true)) : SeluGradHalfArith(g, y));
      case DType::I8:
        return Exactly(cur ? HalfEvenSat(R16Sat(SeluGradFp32(g, y, true)), -128, 127)
                           : TruncSat(SeluGradHalfArith(g, y), -128, 127));
      default:  // I32
        return Exactly(
            cur ? HalfEvenSat(R16Sat(SeluGradFp32(R16Sat(g), R16Sat(y), true)), -2147483648.0,
                              2147483647.0)
                : TruncSat(SeluGradFp32(R32(g), R32(y), false), -2147483648.0, 2147483647.0));
    }
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow& row, double* out) {
    const long double g = in[0], y = in[1];
    const bool neg = IsCurrent(row) ? y <= 0 : y < 0;
    const double v = static_cast<double>(neg ? g * (y + kLambdaAlpha) : g * kLambda);
    if (row.dtype == DType::I8) {
      out[0] = IsCurrent(row) ? HalfEvenSat(v, -128, 127) : TruncSat(v, -128, 127);
    } else if (row.dtype == DType::I32) {
      out[0] = IsCurrent(row) ? HalfEvenSat(v, -2147483648.0, 2147483647.0)
                              : TruncSat(v, -2147483648.0, 2147483647.0);
    } else {
      out[0] = v;
    }
  }
};

// SELU forward: λ·max(x, 0) + λα·(exp(min(x, 0)) − 1) in fp32 (exp within 1.3 ulp).
inline double SeluFp32(double x) {
  if (std::isnan(x)) return x;
  const double pos = R32(std::fmax(x, 0.0) * R32(kLambda));
  const double neg = R32(R32(Exp32(std::fmin(x, 0.0)) - 1.0) * R32(kLambdaAlpha));
  return R32(pos + neg);
}

template <>
struct Reference<OpId::kSelu> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    if (row.dtype == DType::I8) return std::floor(Uniform(rng, -128, 128));
    if (row.dtype == DType::I32) return std::floor(Uniform(rng, -100000, 100000));
    return Uniform(rng, -12, 12);
  }
  static std::vector<double> Specials(int) {
    // Small negative values: exp(x) − 1 cancels there (golden mode takes expm1).
    return {0.0, -0.0,   1.0,     -1.0,   INFINITY, -INFINITY, NAN,       -100,
            100, -1e-10, -1.3e-7, -9e-17, -1.3e-30, -3e-39,    -0.0078125};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0];
    if (row.dtype == DType::I8) {  // fp16 branches, ceil on the negative one, wrap to int8
      const double pos = R16(std::fmax(x, 0.0) * R16(kLambda));
      const double e = R16(Exp32(std::fmin(x, 0.0)));
      const double neg = std::ceil(R16(R16(e - 1.0) * R16(kLambdaAlpha)));
      const long long t = static_cast<long long>(std::trunc(R32(pos + neg)));
      Expect r = Near(static_cast<double>(static_cast<int8_t>(static_cast<uint8_t>(t & 0xff))),
                      DType::F32, 0, 1);
      return r;
    }
    const double r = SeluFp32(row.dtype == DType::I32 ? R32(x) : x);
    if (row.dtype == DType::I32)
      return Near(TruncSat(r, -2147483648.0, 2147483647.0), DType::F32, 0, 1);
    // exp(x) − 1 cancels for small |x|: the bar is 2 fp32 ulps of λα·exp(min(x, 0)) (the term's
    // magnitude) on top of 2 ulps of the result.
    const double terms =
        2 * std::ldexp(static_cast<double>(kLambdaAlpha) * Exp32(std::fmin(x, 0.0)), -24);
    if (row.dtype == DType::F32) return Near(r, DType::F32, 2, x < 0 ? terms : 0);
    // 16-bit: rounded once, half away from zero on the current generation.
    const double v = IsCurrent(row) ? static_cast<double>(RoundAwayTo(r, FormatOf(row.dtype)))
                                    : RoundToDType(row.dtype, r);
    return Near(v, row.dtype, 1);
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow& row, double* out) {
    const long double x = in[0];
    const long double v = x > 0 ? kLambda * x : kLambdaAlpha * std::expm1(x);
    if (row.dtype == DType::I8) {
      out[0] = TruncSat(static_cast<double>(v), -128, 127);
    } else if (row.dtype == DType::I32) {
      out[0] = TruncSat(static_cast<double>(v), -2147483648.0, 2147483647.0);
    } else {
      out[0] = static_cast<double>(v);
    }
  }
};

}  // namespace reftest
