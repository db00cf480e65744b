// Golden-mode I/O policies: every dtype widens exactly to double; results are rounded once to the
// dtype (nearest-even for floating formats; integers by the vendor's final rule, taken straight
// from the double).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <limits>

#include "elementwise/convert.h"
#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {

// Rounds every lane of d to the nearest value of a binary format with p significant bits and
// smallest normal 2^emin (RNE, subnormals kept, overflow to inf, NaN stays NaN), as a double.
// kScale = 2^(52 - (p - 1)), kMinNormal = 2^emin, kOverflow = the tie between the largest finite
// value and 2^(emax + 1). With c = 2^(max(e, emin) + 52 - (p - 1)) for |d| in [2^e, 2^(e+1)),
// |d| + c is rounded (nearest-even) to a multiple of the format's ulp at |d|; the sum stays in
// c's binade, so c contributes no bit to the parity and (|d| + c) - c is exact.
template <typename P, typename Fmt>
inline P RoundToFormat(const P& d) {
  namespace ei = Eigen::internal;
  const P inf = ei::pset1<P>(std::numeric_limits<double>::infinity());
  const P a = ei::pabs(d);
  const P binade = ei::pand(a, inf);  // inf's bits are the exponent mask: 2^e (inf / NaN: inf)
  const P c = ei::pmul(ei::pmax(binade, ei::pset1<P>(Fmt::kMinNormal)), ei::pset1<P>(Fmt::kScale));
  P r = ei::psub(ei::padd(a, c), c);  // NaN stays NaN; inf is replaced below
  r = ei::pselect(ei::pcmp_le(ei::pset1<P>(Fmt::kOverflow), a), inf, r);
  return ei::por(r, ei::pand(d, ei::pset1<P>(-0.0)));
}

struct HalfFormat {  // p = 11, emin = -14
  static constexpr double kScale = 0x1p42;
  static constexpr double kMinNormal = 0x1p-14;
  static constexpr double kOverflow = 0x1.ffep15;  // 65520
};
struct Bf16Format {  // p = 8, emin = -126
  static constexpr double kScale = 0x1p45;
  static constexpr double kMinNormal = 0x1p-126;
  static constexpr double kOverflow = 0x1.ffp127;
};

// Rounds n doubles to the format in place (whole packets; n is padded by the caller's buffer).
template <typename Fmt>
inline void RoundBlockToFormat(double* p, int n) {
  namespace ei = Eigen::internal;
  int j = 0;
  for (; j + kPacketSizeD <= n; j += kPacketSizeD) {
    ei::pstore(p + j, RoundToFormat<PacketD, Fmt>(ei::pload<PacketD>(p + j)));
  }
  for (; j < n; ++j) {  // the tail as one padded packet
    alignas(64) double lane[kPacketSizeD] = {};
    lane[0] = p[j];
    ei::pstore(lane, RoundToFormat<PacketD, Fmt>(ei::pload<PacketD>(lane)));
    p[j] = lane[0];
  }
}

template <typename T>
struct GoldenWiden {
  static void Widen(const T* s, double* d, int n) {
    for (int i = 0; i < n; ++i) d[i] = static_cast<double>(s[i]);
  }
};

struct GF32 : GoldenWiden<float> {
  using T = float;
  static void Narrow(const double* s, T* d, int n) {
    for (int i = 0; i < n; ++i) d[i] = static_cast<float>(s[i]);  // nearest-even
  }
};
struct GF64 : GoldenWiden<double> {
  using T = double;
  static void Narrow(const double* s, T* d, int n) {
    for (int i = 0; i < n; ++i) d[i] = s[i];
  }
};
struct GF16 {
  using T = uint16_t;
  static void Widen(const T* s, double* d, int n) {
    for (int i = 0; i < n; ++i) d[i] = HalfToFloat(s[i]);
  }
  static void Narrow(const double* s, T* d, int n) {
    alignas(64) double r[128];
    for (int i = 0; i < n; i += 128) {
      const int len = std::min(128, n - i);
      for (int j = 0; j < len; ++j) r[j] = s[i + j];
      RoundBlockToFormat<HalfFormat>(r, len);
      for (int j = 0; j < len; ++j) d[i + j] = FloatToHalf(static_cast<float>(r[j]));  // exact
    }
  }
};
struct GBF16 {
  using T = uint16_t;
  static void Widen(const T* s, double* d, int n) {
    for (int i = 0; i < n; ++i) d[i] = Bf16ToFloat(s[i]);
  }
  static void Narrow(const double* s, T* d, int n) {
    alignas(64) double r[128];
    for (int i = 0; i < n; i += 128) {
      const int len = std::min(128, n - i);
      for (int j = 0; j < len; ++j) r[j] = s[i + j];
      RoundBlockToFormat<Bf16Format>(r, len);
      for (int j = 0; j < len; ++j) d[i + j] = FloatToBf16(static_cast<float>(r[j]));  // exact
    }
  }
};

// Integer outputs by the vendor's final conversion, from the double: truncation toward zero
// (legacy kernels) or half-to-even (current kernels), saturating; NaN becomes 0.
template <typename TT, bool kHalfEven>
struct GInt : GoldenWiden<TT> {
  using T = TT;
  static void Narrow(const double* s, T* d, int n) {
    constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
    constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
    for (int i = 0; i < n; ++i) {
      double v = s[i];
      if (std::isnan(v)) {
        d[i] = 0;
        continue;
      }
      v = kHalfEven ? std::nearbyint(v) : std::trunc(v);
      d[i] = static_cast<T>(v <= lo ? lo : (v >= hi ? hi : v));
    }
  }
};
using GI8Trunc = GInt<int8_t, false>;
using GI32Trunc = GInt<int32_t, false>;
using GI8HalfEven = GInt<int8_t, true>;
using GI32HalfEven = GInt<int32_t, true>;

}  // namespace kernels
}  // namespace aclcpu
