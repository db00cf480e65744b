// Packet math for the split-and-gate formulas: exp, sigmoid, the vendor's gelu forms and their
// derivatives, and in-register rounding to fp16 / bf16 for the vendor's rounded intermediates.
// Every function is a template over the packet type (Eigen fp32 packets, or scalar double for
// the double-precision operators), so one text serves both.
#pragma once

// GCC 12 flags its own _mm512_undefined_* placeholders inside AVX-512 intrinsics and Eigen's
// packet math as maybe-uninitialized; only kernel sources include this header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "elementwise/packet_io.h"
#include "elementwise/vmath.h"
#include "rowwise/split_io.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace split {

namespace ei = Eigen::internal;
using PF = ei::packet_traits<float>::type;
constexpr int kLanes = ei::packet_traits<float>::size;

// An attribute in the formula's scalar type (float for fp32 packets: the kernels' attribute).
template <typename P>
inline typename ei::unpacket_traits<P>::type Attr(double v) {
  return static_cast<typename ei::unpacket_traits<P>::type>(v);
}

template <typename P>
inline P Set(double v) {
  return ei::pset1<P>(Attr<P>(v));
}

// exp: Eigen's generic Cephes-style pexp_float (about 1 ulp, saturating only past +-88.72),
// called directly because Eigen 3.4's AVX-512 pexp<Packet16f> clamps early at 88.376. Double
// uses the C library. Its steps are written out here so that the final scaling by 2^m is one
// vscalefps on AVX-512 and ScaleByPow2 elsewhere instead of Eigen's generic pldexp (four
// multiplies and integer work): m is in [-128, 128] and the polynomial's value in [0.7, 1.5], so
// pldexp's partial products neither overflow nor leave the normal range before its last one,
// which rounds once, as vscalefps does (the same bits, NaN included).
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
inline EIGEN_DONT_INLINE PF ExpWide(ColdArg x) {
#else
EIGEN_ALWAYS_INLINE PF ExpWide(const PF& x) {
#endif
  const PF one = ei::pset1<PF>(1.0f);
  const PF xc = ei::pmax(ei::pmin(x, ei::pset1<PF>(88.723f)), ei::pset1<PF>(-88.723f));
  const PF m = ei::pfloor(ei::pmadd(xc, ei::pset1<PF>(1.44269504088896341f), ei::pset1<PF>(0.5f)));
  PF r = ei::pmadd(m, ei::pset1<PF>(-0.693359375f), xc);
  r = ei::pmadd(m, ei::pset1<PF>(2.12194440e-4f), r);
  const PF r2 = ei::pmul(r, r);
  const PF r3 = ei::pmul(r2, r);
  PF y = ei::pmadd(ei::pset1<PF>(1.9875691500E-4f), r, ei::pset1<PF>(1.3981999507E-3f));
  PF y1 = ei::pmadd(ei::pset1<PF>(4.1665795894E-2f), r, ei::pset1<PF>(1.6666665459E-1f));
  const PF y2 = ei::padd(r, one);
  y = ei::pmadd(y, r, ei::pset1<PF>(8.3334519073E-3f));
  y1 = ei::pmadd(y1, r, ei::pset1<PF>(5.0000001201E-1f));
  y = ei::pmadd(y, r3, y1);
  y = ei::pmadd(y, r2, y2);
#if defined(EIGEN_VECTORIZE_AVX512)
  if constexpr (sizeof(PF) == 64) return ei::pmax(PF(_mm512_scalef_ps(y, m)), x);
#endif
  return ei::pmax(ScaleByPow2(y, m), x);
}
// AVX-512 and AVX2: exp_table::Exp (the table form for lanes in [-85, 87], within 0.57 and
// 0.61 ulp), the form above, out of line, for the other lanes.
EIGEN_ALWAYS_INLINE PF Exp(const PF& x) {
#if defined(EIGEN_VECTORIZE_AVX512)
  if constexpr (sizeof(PF) == 64) {
    return exp_table::Exp(x, [](const __m512& v) { return ExpWide(v); });
  }
#elif defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (sizeof(PF) == 32) {
    return exp_table::Exp(x, [](const __m256& v) { return ExpWide(v); });
  }
#endif
  return ExpWide(x);
}
inline double Exp(double x) { return std::exp(x); }

// 1 / (1 + exp(-x)), as the vendor's kernels build it.
template <typename P>
EIGEN_ALWAYS_INLINE P Sigmoid(const P& x) {
  const P one = Set<P>(1.0);
  return ei::pdiv(one, ei::padd(one, Exp(ei::pnegate(x))));
}

