// The vocabulary operator functors are written in. Every function takes a value type V that is
// an Eigen packet of float (the vendor's fp32 arithmetic), an Eigen packet of double (golden
// mode) or a plain scalar; a functor is one template over V, so the same text is the NPU kernel,
// the golden kernel and a scalar form. Only basic IEEE operations appear here unless a name says
// otherwise; -ffp-contract=off keeps a * b + c two roundings, as the vendor's vector units do.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <limits>
#include <type_traits>

#include "elementwise/convert.h"
#include "elementwise/exp_table.h"
#include "elementwise/log_table.h"
#include "elementwise/pow2_scale.h"

namespace aclcpu {
namespace kernels {

using Packet = Eigen::internal::packet_traits<float>::type;
using PacketD = Eigen::internal::packet_traits<double>::type;
constexpr int kPacketSize = Eigen::internal::packet_traits<float>::size;
constexpr int kPacketSizeD = Eigen::internal::packet_traits<double>::size;

// How the out-of-line (cold) forms of the vector functions take their packet. AVX-512 (32
// vector registers): by value, in a register, so that the calling loop keeps its constants in
// registers and does not store its operand to the stack every packet. Elsewhere by reference:
// with 16 registers a by-value call made GCC reload every constant in every packet (AVX2 Sigmoid
// and Elu 25-40 % slower), the stack store is the lesser cost.
#if defined(EIGEN_VECTORIZE_AVX512)
using ColdArg = Packet;
#else
using ColdArg = const Packet&;
#endif

namespace vm {
namespace ei = Eigen::internal;

// The scalar type of V (float for Packet, double for PacketD, V itself for scalars).
template <typename V>
using Scalar = typename ei::unpacket_traits<V>::type;
// True where V computes in double: golden mode, where the vendor's intermediate roundings
// (RoundHalf below) are skipped.
template <typename V>
constexpr bool kGolden = std::is_same<Scalar<V>, double>::value;
template <typename V>
constexpr int kLanes = ei::unpacket_traits<V>::size;

template <typename V>
inline V Set(Scalar<V> c) {
  return ei::pset1<V>(c);
}
template <typename V>
inline V Zero() {
  return ei::pset1<V>(Scalar<V>(0));
}
template <typename V>
inline V One() {
  return ei::pset1<V>(Scalar<V>(1));
}
template <typename V>
inline V Add(const V& a, const V& b) {
  return ei::padd(a, b);
}
template <typename V>
inline V Sub(const V& a, const V& b) {
  return ei::psub(a, b);
}
template <typename V>
inline V Mul(const V& a, const V& b) {
  return ei::pmul(a, b);
}
// a·b, or a itself where the caller's loop is for b = 1 (kByOne): a loop for unit scalars
// (EluFn, SoftplusFn) leaves out multiplications that are exact, with the same bits.
template <bool kByOne, typename V>
EIGEN_ALWAYS_INLINE V MulUnlessOne(const V& a, const V& b) {
  if constexpr (kByOne) {
    return a;
  } else {
    return ei::pmul(a, b);
  }
}
template <typename V>
inline V Div(const V& a, const V& b) {
  return ei::pdiv(a, b);
}
template <typename V>
inline V Neg(const V& a) {
  return ei::pnegate(a);
}
template <typename V>
inline V Abs(const V& a) {
  return ei::pabs(a);
}
// min / max return `a` when either operand is NaN (std::min / std::max semantics).
template <typename V>
inline V Min(const V& a, const V& b) {
  return ei::pmin(a, b);
}
template <typename V>
inline V Max(const V& a, const V& b) {
  return ei::pmax(a, b);
}

// Lane masks. Comparisons give a Mask<V>: for AVX-512 packets a k-register (KMask<__mmask16/8>),
// elsewhere a V with all bits set where true. NaN compares false. Functors hold masks as
// `const auto` or Mask<V> and use them only through And, Or, Not and Select. (Eigen's AVX-512
// comparisons return all-ones vectors that its select turns back into a k-register: a
// vpmovm2d + vptestnmd per select, ~25% of a light functor's loop in cache.)
template <typename V>
struct MaskType {
  using type = V;
};
#if defined(EIGEN_VECTORIZE_AVX512)
template <typename K>
struct KMask {
  K k;
};
template <>
struct MaskType<Eigen::internal::Packet16f> {
  using type = KMask<__mmask16>;
};
template <>
struct MaskType<Eigen::internal::Packet8d> {
  using type = KMask<__mmask8>;
};
template <typename K>
inline KMask<K> And(const KMask<K>& a, const KMask<K>& b) {
  return {static_cast<K>(a.k & b.k)};
}
template <typename K>
inline KMask<K> Or(const KMask<K>& a, const KMask<K>& b) {
  return {static_cast<K>(a.k | b.k)};
}
template <typename K>
inline KMask<K> Not(const KMask<K>& m) {
  return {static_cast<K>(~m.k)};
}
#endif
template <typename V>
using Mask = typename MaskType<V>::type;
// True where Mask<V> is a k-register.
template <typename V>
constexpr bool kKMask = !std::is_same<Mask<V>, V>::value;

#if defined(EIGEN_VECTORIZE_AVX512)
// One k-register comparison (kPred: an ordered or unordered quiet _CMP_ predicate).
template <int kPred, typename V>
inline Mask<V> CmpK(const V& a, const V& b) {
  if constexpr (std::is_same<V, ei::Packet16f>::value) {
    return {_mm512_cmp_ps_mask(a, b, kPred)};
  } else {
    return {_mm512_cmp_pd_mask(a, b, kPred)};
  }
}
#define ACLCPU_VM_CMP(pred, a, b, vectorForm) \
  if constexpr (kKMask<V>) {                  \
    return CmpK<pred>(a, b);                  \
  } else {                                    \
    return vectorForm;                        \
  }
#else
#define ACLCPU_VM_CMP(pred, a, b, vectorForm) return vectorForm;
#endif

template <typename V>
inline Mask<V> Lt(const V& a, const V& b) {
  ACLCPU_VM_CMP(_CMP_LT_OQ, a, b, ei::pcmp_lt(a, b))
}
template <typename V>
inline Mask<V> Le(const V& a, const V& b) {
  ACLCPU_VM_CMP(_CMP_LE_OQ, a, b, ei::pcmp_le(a, b))
}
template <typename V>
inline Mask<V> Gt(const V& a, const V& b) {
  return Lt(b, a);
}
template <typename V>
inline Mask<V> Ge(const V& a, const V& b) {
  return Le(b, a);
}
template <typename V>
inline Mask<V> Eq(const V& a, const V& b) {
  ACLCPU_VM_CMP(_CMP_EQ_OQ, a, b, ei::pcmp_eq(a, b))
}
template <typename V>
inline Mask<V> IsNan(const V& a) {
  ACLCPU_VM_CMP(_CMP_UNORD_Q, a, a, ei::pandnot(ei::ptrue(a), ei::pcmp_eq(a, a)))
}
#undef ACLCPU_VM_CMP
template <typename V>
inline V And(const V& a, const V& b) {
  return ei::pand(a, b);
}
template <typename V>
inline V Or(const V& a, const V& b) {
  return ei::por(a, b);
}
template <typename V>
inline V Not(const V& m) {
  return ei::pandnot(ei::ptrue(m), m);
}
// True when any lane of the mask is set (a branch may then skip work no lane needs).
template <typename V>
inline bool AnyLane(const Mask<V>& m) {
  if constexpr (kKMask<V>) {
    return m.k != 0;
  } else {
    return ei::predux_any(m);
  }
}
// mask ? a : b, lane by lane.
template <typename V>
inline V Select(const Mask<V>& mask, const V& a, const V& b) {
#if defined(EIGEN_VECTORIZE_AVX512)
  if constexpr (std::is_same<V, ei::Packet16f>::value) {
    return _mm512_mask_blend_ps(mask.k, b, a);
  } else if constexpr (std::is_same<V, ei::Packet8d>::value) {
    return _mm512_mask_blend_pd(mask.k, b, a);
  } else {
    return ei::pselect(mask, a, b);
  }
#else
  return ei::pselect(mask, a, b);
#endif
}

// Select(mask, a(), b) where `a` is costly and rarely taken: a packet with no lane in the mask
// returns b without evaluating a (the same bits, since the select would take b in every lane).
template <typename V, typename A>
EIGEN_ALWAYS_INLINE V SelectWhereAny(const Mask<V>& mask, const A& a, const V& b) {
  return AnyLane<V>(mask) ? Select(mask, a(), b) : b;
}

// ---- transcendental functions ----
// fp32: on AVX-512 and AVX2, exp_table::Exp: the table form for lanes in [-85, 87] (within 0.57
// and 0.61 ulp). Otherwise, and on the other ISAs: Eigen 3.4's pexp_float (Cody-Waite reduction,
// degree-7 polynomial) with the last two additions reordered so that only one rounding is of the
// result's size (within ~0.6 ulp where exp neither overflows nor goes subnormal), 2^m applied with
// one vscalefps on AVX-512 (ScaleByPow2 elsewhere), and the input clamped to [-104, 89] so that
// large results overflow to inf and small ones go subnormal and then 0, as fp32 exp does. double
// (golden): Eigen's double exp. With a table form the full-range form is the rare case and stays
// out of line, so that the table form inlines into the packet loops without its registers.
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
inline EIGEN_DONT_INLINE Packet ExpF32Wide(ColdArg x_in) {
#else
EIGEN_ALWAYS_INLINE Packet ExpF32Wide(const Packet& x_in) {
#endif
#if defined(EIGEN_VECTORIZE_AVX512)
  // Clamped to [-104, 89]: 2^m then overflows to inf above ~88.72 and goes subnormal, then 0,
  // below ~-87.3, as fp32 exp does (NaN passes through the clamp).
  const __m512 x =
      _mm512_max_ps(_mm512_set1_ps(-104.0f), _mm512_min_ps(_mm512_set1_ps(89.0f), x_in));
  const __m512 m = _mm512_roundscale_ps(
      _mm512_fmadd_ps(x, _mm512_set1_ps(1.44269504088896341f), _mm512_set1_ps(0.5f)),
      _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fmadd_ps(m, _mm512_set1_ps(-0.693359375f), x);
  r = _mm512_fmadd_ps(m, _mm512_set1_ps(2.12194440e-4f), r);
  const __m512 r2 = _mm512_mul_ps(r, r);
  const __m512 r3 = _mm512_mul_ps(r2, r);
  __m512 y = _mm512_fmadd_ps(_mm512_set1_ps(1.9875691500E-4f), r, _mm512_set1_ps(1.3981999507E-3f));
  __m512 y1 =
      _mm512_fmadd_ps(_mm512_set1_ps(4.1665795894E-2f), r, _mm512_set1_ps(1.6666665459E-1f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073E-3f));
  y1 = _mm512_fmadd_ps(y1, r, _mm512_set1_ps(5.0000001201E-1f));
  y = _mm512_fmadd_ps(y, r3, y1);
  // 1 + (r + r^2 p(r)): the only rounding of size comparable to the result is the final add,
  // so the result is within ~0.6 ulp of exp (Eigen adds r + 1 first: ~1.3 ulp).
  y = _mm512_add_ps(_mm512_fmadd_ps(y, r2, r), _mm512_set1_ps(1.0f));
  return _mm512_scalef_ps(y, m);
#else
  const Packet x = ei::pmax(ei::pmin(x_in, ei::pset1<Packet>(89.0f)), ei::pset1<Packet>(-104.0f));
  const Packet m =
      ei::pfloor(ei::pmadd(x, ei::pset1<Packet>(1.44269504088896341f), ei::pset1<Packet>(0.5f)));
  Packet r = ei::pmadd(m, ei::pset1<Packet>(-0.693359375f), x);
  r = ei::pmadd(m, ei::pset1<Packet>(2.12194440e-4f), r);
  const Packet r2 = ei::pmul(r, r);
  const Packet r3 = ei::pmul(r2, r);
  Packet y = ei::pmadd(ei::pset1<Packet>(1.9875691500E-4f), r, ei::pset1<Packet>(1.3981999507E-3f));
  Packet y1 =
      ei::pmadd(ei::pset1<Packet>(4.1665795894E-2f), r, ei::pset1<Packet>(1.6666665459E-1f));
  y = ei::pmadd(y, r, ei::pset1<Packet>(8.3334519073E-3f));
  y1 = ei::pmadd(y1, r, ei::pset1<Packet>(5.0000001201E-1f));
  y = ei::pmadd(y, r3, y1);
  y = ei::padd(ei::pmadd(y, r2, r), ei::pset1<Packet>(1.0f));
  return ScaleByPow2(y, m);
#endif
}
EIGEN_ALWAYS_INLINE Packet ExpF32(const Packet& x) {
#if defined(EIGEN_VECTORIZE_AVX512)
  return exp_table::Exp(x, [](const __m512& v) { return ExpF32Wide(v); });
#elif defined(ACLCPU_EXP_TABLE_AVX2)
  return exp_table::Exp(x, [](const __m256& v) { return ExpF32Wide(v); });
#else
  return ExpF32Wide(x);
#endif
}
EIGEN_ALWAYS_INLINE Packet Exp(const Packet& x) { return ExpF32(x); }
inline PacketD Exp(const PacketD& x) { return ei::pexp(x); }
inline float Exp(float x) { return std::exp(x); }
inline double Exp(double x) { return std::exp(x); }
// exp of an argument the caller has already held in [-85, 87] (NaN allowed), as Selu's
// max(min(x, 0), -85): where there is a table form, without its range check (the same bits as
// Exp in range; 20 % of a Selu fp32 packet on AVX2). A NaN lane's value is unspecified, so the
// caller's result must be NaN through another operand there (Selu's λ·max(x, 0)).
template <typename V>
EIGEN_ALWAYS_INLINE V ExpInRange(const V& x) {
#if defined(EIGEN_VECTORIZE_AVX512)
  if constexpr (sizeof(V) == 64 && std::is_same<Scalar<V>, float>::value) {
    return exp_table::TableExp(x);
  }
#elif defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (sizeof(V) == 32 && std::is_same<Scalar<V>, float>::value) {
    return exp_table::TableExp(x);
  }
#endif
  return Exp(x);
}

// Applies a scalar function lane by lane (for functions without a vector form, and golden mode).
template <typename V, typename F>
inline V Lanes(const V& x, F f) {
  alignas(64) Scalar<V> lanes[kLanes<V>];
  ei::pstore(lanes, x);
  for (auto& v : lanes) v = f(v);
  return ei::pload<V>(lanes);
}
// log: Eigen's vector log (fp32 within 1 ulp; double for golden). AVX-512 and AVX2 fp32:
// log_table::Log (within 0.78 ulp) for positive normal finite lanes, Eigen's (out of line) for the
// others.
template <typename V>
inline V Log(const V& x) {
  return ei::plog(x);
}
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
inline EIGEN_DONT_INLINE Packet LogWide(ColdArg x) { return ei::plog(x); }
EIGEN_ALWAYS_INLINE Packet Log(const Packet& x) {
  return log_table::Log(x, [](const Packet& v) { return LogWide(v); });
}
#endif
inline float Log(float x) { return std::log(x); }
inline double Log(double x) { return std::log(x); }
// The fp32 lanes of a packet as kDoubleParts double packets, in lane order, and back (each lane
// rounded once to fp32).
constexpr int kDoubleParts = kPacketSize / kPacketSizeD;
static_assert(kDoubleParts * kPacketSizeD == kPacketSize, "double packets tile a float packet");
EIGEN_ALWAYS_INLINE void ToDoubleLanes(const Packet& x, PacketD* d) {
#if defined(__AVX512F__)
  if constexpr (kPacketSize == 16 && kPacketSizeD == 8) {
    d[0] = _mm512_cvtps_pd(_mm512_castps512_ps256(x));
    d[1] = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)));
    return;
  }
#elif defined(__AVX__)
  if constexpr (kPacketSize == 8 && kPacketSizeD == 4) {
    d[0] = _mm256_cvtps_pd(_mm256_castps256_ps128(x));
    d[1] = _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1));
    return;
  }
