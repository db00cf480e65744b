// Helpers for the quantizing-activation tests (tests/ops/test_quant_apis_*.cpp): one-byte
// device tensors, decoders of the 8-bit formats written from their definitions (independent of
// kernels/quant), and the check that a code is the format's nearest value to a float64
// reference (either neighbour where the reference sits on a rounding boundary within `rel`).
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "glu_test_util.h"

namespace quanttest {

using namespace glutest;

// A contiguous (or every-other-byte) device tensor of a one-byte dtype, filled with kSentinel.
class ByteTensor {
 public:
  ByteTensor(std::vector<int64_t> shape, aclDataType dt, bool everyOther = false)
      : shape_(std::move(shape)), step_(everyOther ? 2 : 1) {
    strides_ = ContiguousStrides(shape_);
    for (int64_t& s : strides_) s *= step_;
    const int64_t n = std::max<int64_t>(NumElements(shape_), 1) * step_;
    buf_ = std::make_unique<DeviceBuffer>(static_cast<size_t>(n));
    std::vector<uint8_t> fill(buf_->bytes(), kSentinel);
    buf_->Upload(fill.data(), fill.size());
    tensor_ = Tensor(shape_, dt, buf_->data(), &strides_);
  }
  aclTensor* get() const { return tensor_.get(); }
  // The codes in row-major order.
  std::vector<uint8_t> Codes() const {
    const std::vector<uint8_t> raw = buf_->Download();
    std::vector<uint8_t> c(static_cast<size_t>(NumElements(shape_)));
    for (size_t i = 0; i < c.size(); ++i) c[i] = raw[i * static_cast<size_t>(step_)];
    return c;
  }
  std::vector<uint8_t> Raw() const { return buf_->Download(); }

 private:
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  int64_t step_;
  std::unique_ptr<DeviceBuffer> buf_;
  Tensor tensor_;
};

// IEEE-style 1-e-m byte with bias 2^(e-1) - 1 (E4M3FN: no inf, NaN = all ones).
inline double DecodeIeee8(uint8_t c, int e, int m, bool fn) {
  const int sign = c >> 7, ex = (c >> m) & ((1 << e) - 1), man = c & ((1 << m) - 1);
  const int bias = (1 << (e - 1)) - 1;
  double v;
  if (fn && ex == (1 << e) - 1 && man == (1 << m) - 1) return NAN;
  if (!fn && ex == (1 << e) - 1) return man == 0 ? (sign ? -INFINITY : INFINITY) : NAN;
  if (ex == 0) {
    v = std::ldexp(man, 1 - bias - m);
  } else {
    v = std::ldexp((1 << m) + man, ex - bias - m);
  }
  return sign ? -v : v;
}

// HiFloat8 from its grammar: sign, dot (11, 10, 01, 001, 0001 -> D = 4, 3, 2, 1, 0; 0000
// denormal), D exponent bits in sign-magnitude with the top magnitude bit implicit, the rest
// mantissa. 0x80 NaN, 0x6F/0xEF inf, denormal 2^(m - 23).
inline double DecodeHif8(uint8_t c) {
  if (c == 0x80) return NAN;
  const int sign = c >> 7;
  const int b = c & 0x7f;
  if ((b & 0x7f) == 0x6f) return sign ? -INFINITY : INFINITY;
  int d, rest, restBits;
  if ((b >> 5) == 3) {
    d = 4, rest = b & 0x1f, restBits = 5;
  } else if ((b >> 5) == 2) {
    d = 3, rest = b & 0x1f, restBits = 5;
  } else if ((b >> 5) == 1) {
    d = 2, rest = b & 0x1f, restBits = 5;
  } else if ((b >> 4) == 1) {
    d = 1, rest = b & 0x0f, restBits = 4;
  } else if ((b >> 3) == 1) {
    d = 0, rest = b & 0x07, restBits = 3;
  } else {
    const double v = b == 0 ? 0.0 : std::ldexp(1.0, b - 23);
    return sign ? -v : v;
  }
  int exp = 0;
  int mbits = restBits;
  if (d > 0) {
    const int eb = rest >> (restBits - d);
    const int es = eb >> (d - 1);
    const int mag = (1 << (d - 1)) | (eb & ((1 << (d - 1)) - 1));
    exp = es ? -mag : mag;
    mbits = restBits - d;
  }
  const int man = rest & ((1 << mbits) - 1);
  const double v = std::ldexp(1.0 + std::ldexp(man, -mbits), exp);
  return sign ? -v : v;
}

inline double DecodeCode(aclDataType dt, uint8_t c) {
  if (dt == ACL_INT8) return static_cast<int8_t>(c);
  if (dt == ACL_FLOAT8_E4M3FN) return DecodeIeee8(c, 4, 3, true);
  if (dt == ACL_FLOAT8_E5M2) return DecodeIeee8(c, 5, 2, false);
  return DecodeHif8(c);
}

inline double FormatMax(aclDataType dt) {
  if (dt == ACL_INT8) return 127;
  if (dt == ACL_FLOAT8_E4M3FN) return 448;
  if (dt == ACL_FLOAT8_E5M2) return 57344;
  return 32768;
}

// Spacing of the format's grid around |v| (|v| within range, not in HiFloat8's denormals).
inline double Spacing(aclDataType dt, double v) {
  const double a = std::fabs(v);
  if (dt == ACL_INT8) return 1.0;
  int e = a > 0 ? static_cast<int>(std::floor(std::log2(a))) : -1000;
  if (dt == ACL_FLOAT8_E4M3FN) return std::ldexp(1.0, std::max(e, -6) - 3);
  if (dt == ACL_FLOAT8_E5M2) return std::ldexp(1.0, std::max(e, -14) - 2);
  const int m = std::abs(e) <= 3 ? 3 : (std::abs(e) <= 7 ? 2 : 1);
  return std::ldexp(1.0, e - m);
}

// `code` must be the saturated nearest value of `dt` to `ref` (either neighbour within `tol`
// of a boundary). For HiFloat8 below 2^-15 (denormals, powers of two) only the magnitude bound.
inline void ExpectNearestCode(aclDataType dt, uint8_t code, double ref, double tol,
                              const std::string& where) {
  const double got = DecodeCode(dt, code);
  ASSERT_FALSE(std::isnan(got)) << where << " NaN code for reference " << ref;
  const double max = dt == ACL_INT8 ? 127 : FormatMax(dt);
  const double lo = dt == ACL_INT8 ? -128 : -max;
  const double r = std::min(std::max(ref, lo), max);
  if (dt == ACL_HIFLOAT8 && std::fabs(r) < std::ldexp(1.0, -15)) {
    EXPECT_LE(std::fabs(got), std::ldexp(1.0, -15)) << where << " ref " << ref;
    return;
  }
  const double bar = 0.5 * Spacing(dt, r) + tol + 1e-12;
  EXPECT_LE(std::fabs(got - r), bar)
      << where << " code " << int(code) << " = " << got << ", reference " << ref;
}

}  // namespace quanttest
