// erf for the vocabulary of vmath.h (included at its end; not a header of its own).
//
// fp32 lanes are widened to double, erf is evaluated there to within ~6e-13 relative and rounded
// once to fp32: the correctly rounded value except where erf lies within ~6e-13·|erf| of the
// midpoint between two floats (≤ 0.50001 ulp). The vendor's kernels use AscendC's Erf, whose
// formula is not public; the references take erf correctly rounded. ErfWide, on double packets:
//   |x| < 1:      erf(x) = x·P(x²), P a degree-9 Chebyshev fit of erf(√s)/√s on s ∈ [0, 1]
//                 (relative error 2e-14);
//   1 ≤ |x| ≤ 4:  erf(|x|) = 1 − exp(−x²)·Q(u), u = (2|x| − 5)/3, Q a degree-16 Chebyshev fit of
//                 erfcx(x) = erfc(x)·exp(x²) on [1, 4] (relative error 7e-12 of Q, 6e-13 of erf);
//   |x| > 4:      ±1 (1 − erfc(4) = 1 − 1.5e-8 rounds to 1 in fp32); NaN passes through.
// x² is exact in double for a widened fp32 x. Double inputs of golden mode keep the C library's
// erf, lane by lane.
#pragma once

#include <cstddef>

namespace aclcpu {
namespace kernels {
namespace vm {

namespace erf_detail {
constexpr double kSmall[] = {
    1.1283791670954928,     -0.3761263890280964,    0.11283791658663309,    -0.026866169065433706,
    0.00522396727574403,    -0.0008547936168736215, 0.00012046302714679768, -1.4795439747103955e-05,
    1.5308536967495456e-06, -1.0473886504769326e-07};
constexpr double kTail[] = {
    0.21080636406132736,   -0.1115210201659823,     0.0561104934153898,    -0.027005297556076915,
    0.012489374662621766,  -0.00557069381565836,    0.002403639722393649,  -0.0010059081922640801,
    0.0004091252757574892, -0.0001617603329805206,  6.24646376599003e-05,  -2.4072777925994163e-05,
    8.90086550043634e-06,  -2.6694211328504022e-06, 9.346621527583921e-07, -6.370021856128006e-07,
    2.1958743673167192e-07};

template <typename VD, size_t N>
inline VD Horner(const double (&c)[N], const VD& x) {
  VD r = Set<VD>(c[N - 1]);
  for (size_t i = N - 1; i-- > 0;) r = Add(Mul(r, x), Set<VD>(c[i]));
  return r;
}
}  // namespace erf_detail

// erf of fp32 values held in double packets, to ~6e-13 relative.
template <typename VD>
inline VD ErfWide(const VD& x) {
  const VD one = One<VD>();
  const VD small = Mul(x, erf_detail::Horner(erf_detail::kSmall, Mul(x, x)));
  const VD ax = Min(Max(Abs(x), one), Set<VD>(4));
  const VD u = Mul(Sub(Add(ax, ax), Set<VD>(5)), Set<VD>(1.0 / 3.0));
  const VD tail = Sub(one, Mul(Exp(Neg(Mul(ax, ax))), erf_detail::Horner(erf_detail::kTail, u)));
  const VD r = Select(Lt(Abs(x), one), small, Select(Lt(x, Zero<VD>()), Neg(tail), tail));
  return Select(IsNan(x), x, r);
}

inline Packet Erf(const Packet& x) {
  alignas(64) float lanes[kPacketSize];
  alignas(64) double wide[kPacketSize];
  ei::pstore(lanes, x);
  for (int i = 0; i < kPacketSize; ++i) wide[i] = lanes[i];
  for (int i = 0; i < kPacketSize; i += kPacketSizeD) {
    ei::pstore(wide + i, ErfWide(ei::pload<PacketD>(wide + i)));
  }
  for (int i = 0; i < kPacketSize; ++i) lanes[i] = static_cast<float>(wide[i]);
  return ei::pload<Packet>(lanes);
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
