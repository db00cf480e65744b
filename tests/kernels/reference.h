// Independent reference for the kernel tests: value rounding done in double / long double with
// our own helpers (nothing from the kernels' convert.h or formulas.h), element encoding, random
// inputs per kernel, and the expected value of every kernel.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "elementwise/driver.h"

namespace reftest {

using aclcpu::kernels::KernelId;

enum class Op { SwishBackward, SeluBackward };
enum class Gen { Any, Legacy, Current };
enum class DT { F32, F16, BF16, I32, I8 };

struct KernelDesc {
  KernelId id;
  const char* name;
  Op op;
  Gen gen;
  DT dt;
};

// gtest prints parameters with this (found by ADL) instead of their bytes.
inline void PrintTo(const KernelDesc& k, std::ostream* os) { *os << k.name; }

inline const std::vector<KernelDesc>& AllKernels() {
  static const std::vector<KernelDesc> kAll = {
#define ACLCPU_KERNEL(name, op, gen, dtype) {KernelId::k##name, #name, Op::op, Gen::gen, DT::dtype},
#include "elementwise/kernels.inc"
#undef ACLCPU_KERNEL
  };
  return kAll;
}

inline const char* DTName(DT dt) {
  static const char* kNames[] = {"F32", "F16", "BF16", "I32", "I8"};
  return kNames[static_cast<int>(dt)];
}

// ---- rounding to binary formats, in long double ----

struct Format {
  int precision;  // significant bits
  int emin;       // exponent of the smallest normal
  long double maxFinite;
};
constexpr Format kFp32{24, -126, FLT_MAX};
constexpr Format kFp16{11, -14, 65504.0L};
constexpr Format kBf16{8, -126, 3.38953138925153547590470800371487867e38L};

// Nearest value of the format (ties to even), overflow to inf, subnormals kept.
inline long double RoundTo(long double x, const Format& f) {
  if (!std::isfinite(x) || x == 0) return x;
  int e = std::ilogb(x);
  if (e < f.emin) e = f.emin;
  const long double scale = std::ldexp(1.0L, f.precision - 1 - e);
  const long double r = std::nearbyint(x * scale) / scale;
  if (std::fabs(r) > f.maxFinite) return std::copysign(INFINITY, x);
  return r;
}
inline double R32(long double x) { return static_cast<double>(RoundTo(x, kFp32)); }
inline double R16(long double x) { return static_cast<double>(RoundTo(x, kFp16)); }
inline double RBf(long double x) { return static_cast<double>(RoundTo(x, kBf16)); }
// fp16 rounding that saturates at +-65504 instead of overflowing.
inline double R16Sat(long double x) {
  const double r = R16(x);
  return std::isinf(r) ? std::copysign(65504.0, r) : r;
}

// One unit in the last place of the format at magnitude |x|.
inline double Ulp(double x, const Format& f) {
  int e = (x == 0 || !std::isfinite(x)) ? f.emin : std::ilogb(x);
  if (e < f.emin) e = f.emin;
  return std::ldexp(1.0, e - (f.precision - 1));
}

inline const Format& FormatOf(DT dt) {
  return dt == DT::F16 ? kFp16 : (dt == DT::BF16 ? kBf16 : kFp32);
}

// ---- element encoding ----

inline double HalfValue(uint16_t h) {
  const int e = (h >> 10) & 31;
  const int m = h & 1023;
  double v = e == 31 ? (m != 0 ? NAN : INFINITY)
                     : (e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25));
  return (h & 0x8000) != 0 ? -v : v;
}

inline uint16_t HalfBits(double r) {  // r must be an fp16 value, inf or NaN
  uint16_t sign = std::signbit(r) ? 0x8000 : 0;
  const double a = std::fabs(r);
  if (std::isnan(r)) return 0x7e00;
  if (std::isinf(r)) return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(std::ldexp(a, 24));
  const int e = std::ilogb(a);
  const int m = static_cast<int>(std::ldexp(a, 10 - e)) - 1024;
  return sign | static_cast<uint16_t>(((e + 15) << 10) | m);
}

