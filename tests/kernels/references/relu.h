// References for the ReLU family (../shared/spec/activations/forward.md §3.10, 3.11, 3.16, 3.17,
// 3.23, 3.26; backward.md §9, 10, 18): selects and single products, so the NPU values are exact
// (fp32 products rounded once, 16-bit results rounded once more from the fp32 value); integer
// kernels are exact integer arithmetic.
#pragma once

#include <cstdint>

#include "ref_api.h"

namespace reftest {
namespace relu_ref {

inline bool IsInt(DType t) { return !IsFloat(t); }

// A random value of an integer dtype, spread over small and large magnitudes.
inline double IntInput(DType t, std::mt19937& rng) {
  switch (t) {
    case DType::I8:
      return std::floor(Uniform(rng, -128, 128));
    case DType::U8:
      return std::floor(Uniform(rng, 0, 256));
    case DType::I16:
      return std::floor(Uniform(rng, -32768, 32768));
    case DType::I32: {
      const double m = rng() % 2 == 0 ? 1000.0 : 2147483648.0;
      return std::fmin(std::floor(Uniform(rng, -m, m)), 2147483647.0);
    }
    default:
      return std::floor(Uniform(rng, -1e12, 1e12));  // I64
  }
}
inline std::vector<double> IntSpecials(DType t) {
  switch (t) {
    case DType::I8:
      return {0, 1, -1, 127, -128};
    case DType::U8:
      return {0, 1, 255, 128};
    case DType::I16:
      return {0, 1, -1, 32767, -32768};
    case DType::I32:
      return {0, 1, -1, 2147483647.0, -2147483648.0, 16777217.0};
    default:
      return {0, 1, -1, 4503599627370496.0, -4503599627370496.0};
  }
}
// The value of a float row's result: fp32 arithmetic result r, rounded once more to the row's
// 16-bit dtype (nearest-even); DOUBLE rows compute in double and take r as is.
inline double Out(const KernelRow& row, double r) {
  return row.dtype == DType::F64 ? r : RoundToDType(row.dtype, r);
}
// Wraps an integer to the row's integer dtype (two's complement).
inline double Wrap(DType t, __int128 v) {
  switch (t) {
    case DType::I8:
      return static_cast<int8_t>(static_cast<uint8_t>(v));
    case DType::U8:
      return static_cast<uint8_t>(v);
    case DType::I16:
      return static_cast<int16_t>(static_cast<uint16_t>(v));
    case DType::I32:
      return static_cast<int32_t>(static_cast<uint32_t>(v));
    default:
      return static_cast<double>(static_cast<int64_t>(static_cast<uint64_t>(v)));
  }
}
inline KernelParams FloatAndInt(double f0, double f1, int64_t i0, int64_t i1) {
  KernelParams p = Scalars({f0, f1});
  p.i[0] = i0;
  p.i[1] = i1;
  return p;
}
inline double FloatInput(std::mt19937& rng) { return Uniform(rng, -8, 8); }
inline std::vector<double> FloatSpecials() {
  return {0.0, -0.0, 1.0, -1.0, 1e-40, -1e-40, INFINITY, -INFINITY, NAN};
}

}  // namespace relu_ref

template <>
struct Reference<OpId::kRelu> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    return relu_ref::IsInt(row.dtype) ? relu_ref::IntInput(row.dtype, rng)
                                      : relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow&) {
    return Exactly(in[0] <= 0 ? 0.0 : in[0]);  // NaN passes, −0 becomes +0
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    out[0] = in[0] <= 0 ? 0.0 : in[0];
  }
};

template <>
struct Reference<OpId::kLeakyRelu> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.01}), Scalars({0.2}), Scalars({0.0}), Scalars({-1.5})};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0], s = p.f[0];
    if (x > 0) return Exactly(x);
    return Exactly(row.dtype == DType::F64 ? x * s : relu_ref::Out(row, R32(x * s)));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double x = in[0];
    out[0] = static_cast<double>(x > 0 ? x : x * static_cast<long double>(p.d[0]));
  }
};