#elif defined(__SSE2__)
  if constexpr (kPacketSize == 4 && kPacketSizeD == 2) {
    d[0] = _mm_cvtps_pd(x);
    d[1] = _mm_cvtps_pd(_mm_movehl_ps(x, x));
    return;
  }
#endif
  alignas(64) float xf[kPacketSize];
  alignas(64) double xd[kPacketSize];
  ei::pstore(xf, x);
  for (int i = 0; i < kPacketSize; ++i) xd[i] = xf[i];
  for (int j = 0; j < kDoubleParts; ++j) d[j] = ei::pload<PacketD>(xd + j * kPacketSizeD);
}
EIGEN_ALWAYS_INLINE Packet FromDoubleLanes(const PacketD* d) {
#if defined(__AVX512F__)
  if constexpr (kPacketSize == 16 && kPacketSizeD == 8) {
    const __m256 lo = _mm512_cvtpd_ps(d[0]), hi = _mm512_cvtpd_ps(d[1]);
    return _mm512_castpd_ps(
        _mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(lo)), _mm256_castps_pd(hi), 1));
  }
#elif defined(__AVX__)
  if constexpr (kPacketSize == 8 && kPacketSizeD == 4) {
    return _mm256_set_m128(_mm256_cvtpd_ps(d[1]), _mm256_cvtpd_ps(d[0]));
  }
