// Independent number formats for the kernel tests: rounding to fp32 / fp16 / bf16 in long
// double, ulps, and element encoding for every kernel dtype — written for the tests, sharing
// nothing with the kernels' convert.h.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "elementwise/types.h"

namespace reftest {

using aclcpu::kernels::DType;

struct Format {
  int precision;  // significant bits
  int emin;       // exponent of the smallest normal
  long double maxFinite;
};
constexpr Format kFp32{24, -126, FLT_MAX};
constexpr Format kFp16{11, -14, 65504.0L};
constexpr Format kBf16{8, -126, 3.38953138925153547590470800371487867e38L};
constexpr Format kFp64{53, -1022, DBL_MAX};

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
// Nearest value, ties away from zero (the vendor's CAST_ROUND).
inline long double RoundAwayTo(long double x, const Format& f) {
  if (!std::isfinite(x) || x == 0) return x;
  int e = std::ilogb(x);
  if (e < f.emin) e = f.emin;
  const long double scale = std::ldexp(1.0L, f.precision - 1 - e);
  const long double r = std::round(x * scale) / scale;
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

inline bool IsFloat(DType t) {
  return t == DType::F32 || t == DType::F16 || t == DType::BF16 || t == DType::F64;
}
inline const Format& FormatOf(DType t) {
  return t == DType::F16 ? kFp16 : (t == DType::BF16 ? kBf16 : (t == DType::F64 ? kFp64 : kFp32));
}
// Rounds a real value to a floating dtype (nearest-even); integers are returned unchanged.
inline double RoundToDType(DType t, long double x) {
  return IsFloat(t) ? static_cast<double>(RoundTo(x, FormatOf(t))) : static_cast<double>(x);
}

// One unit in the last place of the format at magnitude |x|.
inline double Ulp(double x, const Format& f) {
  int e = (x == 0 || !std::isfinite(x)) ? f.emin : std::ilogb(x);
  if (e < f.emin) e = f.emin;
  return std::ldexp(1.0, e - (f.precision - 1));
}

inline double TruncSat(double v, double lo, double hi) {
  if (std::isnan(v)) return 0;
  return std::fmin(std::fmax(std::trunc(v), lo), hi) + 0.0;  // + 0.0: integers have no -0
}
inline double HalfEvenSat(double v, double lo, double hi) {
  if (std::isnan(v)) return 0;
  return std::fmin(std::fmax(std::nearbyint(v), lo), hi) + 0.0;
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

template <typename T>
inline T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T>
inline void Put(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

inline double Decode(DType t, const uint8_t* p) {
  switch (t) {
    case DType::F32:
      return Load<float>(p);
    case DType::F16:
      return HalfValue(Load<uint16_t>(p));
    case DType::BF16:
      return Bf16Value(Load<uint16_t>(p));
    case DType::F64:
      return Load<double>(p);
    case DType::I8:
      return Load<int8_t>(p);
    case DType::U8:
      return Load<uint8_t>(p);
    case DType::I16:
      return Load<int16_t>(p);
    case DType::I32:
      return Load<int32_t>(p);
    case DType::I64:
      return static_cast<double>(Load<int64_t>(p));
    case DType::Bool:
      return Load<uint8_t>(p) != 0 ? 1.0 : 0.0;
    default:
      return NAN;
  }
}

// v must be representable in t (the harness rounds inputs first).
inline void Encode(DType t, double v, uint8_t* p) {
  switch (t) {
    case DType::F32:
      return Put(p, static_cast<float>(v));
    case DType::F16:
      return Put(p, HalfBits(v));
    case DType::BF16:
      return Put(p, Bf16Bits(v));
    case DType::F64:
      return Put(p, v);
    case DType::I8:
      return Put(p, static_cast<int8_t>(v));
    case DType::U8:
      return Put(p, static_cast<uint8_t>(v));
    case DType::I16:
      return Put(p, static_cast<int16_t>(v));
    case DType::I32:
      return Put(p, static_cast<int32_t>(v));
    case DType::I64:
      return Put(p, static_cast<int64_t>(v));
    case DType::Bool:
      return Put(p, static_cast<uint8_t>(v != 0));
    default:
      return;
  }
}

// The nearest input value of the dtype (integers: truncated into range).
inline double ToDType(DType t, double v) {
  switch (t) {
    case DType::I8:
      return TruncSat(v, -128, 127);
    case DType::U8:
      return TruncSat(v, 0, 255);
    case DType::I16:
      return TruncSat(v, -32768, 32767);
    case DType::I32:
      return TruncSat(v, -2147483648.0, 2147483647.0);
    case DType::I64:
      return TruncSat(v, -9.2e18, 9.2e18);
    case DType::Bool:
      return v != 0 ? 1 : 0;
    default:
      return RoundToDType(t, v);
  }
}

}  // namespace reftest