// Lane-wise helpers for float packets.
template <typename F>
inline PF MapLanes(const PF& x, F f) {
  alignas(64) float lanes[kLanes];
  ei::pstore(lanes, x);
  for (float& v : lanes) v = f(v);
  return ei::pload<PF>(lanes);
}

// Round every lane to the nearest fp16 / bf16 value (RNE), kept as fp32.
inline PF RoundHalf(const PF& x) {
#if defined(EIGEN_VECTORIZE_AVX512)
  return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
#elif defined(EIGEN_VECTORIZE_AVX) && defined(__F16C__)
  return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
#else
  return MapLanes(x, [](float v) { return HalfToFloat(FloatToHalf(v)); });
#endif
}
inline PF RoundBf16(const PF& x) {
#if ACLCPU_PACKET_IO
  return pio::FromBf16(pio::ToBf16Fast(x));  // FloatToBf16's bits, widened back
#else
  return MapLanes(x, [](float v) { return Bf16ToFloat(FloatToBf16(v)); });
#endif
}

// Double (golden): the vendor's intermediate roundings are not applied.
inline double RoundHalf(double x) { return x; }
inline double RoundBf16(double x) { return x; }

// 1 - sigmoid(x): the vendor's subtraction in fp32 and for DOUBLE operands; golden takes
// sigmoid(-x), which does not cancel where sigmoid(x) is close to 1.
template <typename P>
EIGEN_ALWAYS_INLINE P OneMinusSigmoid(const P& x, const P& s, bool golden) {
  if constexpr (std::is_same<P, double>::value) {
    if (golden) return 1.0 / (1.0 + std::exp(x));
  }
  (void)x;
  (void)golden;
  return ei::psub(Set<P>(1.0), s);
}
// 1 - t^2 for t = tanh(z): golden takes sech^2 z = 1 / cosh^2 z (no cancellation for large z).
template <typename P>
EIGEN_ALWAYS_INLINE P OneMinusTanhSquared(const P& z, const P& t, bool golden) {
  if constexpr (std::is_same<P, double>::value) {
    if (golden) {
      const double c = std::cosh(z);
      return 1.0 / (c * c);
    }
  }
  (void)z;
  (void)golden;
  return ei::psub(Set<P>(1.0), ei::pmul(t, t));
}

// a < b ? x : y, lane-wise (float packets).
inline PF SelectLt(const PF& a, const PF& b, const PF& x, const PF& y) {
  return ei::pselect(ei::pcmp_lt(a, b), x, y);
}

// ---- gelu forms of GeGlu (the vendor's kernel formulas) ----
// tanh form x / (1 + exp(-1.5957691 (x + 0.044715 x^3))), which equals 0.5 x (1 + tanh(...)).
template <typename P>
EIGEN_ALWAYS_INLINE P GeluTanh(const P& x) {
  const P x2 = ei::pmul(x, x);
  const P inner = ei::pmul(x, ei::padd(Set<P>(1.0), ei::pmul(Set<P>(0.044715), x2)));
  const P e = Exp(ei::pmul(Set<P>(-1.5957691), inner));
  return ei::pdiv(x, ei::padd(Set<P>(1.0), e));
}

// erf form as x / (1 + exp(P(x'^2) x')), x' = min(x, 5.75), with the vendor's degree-6
// polynomial in x'^2.
template <typename P>
EIGEN_ALWAYS_INLINE P GeluErf(const P& x) {
  const P xc = ei::pmin(x, Set<P>(5.75));
  const P z = ei::pmul(xc, xc);
  P p = Set<P>(-0.3512339572e-8);
  p = ei::padd(ei::pmul(p, z), Set<P>(0.2645266170e-6));
  p = ei::padd(ei::pmul(p, z), Set<P>(-0.7929488134e-5));
  p = ei::padd(ei::pmul(p, z), Set<P>(0.1106123840e-3));
  p = ei::padd(ei::pmul(p, z), Set<P>(0.6518995814e-4));
  p = ei::padd(ei::pmul(p, z), Set<P>(-0.7266616915e-1));
  p = ei::padd(ei::pmul(p, z), Set<P>(-0.1595769883e1));
  const P e = Exp(ei::pmul(p, xc));
  return ei::pdiv(x, ei::padd(Set<P>(1.0), e));
}