#elif defined(__SSE2__)
  if constexpr (kPacketSize == 4 && kPacketSizeD == 2) {
    return _mm_movelh_ps(_mm_cvtpd_ps(d[0]), _mm_cvtpd_ps(d[1]));
  }
#endif
  alignas(64) float xf[kPacketSize];
  alignas(64) double xd[kPacketSize];
  for (int j = 0; j < kDoubleParts; ++j) ei::pstore(xd + j * kPacketSizeD, d[j]);
  for (int i = 0; i < kPacketSize; ++i) xf[i] = static_cast<float>(xd[i]);
  return ei::pload<Packet>(xf);
}
// f applied to the fp32 lanes of x widened to double packets (f: PacketD -> PacketD), each
// result rounded once to fp32.
template <typename F>
EIGEN_ALWAYS_INLINE Packet InDoubleLanes(const Packet& x, F f) {
  PacketD d[kDoubleParts];
  ToDoubleLanes(x, d);
  for (int j = 0; j < kDoubleParts; ++j) d[j] = f(d[j]);
  return FromDoubleLanes(d);
}

// tanh in double lanes: x (1 - x^2/3 + 2 x^4/15) below |x| = 2^-10 (the next term is 5e-20 of
// it), else ±(1 - 2 / (e^(2|x|) + 1)) (cancellation costs at most 1e-12 relative there);
// ±inf gives ±1, NaN stays NaN.
EIGEN_ALWAYS_INLINE PacketD TanhD(const PacketD& v) {
  const PacketD one = ei::pset1<PacketD>(1.0);
  const PacketD a = ei::pabs(v);
  const PacketD v2 = ei::pmul(v, v);
  const PacketD series = ei::pmul(
      v, ei::padd(one, ei::pmul(v2, ei::padd(ei::pset1<PacketD>(-1.0 / 3.0),
                                             ei::pmul(v2, ei::pset1<PacketD>(2.0 / 15.0))))));
  const PacketD e = ei::pexp(ei::padd(a, a));
  PacketD big = ei::psub(one, ei::pdiv(ei::pset1<PacketD>(2.0), ei::padd(e, one)));
  big = ei::por(big, ei::pand(v, ei::pset1<PacketD>(-0.0)));  // the sign of v (big >= 0)
  return ei::pselect(ei::pcmp_lt(a, ei::pset1<PacketD>(0x1p-10)), series, big);
}

