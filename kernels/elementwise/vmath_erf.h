// erf for the vocabulary of vmath.h (included at its end; not a header of its own).
//
// fp32 lanes, in fp32 (the vendor's kernels use AscendC's Erf, whose formula is not public; the
// references take erf correctly rounded and allow the kernel's ulp). Two forms, the same contract:
// within one ulp of the correctly rounded erf everywhere (test_vmath_accuracy.cpp,
// test_erf_pieces*.cpp).
//
// AVX-512 and AVX2 + FMA: polynomial pieces without an exp, elementwise/erf_pieces.h.
// Other packets (the baseline x86-64, NEON): the exp form.
//   |x| < 0.875:  erf(x) = x + x·R(x²), R(s) = erf(√s)/√s − 1 by a degree-7 Chebyshev fit on
//                 s ∈ [0, 0.766] (the leading x is exact and R is at most 0.13 in size);
//   otherwise:    erf(|x|) = 1 − e^(−x²)·F(|x|), F = erfc·e^(x²) by a degree-8 Chebyshev fit on
//                 [0.875, 2) and another on [2, 4] (coefficients chosen per lane), x² split
//                 exactly as h + l with an FMA and e^(−x²) = e^(−h)·(1 − l); |x| is clamped at 4,
//                 where 1 − erfc rounds to 1. A NaN comes back as it went in.
//   Within 0.9 ulp of erf over every float with FMA (checked against double erf; the old
//   form, widened to double and evaluated with a degree-16 fit there, took ~130 cycles a packet on
//   the build machine, this one ~20). Without FMA (the baseline x86-64 variant) l is lost and the
//   polynomials round twice per step: within ~1.5 ulp.
// Double inputs of golden mode keep the C library's erf, lane by lane.
#pragma once

#include <cstddef>

#include "elementwise/erf_pieces.h"

namespace aclcpu {
namespace kernels {
namespace vm {

namespace erf_detail {
constexpr float kR[] = {1.283791661e-01f, -3.761263788e-01f, 1.128378958e-01f, -2.686595730e-02f,
                        5.222876556e-03f, -8.517123642e-04f, 1.155924547e-04f, -1.068997335e-05f};
// F(1.4375 + t) on [0.875, 2) and F(3 + t) on [2, 4], coefficients of t^0..t^8.
constexpr float kFLow[] = {3.321175575e-01f,  -1.735411435e-01f, 8.265211433e-02f,
                           -3.648723662e-02f, 1.510231942e-02f,  -5.894836970e-03f,
                           2.196663758e-03f,  -8.506137528e-04f, 2.895134094e-04f};
constexpr float kFHigh[] = {1.790011525e-01f,  -5.437221006e-02f, 1.588436030e-02f,
                            -4.480082076e-03f, 1.223191037e-03f,  -3.218066122e-04f,
                            8.301259368e-05f,  -2.400379344e-05f, 5.851073638e-06f};
constexpr float kSplit = 0.875f;
}  // namespace erf_detail

EIGEN_ALWAYS_INLINE Packet Erf(const Packet& x) {
  using namespace erf_detail;
#if defined(__AVX512F__)
  if constexpr (sizeof(Packet) == 64) return erf_pieces::Erf(x);
#elif defined(__AVX2__) && defined(__FMA__)
  if constexpr (sizeof(Packet) == 32) return erf_pieces::Erf(x);
#endif
  const Packet one = One<Packet>();
  Packet r = Set<Packet>(kR[7]);
  const Packet s = Mul(x, x);
  for (int i = 6; i >= 0; --i) r = ei::pmadd(r, s, Set<Packet>(kR[i]));
  const Packet small = ei::pmadd(x, r, x);

  const Packet ax = Abs(x);
  const Packet a = Min(ax, Set<Packet>(4.0f));
  const Mask<Packet> upper = Ge(a, Set<Packet>(2.0f));
  const Packet t = Sub(a, Select(upper, Set<Packet>(3.0f), Set<Packet>(1.4375f)));
  Packet f = Select(upper, Set<Packet>(kFHigh[8]), Set<Packet>(kFLow[8]));
  for (int i = 7; i >= 0; --i) {
    f = ei::pmadd(f, t, Select(upper, Set<Packet>(kFHigh[i]), Set<Packet>(kFLow[i])));
  }
  const Packet h = Mul(a, a);
  const Packet l = ei::pmadd(a, a, Neg(h));  // a² − h, exact with FMA
  const Packet e = Exp(Neg(h));
  const Packet scaled = ei::pmadd(Neg(e), l, e);  // e^(−h)·(1 − l) = e^(−a²)
  const Packet big = ei::pmadd(Neg(scaled), f, one);
  const Packet signedBig = Or(big, And(x, Set<Packet>(-0.0f)));
  const Packet result = Select(Lt(ax, Set<Packet>(kSplit)), small, signedBig);
  return Select(IsNan(x), x, result);  // the input's NaN, as the widened form gave
}
// A scalar takes the packet path, so that it gets the packet lanes' value bit for bit.
inline float Erf(float x) { return ei::pfirst(Erf(ei::pset1<Packet>(x))); }
inline PacketD Erf(const PacketD& x) {
  return Lanes(x, [](double v) { return std::erf(v); });
}
inline double Erf(double x) { return std::erf(x); }

}  // namespace vm
}  // namespace kernels
}  // namespace aclcpu