template <>
struct Reference<OpId::kLeakyReluBackward> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.01}), Scalars({0.0}), Scalars({-0.3})};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const double g = in[0], x = in[1], s = p.f[0];
    if (x > 0) return Exactly(g);
    return Exactly(row.dtype == DType::F64 ? g * s : relu_ref::Out(row, R32(g * s)));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    const long double g = in[0];
    out[0] = static_cast<double>(in[1] > 0 ? g : g * static_cast<long double>(p.d[0]));
  }
};

// Threshold: scalar slots hold the threshold and value in self's dtype: floats in f/d (values
// every float dtype represents), integers in i.
template <>
struct Reference<OpId::kThreshold> {
  static std::vector<KernelParams> Params() {
    return {relu_ref::FloatAndInt(0.5, -2.0, 0, 5), relu_ref::FloatAndInt(0.0, 0.0, 0, 0),
            relu_ref::FloatAndInt(-1.25, 7.25, 100, 3)};
  }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    if (relu_ref::IsInt(row.dtype)) {
      return rng() % 4 == 0 ? std::floor(Uniform(rng, -3, 120))
                            : relu_ref::IntInput(row.dtype, rng);
    }
    return rng() % 8 == 0 ? 0.5 : Uniform(rng, -4, 4);
  }
  static std::vector<double> Specials(int) {
    return {0.0, -0.0, 0.5, -1.25, 100, 5, INFINITY, -INFINITY, NAN};
  }
  static double Value(const double* in, const KernelParams& p, const KernelRow& row) {
    const double x = in[0];
    if (relu_ref::IsInt(row.dtype)) {
      return x <= static_cast<double>(p.i[0]) ? static_cast<double>(p.i[1]) : x;
    }
    return x <= p.f[0] ? static_cast<double>(p.f[1]) : x;  // NaN passes
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    return Exactly(Value(in, p, row));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow& row, double* out) {
    out[0] = Value(in, p, row);
  }
};

// ThresholdGradV2D: compare in fp32 (int32 values rounded to fp32 first and back, saturating).
template <>
struct Reference<OpId::kThresholdBackward> {
  static std::vector<KernelParams> Params() {
    return {Scalars({0.5}), Scalars({1.0}), Scalars({-2.0}), Scalars({16777216.0}),
            // the integer rows' bound at and beyond the int8 / uint8 range, and non-finite
            Scalars({-0.5}), Scalars({127.5}), Scalars({-128.5}), Scalars({NAN}),
            Scalars({INFINITY}), Scalars({-INFINITY})};
  }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    return relu_ref::IsInt(row.dtype) ? relu_ref::IntInput(row.dtype, rng)
                                      : relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -3.0, 0.0, INFINITY, NAN, 2147483647.0};
    return {0.0, -0.0, 0.5, 1.0, -2.0, 16777217.0, INFINITY, -INFINITY, NAN};
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    const bool i32 = row.dtype == DType::I32;
    const double g = i32 ? R32(in[0]) : in[0], x = i32 ? R32(in[1]) : in[1];
    const double r = x <= p.f[0] ? 0.0 : g;
    return Exactly(i32 ? TruncSat(r, -2147483648.0, 2147483647.0) : r);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    out[0] = in[1] <= p.d[0] ? 0.0 : in[0];
  }
};

// ReluGrad: g·(x <= 0 ? 0 : 1), a product (±0 by g's sign, NaN for inf/NaN g); integers select.
template <>
struct Reference<OpId::kReluBackward> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    return relu_ref::IsInt(row.dtype) ? relu_ref::IntInput(row.dtype, rng)
                                      : relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static double Value(const double* in, const KernelRow& row) {
    const double g = in[0], x = in[1];
    if (relu_ref::IsInt(row.dtype)) return x <= 0 ? 0.0 : g;
    return x <= 0 ? g * 0.0 : g;
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    return Exactly(Value(in, row));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow& row, double* out) {
    out[0] = Value(in, row);
  }
};