inline double Bf16Value(uint16_t b) {
  const uint32_t u = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

inline uint16_t Bf16Bits(double r) {  // r must be a bf16 value, inf or NaN
  const float f = static_cast<float>(r);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return std::isnan(r) ? 0x7fc0 : static_cast<uint16_t>(u >> 16);
}

inline double Decode(DT dt, const uint8_t* p) {
  switch (dt) {
    case DT::F32: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case DT::F16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return HalfValue(h);
    }
    case DT::BF16: {
      uint16_t b;
      std::memcpy(&b, p, 2);
      return Bf16Value(b);
    }
    case DT::I32: {
      int32_t i;
      std::memcpy(&i, p, 4);
      return i;
    }
    case DT::I8:
      return static_cast<int8_t>(*p);
  }
  return 0;
}

inline void Encode(DT dt, double v, uint8_t* p) {
  switch (dt) {
    case DT::F32: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      break;
    }
    case DT::F16: {
      const uint16_t h = HalfBits(v);
      std::memcpy(p, &h, 2);
      break;
    }
    case DT::BF16: {
      const uint16_t b = Bf16Bits(v);
      std::memcpy(p, &b, 2);
      break;
    }
    case DT::I32: {
      const int32_t i = static_cast<int32_t>(v);
      std::memcpy(p, &i, 4);
      break;
    }
    case DT::I8:
      *p = static_cast<uint8_t>(static_cast<int8_t>(v));
      break;
  }
}

// Nearest representable input value of the dtype.
inline double ToDType(DT dt, double v) {
  switch (dt) {
    case DT::F32:
      return R32(v);
    case DT::F16:
      return R16(v);
    case DT::BF16:
      return RBf(v);
    default:
      return v;
  }
}

// ---- random inputs ----

// role 0: gradOutput, role 1: x (Swish) or y = result (Selu). `range` bounds Swish's x and g.
inline double RandomInput(const KernelDesc& k, int role, double range, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double u = unit(rng);
  if (k.dt == DT::I8) return std::floor(-128.0 + 256.0 * u);
  if (k.dt == DT::I32) {
    const double mag[] = {150.0, 100000.0, 2147483648.0};
    const double m = mag[rng() % 3];
    return std::fmin(std::floor(-m + 2 * m * u), 2147483647.0);
  }
  double v;
  if (k.op == Op::SwishBackward) {
    v = -range + 2 * range * u;
  } else if (role == 0) {
    v = -5.0 + 10.0 * u;
  } else {
    const unsigned pick = rng() % 20;
    v = pick == 0 ? 0.0 : (pick == 1 ? -0.0 : -1.758 + 5.758 * u);
  }
  return ToDType(k.dt, v);
}

// ---- expected values ----

struct Expected {
  double value;    // what the kernel must produce (NaN: any NaN)
  double tol = 0;  // allowed |out - value|; 0 with exact = bitwise (sign of zero included)
  bool exact = true;
  double scale = 0;      // Swish: |g s| + |g s v (1 - s)|, the magnitude the fp32 bar uses
  double exactMath = 0;  // Selu on 16-bit fp32-compute paths: the exact real result
};

constexpr long double kLambda = 1.0507009873554804934193349852946L;
constexpr long double kLambdaAlpha = 1.7580993408473768599402175208123L;

// The Swish gradient g s (1 + v (1 - s)) in long double for a given v, with 1 - s = e / (1 + e)
// (no cancellation). exp(-v) is taken as inf where fp32 exp overflows, as both kernel paths do:
// s = 0, and the result is +-0 (NaN when g is inf). *scale gets |g s| + |g s v (1 - s)|.
inline long double SwishExact(long double g, long double v, long double* scale) {
  long double e = std::exp(-v);
  if (std::isinf(RoundTo(e, kFp32))) e = INFINITY;
  const long double s = 1 / (1 + e);
  const long double oneMinusS = std::isinf(e) ? 1.0L : e / (1 + e);
  *scale = std::fabs(g * s) + std::fabs(g * s * v * oneMinusS);
  return g * s * (1 + v * oneMinusS);
}