// tanh / erf: the vendor's vector units evaluate these to fp32 accuracy. tanh: the double
// form above rounded once (correctly rounded but within 1e-12 of a tie); erf: vmath_erf.h.
template <typename V>
inline V Tanh(const V& x) {
  if constexpr (std::is_same<V, Packet>::value) {
    return InDoubleLanes(x, [](const PacketD& v) { return TanhD(v); });
  } else {
    return Lanes(x, [](Scalar<V> v) { return static_cast<Scalar<V>>(std::tanh(double(v))); });
  }
}
// e^x − 1 lane by lane in V's own precision (std::expm1): the golden forms' exact expm1, which
// keeps the small |x| that exp(x) − 1 cancels. The vendor's kernels use Exp then Sub instead.
template <typename V>
inline V Expm1(const V& x) {
  return Lanes(x, [](Scalar<V> v) { return static_cast<Scalar<V>>(std::expm1(v)); });
}

// ---- the vendor's intermediate roundings (no-ops in golden mode) ----
// Round each lane to the nearest fp16 value (RNE, overflow to inf), as a kernel that computes in
// fp16 does after every operation.
inline Packet RoundHalfLanes(const Packet& x) {
#if defined(EIGEN_VECTORIZE_AVX512)
  return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
#elif defined(__F16C__) && defined(EIGEN_VECTORIZE_AVX)
  return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
#else
  return Lanes(x, [](float v) { return RoundToHalf(v); });
#endif
}
template <typename V>
inline V RoundHalf(const V& x) {
  if constexpr (kGolden<V>) {
    return x;
  } else if constexpr (std::is_same<V, Packet>::value) {
    return RoundHalfLanes(x);
  } else {
    return RoundToHalf(x);
  }
}

}  // namespace vm
}  // namespace kernels
}  // namespace aclcpu

#include "elementwise/vmath_erf.h"  // IWYU pragma: export