// AddRelu: fp32 relu(x + R32(y·alpha)); integers wrap in the row's dtype. alpha: f for the fp32
// row, i for the integer rows.
template <>
struct Reference<OpId::kAddRelu> {
  static std::vector<KernelParams> Params() {
    return {relu_ref::FloatAndInt(1.0, 0, 1, 0), relu_ref::FloatAndInt(1.2, 0, 3, 0),
            relu_ref::FloatAndInt(-0.5, 0, 0, 0), relu_ref::FloatAndInt(0.1, 0, 100, 0)};
  }
  static double Input(int, const KernelRow& row, const KernelParams&, std::mt19937& rng) {
    return relu_ref::IsInt(row.dtype) ? relu_ref::IntInput(row.dtype, rng)
                                      : relu_ref::FloatInput(rng);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow& row) {
    if (relu_ref::IsInt(row.dtype)) {
      const __int128 s = static_cast<__int128>(static_cast<int64_t>(in[0])) +
                         static_cast<__int128>(static_cast<int64_t>(in[1])) * p.i[0];
      const double w = relu_ref::Wrap(row.dtype, s);
      return Exactly(w > 0 ? w : 0.0);
    }
    const double s = R32(in[0] + R32(in[1] * p.f[0]));
    return Exactly(s <= 0 ? 0.0 : s);
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow& row, double* out) {
    if (relu_ref::IsInt(row.dtype)) {
      out[0] = Npu(in, p, row).value[0];
      return;
    }
    const long double s = static_cast<long double>(in[0]) +
                          static_cast<long double>(in[1]) * static_cast<long double>(p.d[0]);
    out[0] = s <= 0 ? 0.0 : static_cast<double>(s);
  }
};

template <>
struct Reference<OpId::kHardtanhBackward> {
  static std::vector<KernelParams> Params() {
    return {Scalars({-1.0, 1.0}), Scalars({1.2, 2.4}), Scalars({2.0, -2.0})};
  }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -3, 3);
  }
  static std::vector<double> Specials(int k) {
    if (k == 0) return {1.0, -2.5, 0.0, INFINITY, NAN};
    return {-1.0, 1.0, 2.0, -2.0, 0.0, INFINITY, -INFINITY, NAN};
  }
  static double Value(const double* in, const KernelParams& p) {
    const double x = in[1];
    const bool inside = (x > p.f[0] && x < p.f[1]) || std::isnan(x);
    return inside ? in[0] : 0.0;
  }
  static Expect Npu(const double* in, const KernelParams& p, const KernelRow&) {
    return Exactly(Value(in, p));
  }
  static void Exact(const double* in, const KernelParams& p, const KernelRow&, double* out) {
    out[0] = Value(in, p);
  }
};

template <>
struct Reference<OpId::kSquaredRelu> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return Uniform(rng, -300, 300);
  }
  static std::vector<double> Specials(int) {
    return {0.0, -0.0, 1.0, -1.0, 1e-30, 256.0, 1e20, INFINITY, -INFINITY, NAN};
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double r = in[0] <= 0 ? 0.0 : in[0];
    return Exactly(relu_ref::Out(row, R32(r * r)));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    const long double r = in[0] <= 0 ? 0.0L : static_cast<long double>(in[0]);
    out[0] = static_cast<double>(r * r);
  }
};

template <>
struct Reference<OpId::kHeaviside> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    if (k == 0 && rng() % 4 == 0) return 0.0;
    return Uniform(rng, -5, 5);
  }
  static std::vector<double> Specials(int) {
    return {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN};
  }
  static double Value(const double* in) {
    const double x = in[0];
    if (std::isnan(x) || x < 0) return 0.0;
    return x == 0 ? in[1] : 1.0;
  }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow&) {
    return Exactly(Value(in));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    out[0] = Value(in);
  }
};

// Prelu: x > 0 ? x : w·x in the I/O dtype (one product of two dtype values, rounded once).
template <>
struct Reference<OpId::kPrelu> {
  static std::vector<KernelParams> Params() { return {KernelParams()}; }
  static double Input(int k, const KernelRow&, const KernelParams&, std::mt19937& rng) {
    return k == 0 ? relu_ref::FloatInput(rng) : Uniform(rng, -2, 2);
  }
  static std::vector<double> Specials(int) { return relu_ref::FloatSpecials(); }
  static Expect Npu(const double* in, const KernelParams&, const KernelRow& row) {
    const double x = in[0], w = in[1];
    return Exactly(x > 0 ? x : RoundToDType(row.dtype, R32(w * x)));
  }
  static void Exact(const double* in, const KernelParams&, const KernelRow&, double* out) {
    out[0] = in[0] > 0 ? in[0] : in[1] * in[0];
  }
};

}  // namespace reftest