// Double (golden): the tanh form with its exact constant 2 sqrt(2 / pi), and the erf form as
// the exact 0.5 x erfc(-x / sqrt 2) (no polynomial; erfc keeps the negative tail accurate).
constexpr double kTwoSqrtTwoOverPi = 1.5957691216057307117597842397375;
inline double GeluTanh(double x) {
  return x / (1.0 + std::exp(-kTwoSqrtTwoOverPi * (x * (1.0 + 0.044715 * (x * x)))));
}
inline double GeluErf(double x) { return 0.5 * x * std::erfc(-x * M_SQRT1_2); }

// d/dx of the tanh gelu as the vendor's backward kernel writes it:
//   g1 = 1 / (exp(x (x^2 A1 + A2)) + 1), g2 = x^2 A3 + A4, gelu' = (x (g1 - 1) g2 + 1) g1.
template <typename P>
EIGEN_ALWAYS_INLINE P GeluTanhGrad(const P& x) {
  const P x2 = ei::pmul(x, x);
  const P a = ei::padd(ei::pmul(x2, Set<P>(-0.0713548162726)), Set<P>(-1.5957691216057308));
  const P one = Set<P>(1.0);
  const P g1 = ei::pdiv(one, ei::padd(Exp(ei::pmul(x, a)), one));
  const P g2 = ei::padd(ei::pmul(x2, Set<P>(-0.2140644488178)), Set<P>(-1.5957691216057308));
  return ei::pmul(ei::padd(ei::pmul(ei::pmul(x, ei::psub(g1, one)), g2), one), g1);
}

// Double (golden): the same form with the exact constants (A1 = -0.044715 A, A3 = 3 A1).
inline double GeluTanhGrad(double x) {
  const double x2 = x * x;
  const double a1 = -0.044715 * kTwoSqrtTwoOverPi;
  const double w = x * (x2 * a1 - kTwoSqrtTwoOverPi);
  const double g1 = 1.0 / (std::exp(w) + 1.0);
  const double g1m1 = -1.0 / (1.0 + std::exp(-w));  // g1 - 1, without the cancellation
  const double g2 = x2 * (3.0 * a1) - kTwoSqrtTwoOverPi;
  return (x * g1m1 * g2 + 1.0) * g1;
}

// 0.5 x (1 + erf(x / sqrt 2)), erf from vmath_erf.h (vectorised, correctly rounded but for
// near-ties).
inline PF GeluErfExact(const PF& x) {
  const PF erf = vm::Erf(ei::pmul(x, Set<PF>(M_SQRT1_2)));
  return ei::pmul(ei::pmul(Set<PF>(0.5), x), ei::padd(Set<PF>(1.0), erf));
}

inline double GeluErfExact(double x) { return GeluErf(x); }

// tanh: vm::Tanh, in double lanes rounded once (correctly rounded but for near-ties). Eigen's
// fp32 rational form was within 4.6 ulps but saturated to 1 from |x| = 7.9, which took the
// 1 - t^2 term of SituGluGrad away (0.14 % of the gradient at x = 8).
inline PF Tanh(const PF& x) { return vm::Tanh(x); }
inline double Tanh(double x) { return std::tanh(x); }

// x / b as the vendor's kernels form it: x times the fp32 reciprocal of the fp32 attribute
// (Muls(x, 1.0f / b)); golden divides by b exactly.
inline PF DivByAttr(const PF& x, double b) {
  return ei::pmul(x, Set<PF>(1.0f / static_cast<float>(b)));
}
inline double DivByAttr(double x, double b) { return x / b; }

// d/dx of the erf gelu: Phi(x) + x phi(x).
inline PF GeluErfGrad(const PF& x) {
  const PF half = Set<PF>(0.5);
  const PF erf = vm::Erf(ei::pmul(x, Set<PF>(M_SQRT1_2)));
  const PF cdf = ei::pmul(half, ei::padd(Set<PF>(1.0), erf));
  const PF pdf =
      ei::pmul(Exp(ei::pmul(Set<PF>(-0.5), ei::pmul(x, x))), Set<PF>(0.3989422804014327));
  return ei::padd(cdf, ei::pmul(x, pdf));
}

// Double (golden): Phi(x) + x phi(x) with Phi from erfc.
inline double GeluErfGrad(double x) {
  return 0.5 * std::erfc(-x * M_SQRT1_2) + x * (std::exp(-0.5 * x * x) * 0.3989422804014327);
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