// fp32: the kernel follows the vendor's fp32 op order, whose 1 - s cancels; the bar is 8 fp32
// ulps relative to the magnitude of the terms, from the same fp32-rounded v = fl(x beta).
// fp16 / bf16: the kernel computes in double and rounds once; the bar is 1 ulp of the format
// against the value with the exact v = x beta.
inline Expected SwishReference(DT dt, double g, double x, double beta) {
  Expected r;
  r.exact = false;
  long double scale;
  if (dt == DT::F32) {
    const long double v = R32(static_cast<long double>(x) * beta);
    r.value = static_cast<double>(SwishExact(g, v, &scale));
    r.scale = static_cast<double>(scale);
    r.tol = 8 * std::ldexp(r.scale, -23);
  } else {
    r.value = static_cast<double>(SwishExact(g, static_cast<long double>(x) * beta, &scale));
    r.scale = static_cast<double>(scale);
    r.tol = Ulp(r.value, FormatOf(dt));
  }
  return r;
}

// fp32 arithmetic on the legacy / current fp32 paths: each op rounded to fp32.
inline double SeluFp32(double g, double y, bool zeroIsNegative) {
  const bool neg = zeroIsNegative ? y <= 0 : y < 0;
  return neg ? R32(g * R32(y + R32(kLambdaAlpha))) : R32(g * R32(kLambda));
}

inline double SeluHalfArith(double g, double y) {
  return y < 0 ? R16(g * R16(y + R16(kLambdaAlpha))) : R16(g * R16(kLambda));
}

inline double TruncSat(double v, double lo, double hi) {
  if (std::isnan(v)) return 0;
  return std::fmin(std::fmax(std::trunc(v), lo), hi) + 0.0;  // + 0.0: integers have no -0
}

inline double HalfEvenSat(double v, double lo, double hi) {
  return std::fmin(std::fmax(std::nearbyint(v), lo), hi) + 0.0;
}

inline Expected SeluReference(const KernelDesc& k, double g, double y) {
  const bool current = k.gen == Gen::Current;
  Expected r;
  const long double yl = y;
  const bool neg = current ? y <= 0 : y < 0;
  r.exactMath = static_cast<double>(neg ? g * (yl + kLambdaAlpha) : g * kLambda);
  switch (k.dt) {
    case DT::F32:
      r.value = SeluFp32(g, y, current);
      break;
    case DT::BF16:
      r.value = RBf(SeluFp32(g, y, current));
      break;
    case DT::F16:
      r.value = current ? R16(SeluFp32(g, y, true)) : SeluHalfArith(g, y);
      break;
    case DT::I8:
      r.value = current ? HalfEvenSat(R16Sat(SeluFp32(g, y, true)), -128, 127)
                        : TruncSat(SeluHalfArith(g, y), -128, 127);
      break;
    case DT::I32:
      r.value = current ? HalfEvenSat(R16Sat(SeluFp32(R16Sat(g), R16Sat(y), true)), -2147483648.0,
                                      2147483647.0)
                        : TruncSat(SeluFp32(R32(g), R32(y), false), -2147483648.0, 2147483647.0);
      break;
  }
  return r;
}

inline Expected Reference(const KernelDesc& k, double g, double x, double beta) {
  return k.op == Op::SwishBackward ? SwishReference(k.dt, g, x, beta) : SeluReference(k, g, x);
}

// True when `out` satisfies `e`; *errUlps receives the error in ulps of the output format.
inline bool Matches(const KernelDesc& k, const Expected& e, double out, double* errUlps) {
  *errUlps = 0;
  if (std::isnan(e.value)) return std::isnan(out);
  if (std::isnan(out)) return false;
  if (e.exact) return out == e.value && std::signbit(out) == std::signbit(e.value);
  if (std::isinf(e.value)) return out == e.value;
  // Overflow is right when the correctly rounded value overflows too.
  if (std::isinf(out)) return static_cast<double>(RoundTo(e.value, FormatOf(k.dt))) == out;
  const double err = std::fabs(out - e.value);
  if (k.op == Op::SwishBackward && k.dt == DT::F32) {  // in units of 2^-23 * scale
    *errUlps = err == 0 ? 0 : err / std::ldexp(e.scale, -23);
  } else {
    *errUlps = err / Ulp(e.value, FormatOf(k.dt));
  }
  return err <= e.tol;
}

}  // namespace reftest
