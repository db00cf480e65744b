#include "elementwise/cast.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "elementwise/convert.h"

namespace aclcpu {
namespace kernels {
namespace {

struct Half16 {
  uint16_t bits;
};
struct Bf16 {
  uint16_t bits;
};
struct Bool8 {
  uint8_t v;
};
struct C64 {
  float re, im;
};
struct C128 {
  double re, im;
};

// Nearest-even rounding of a double to a format with p significant bits and smallest normal
// 2^emin, as a double (see io_golden.h RoundToFormat; scalar here).
double RoundDouble(double d, int p, int emin, double overflow) {
  if (std::isnan(d)) return d;
  const double a = std::fabs(d);
  if (a >= overflow) return std::copysign(std::numeric_limits<double>::infinity(), d);
  int e = 0;
  std::frexp(std::fmax(a, std::ldexp(1.0, emin)), &e);  // a in [2^(e-1), 2^e)
  const double c = std::ldexp(1.0, (e - 1) + 52 - (p - 1));
  const double r = (a + c) - c;
  return std::copysign(r, d);
}

// ---- loads: every source as double (int64 also exactly, for integer targets) ----
template <typename T>
double ToDouble(const T& v) {
  if constexpr (std::is_same<T, Half16>::value) {
    return HalfToFloat(v.bits);
  } else if constexpr (std::is_same<T, Bf16>::value) {
    return Bf16ToFloat(v.bits);
  } else if constexpr (std::is_same<T, Bool8>::value) {
    return v.v != 0 ? 1.0 : 0.0;
  } else if constexpr (std::is_same<T, C64>::value || std::is_same<T, C128>::value) {
    return static_cast<double>(v.re);
  } else {
    return static_cast<double>(v);
  }
}

template <typename I>
I FloatToInt(double d) {
  if (std::isnan(d)) return 0;
  const double t = std::trunc(d);
  if (t <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (t >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(t);
}

template <typename From, typename To>
To Convert(const From& v) {
  constexpr bool kFromInt = std::is_integral<From>::value;
  if constexpr (std::is_same<From, To>::value) {
    return v;
  } else if constexpr (std::is_integral<To>::value) {
    if constexpr (kFromInt) {
      return static_cast<To>(v);  // wraps when narrowing
    } else if constexpr (std::is_same<From, Bool8>::value) {
      return static_cast<To>(v.v != 0);
    } else {
      return FloatToInt<To>(ToDouble(v));
    }
  } else if constexpr (std::is_same<To, Bool8>::value) {
    return Bool8{static_cast<uint8_t>(ToDouble(v) != 0.0)};
  } else if constexpr (std::is_same<To, float>::value) {
    if constexpr (std::is_same<From, int64_t>::value) return static_cast<float>(v);
    return static_cast<float>(ToDouble(v));
  } else if constexpr (std::is_same<To, double>::value) {
    return ToDouble(v);
  } else if constexpr (std::is_same<To, Half16>::value) {
    return Half16{FloatToHalf(static_cast<float>(RoundDouble(ToDouble(v), 11, -14, 65520.0)))};
  } else if constexpr (std::is_same<To, Bf16>::value) {
    return Bf16{FloatToBf16(static_cast<float>(RoundDouble(ToDouble(v), 8, -126, 0x1.ffp127)))};
  } else if constexpr (std::is_same<To, C64>::value) {
    return C64{Convert<From, float>(v), 0.0f};
  } else {
    return C128{ToDouble(v), 0.0};
  }
}

template <typename From, typename To>
void CastLoop(const void* src, int64_t ss, void* dst, int64_t ds, int64_t n) {
  const char* s = static_cast<const char*>(src);
  char* d = static_cast<char*>(dst);
  for (int64_t i = 0; i < n; ++i) {
    From v;
    std::memcpy(&v, s + i * ss * static_cast<int64_t>(sizeof(From)), sizeof(From));
    const To r = Convert<From, To>(v);
    std::memcpy(d + i * ds * static_cast<int64_t>(sizeof(To)), &r, sizeof(To));
  }
}

template <typename F>
void ForType(DType t, F&& f) {
  switch (t) {
    case DType::F32:
      return f(float{});
    case DType::F16:
      return f(Half16{});
    case DType::BF16:
      return f(Bf16{});
    case DType::F64:
      return f(double{});
    case DType::I8:
      return f(int8_t{});
    case DType::U8:
      return f(uint8_t{});
    case DType::I16:
      return f(int16_t{});
    case DType::I32:
      return f(int32_t{});
    case DType::I64:
      return f(int64_t{});
    case DType::Bool:
      return f(Bool8{});
    case DType::C64:
      return f(C64{});
    default:
      return f(C128{});
  }
}

}  // namespace

CastFn GetCast(DType from, DType to) {
  CastFn fn = nullptr;
  ForType(from,
          [&](auto a) { ForType(to, [&](auto b) { fn = &CastLoop<decltype(a), decltype(b)>; }); });
  return fn;
}

CastFn GetCopy(int64_t itemSize) {
  switch (itemSize) {
    case 1:
      return &CastLoop<uint8_t, uint8_t>;
    case 2:
      return &CastLoop<uint16_t, uint16_t>;
    case 4:
      return &CastLoop<uint32_t, uint32_t>;
    case 8:
      return &CastLoop<uint64_t, uint64_t>;
    default:
      return &CastLoop<C128, C128>;
  }
}

const char* DTypeName(DType t) {
  static const char* const kNames[] = {"F32", "F16", "BF16", "F64",  "I8",  "U8",
                                       "I16", "I32", "I64",  "Bool", "C64", "C128"};
  return t < DType::kCount ? kNames[static_cast<int>(t)] : "?";
}

}  // namespace kernels
}  // namespace aclcpu
