// y · 2^m for the exp forms that end in Eigen's pldexp (every ISA but AVX-512, which has
// vscalefps). pldexp splits 2^m into four factors and multiplies four times (~15 operations on
// AVX2, a quarter of an exp); where every lane's product is a normal number the same value is
// y's bits plus m in the exponent field (three operations). Both are exact there, so the bits do
// not change: a packet with any lane outside that range (or NaN) takes pldexp whole.
#pragma once

#include <Eigen/Core>

namespace aclcpu {
namespace kernels {

// y in [0.5, 2), m integral-valued (any float: out of range, infinite and NaN lanes take pldexp).
// y may be NaN only where m is (the exp forms derive both from the same argument): a NaN y
// with an in-range m would have its exponent field changed.
template <typename P>
EIGEN_ALWAYS_INLINE P ScaleByPow2(const P& y, const P& m) {
  namespace ei = Eigen::internal;
  using C = typename ei::unpacket_traits<P>::type;
  static_assert(sizeof(C) == 4, "fp32 packets");
  using PI = typename ei::unpacket_traits<P>::integer_packet;
  // With y in [0.5, 2), y · 2^m is normal (and finite) for m in [-125, 127].
  // in: all ones where m is in that range (ordered compares: NaN is outside).
  const P in =
      ei::pand(ei::pcmp_le(ei::pset1<P>(-125.0f), m), ei::pcmp_le(m, ei::pset1<P>(127.0f)));
  if (EIGEN_PREDICT_TRUE(!ei::predux_any(ei::pandnot(ei::ptrue(m), in)))) {
    const PI e = ei::plogical_shift_left<23>(ei::pcast<P, PI>(m));
    return ei::preinterpret<P>(ei::padd(ei::preinterpret<PI>(y), e));
  }
  return ei::pldexp(y, m);
}

}  // namespace kernels
}  // namespace aclcpu
