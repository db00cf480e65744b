// Vector functions the hard group needs beyond vmath.h.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "elementwise/vmath.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace hardmath {

namespace ei = Eigen::internal;

// exp with the whole fp32 range: vm::Exp (Eigen's fp32 exp) is accurate while the result is a
// normal number but clamps its argument at −88.72 (so exp(−inf) would be 2.9e−39); below −87
// this takes exp(z/4)⁴, which goes through the subnormals to 0 and gives exp(−inf) = 0.
// Golden mode: std::exp per lane.
template <typename V>
EIGEN_ALWAYS_INLINE V FullExp(const V& z) {
  using namespace vm;
  if constexpr (kGolden<V>) {
    return Lanes(z, [](Scalar<V> v) { return static_cast<Scalar<V>>(std::exp(v)); });
  } else {
    const auto viaQuarter = [&z] {  // only for packets with a lane below −87
      const V q = Exp(Mul(z, Set<V>(0.25f)));
      const V q2 = Mul(q, q);
      return Mul(q2, q2);
    };
    return SelectWhereAny<V>(Lt(z, Set<V>(-87.0f)), viaQuarter, Exp(z));
  }
}

// erfinv in double: Giles' single-precision rational start (w = −log((1 − x)(1 + x)), one
// polynomial below w = 5 and one in √w above), then kNewton Newton steps on erf(y) − x, written
// with erfc in the tails so that 1 − |x| keeps its bits. ±1 → ±inf, |x| > 1 and NaN → NaN,
// ±0 → ±0. The start is within ~4e-7 relative and a step squares that (times |y| ≤ 4): one step
// leaves ~1e-13, and rounded to fp32 it gave the two-step value's bits on every float of
// (−1, 1) but ±0.164826021, where erfinv lies within ~1e-16 relative of a midpoint between two
// floats (all 2.1e9 checked): float scalars take one step, golden mode's double lanes keep two
// (fp32 packets use ErfinvPacket below).
template <int kNewton>
inline double ErfinvDouble(double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return std::numeric_limits<double>::quiet_NaN();
  if (std::fabs(x) == 1) return std::copysign(std::numeric_limits<double>::infinity(), x);
  if (x == 0) return x;
  double w = -std::log((1.0 - x) * (1.0 + x));
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
                     -0.00417768164, 0.246640727, 1.50140941}) {
      p = c + p * w;
    }
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
                     0.00943887047, 1.00167406, 2.83297682}) {
      p = c + p * w;
    }
  }
  double y = p * x;
  const double twoOverSqrtPi = 1.1283791670955126;
  for (int i = 0; i < kNewton; ++i) {
    double f;
    if (x > 0.5) {
      f = (1.0 - x) - std::erfc(y);
    } else if (x < -0.5) {
      f = std::erfc(-y) - (1.0 + x);
    } else {
      f = std::erf(y) - x;
    }
    y -= f / (twoOverSqrtPi * std::exp(-y * y));
  }
  return y;
}

namespace erfinv_detail {
// erfinv(x) / x as polynomials (coefficients of the highest power first) in w - 3.125 on
// w = -log((1 - x)(1 + x)) in [0, 6.25], and in sqrt(w) - 3.3 on sqrt(w) in [2.5, 4.1]:
// Chebyshev fits (mpmath chebyfit, 40 digits) within 5e-14 and 3e-14 of the function, whose
// values lie in [0.886, 4.2]. Every fp32 input below 1 in magnitude has sqrt(w) < 4.0.
constexpr double kA[] = {-7.821062158848161e-17,  3.286337912967145e-16,   5.590517261426951e-15,
                         -4.520363098448462e-14,  -7.048656663298171e-14,  2.676197731802362e-12,
                         -1.30446184831271e-11,   -5.439912937706349e-11,  1.0514776076924755e-09,
                         -4.111756662836446e-09,  -2.9070966428188564e-08, 4.234768928511731e-07,
                         -1.3654684722232439e-06, -1.3882521132544262e-05, 0.0001867342076289058,
                         -0.0007407025353812397,  -0.006033670871363198,   0.2401581824257861,
                         1.6536545626831027};
constexpr double kB[] = {-1.9671927125073473e-07, 7.66683057368954e-08,   1.4458558394588333e-06,
                         -3.2480626515579673e-06, 6.497628484564501e-07,  1.3675147264907117e-05,
                         -4.010648253244964e-05,  4.6350730258556494e-05, 4.9700341096928814e-05,
                         -0.00033995261301027896, 0.0008313651965054239,  -0.0014207108928477987,
                         0.002103581318242299,    -0.003292820865129287,  0.004843581617747791,
                         1.0057691197962773,      3.1341615323207948};
constexpr double kCenterA = 3.125, kSplitA = 6.25, kCenterB = 3.3;

// The largest power of two below n (n >= 2), and its exponent.
constexpr size_t SplitOf(size_t n) { return n <= 2 ? 1 : 2 * SplitOf((n + 1) / 2); }
constexpr int Log2Of(size_t h) { return h <= 1 ? 0 : 1 + Log2Of(h / 2); }

// The terms Lo .. Lo + Len - 1 (by ascending power) of the polynomial with coefficients c
// (highest power first) by Estrin's scheme: low part + t^h * high part, t^h = pw[log2 h], so that
// the chain is about log2(N) multiply-adds deep instead of N.
template <size_t N, size_t Lo, size_t Len>
EIGEN_ALWAYS_INLINE PacketD EstrinPart(const double (&c)[N], const PacketD* pw) {
  if constexpr (Len == 1) {
    return ei::pset1<PacketD>(c[N - 1 - Lo]);
  } else {
    constexpr size_t h = SplitOf(Len);
    return ei::pmadd(EstrinPart<N, Lo + h, Len - h>(c, pw), pw[Log2Of(h)],
                     EstrinPart<N, Lo, h>(c, pw));
  }
}
template <size_t N>
EIGEN_ALWAYS_INLINE PacketD Estrin(const double (&c)[N], const PacketD& t) {
  constexpr int kPowers = Log2Of(SplitOf(N)) + 1;
  PacketD pw[kPowers];
  pw[0] = t;
  for (int j = 1; j < kPowers; ++j) pw[j] = ei::pmul(pw[j - 1], pw[j - 1]);
  return EstrinPart<N, 0, N>(c, pw);
}

// log t for the t = (1 - x)(1 + x) of fp32 x, without a division: t = 2^e m (m in [1, 2)), the
// top 4 bits of m pick c ~ 1 / m from a 16-entry table (the centres of [1 + i/16, 1 + (i+1)/16)),
// r = m c - 1 (|r| <= 0.0303), log t = (e ln 2 + L) + (r + r^2 Q(r)) with L = -log c and Q the
// Taylor series of (log1p(r) - r) / r^2 to r^9 (the next term is < 5e-20): within ~2e-16 of
// log t in absolute terms, which is what the fits need (they take w, not its relative error).
// t = 0 -> -inf, t < 0 or NaN -> NaN. AVX-512 and AVX2 + FMA; other packets use Eigen's log.
constexpr double kInvMid[] = {
    0.9696969696969697, 0.9142857142857143, 0.8648648648648649, 0.8205128205128205,
    0.7804878048780488, 0.7441860465116279, 0.7111111111111111, 0.6808510638297872,
    0.6530612244897959, 0.6274509803921569, 0.6037735849056604, 0.5818181818181818,
    0.5614035087719298, 0.5423728813559322, 0.5245901639344263, 0.5079365079365079};
constexpr double kLogMid[] = {
    0.03077165866675366, 0.08961215868968717, 0.14518200984449783, 0.19782574332991992,
    0.2478361639045812,  0.2954642128938359,  0.3409265869705932,  0.38441169891033206,
    0.42608439531090014, 0.46608972992459924, 0.5045560107523953,  0.5415972824327444,
    0.5773153650348236,  0.6118015411059929,  0.6451379613735847,  0.6773988235918061};
constexpr double kLog1pQ[] = {1.0 / 11, -1.0 / 10, 1.0 / 9,  -1.0 / 8, 1.0 / 7,
                              -1.0 / 6, 1.0 / 5,   -1.0 / 4, 1.0 / 3,  -1.0 / 2};
// The ISA parts of LogUnit: e and m of t = 2^e m (m in [1, 2)) and the table entries c, L its top
// 4 mantissa bits pick (lanes of t <= 0 or NaN get garbage that stays inside the tables); then
// the special lanes put back (with mask registers / blendv: Eigen's pselect from a compare costs
// LogUnit ~20 %).
#if defined(__AVX512F__)
#define ACLCPU_ERFINV_TABLE_LOG 1
EIGEN_ALWAYS_INLINE void LogUnitParts(const __m512d& t, __m512d* e, __m512d* m, __m512d* c,
                                      __m512d* l) {
  *e = _mm512_getexp_pd(t);
  *m = _mm512_getmant_pd(t, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
  const __m512i i = _mm512_srli_epi64(_mm512_castpd_si512(*m), 48);  // the tables use bits 3..0
  *c = _mm512_permutex2var_pd(_mm512_loadu_pd(kInvMid), i, _mm512_loadu_pd(kInvMid + 8));
  *l = _mm512_permutex2var_pd(_mm512_loadu_pd(kLogMid), i, _mm512_loadu_pd(kLogMid + 8));
}
EIGEN_ALWAYS_INLINE __m512d LogUnitSpecial(const __m512d& t, const __m512d& lg) {
  const __mmask8 positive = _mm512_cmp_pd_mask(t, _mm512_setzero_pd(), _CMP_GT_OQ);
  const __mmask8 zero = _mm512_cmp_pd_mask(t, _mm512_setzero_pd(), _CMP_EQ_OQ);
  const __m512d special =
      _mm512_mask_blend_pd(zero, _mm512_set1_pd(std::numeric_limits<double>::quiet_NaN()),
                           _mm512_set1_pd(-std::numeric_limits<double>::infinity()));
  return _mm512_mask_blend_pd(positive, special, lg);
}
#elif defined(__AVX2__) && defined(__FMA__)
#define ACLCPU_ERFINV_TABLE_LOG 1
// 4 lanes: e and m from the bits, the table entries by gathers.
EIGEN_ALWAYS_INLINE void LogUnitParts(const __m256d& t, __m256d* e, __m256d* m, __m256d* c,
                                      __m256d* l) {
  const __m256i bits = _mm256_castpd_si256(t);
  // The exponent field as the low bits of 2^52's mantissa: 2^52 + field, exactly.
  const __m256i field =
      _mm256_or_si256(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(0x4330000000000000));
  *e = _mm256_sub_pd(_mm256_castsi256_pd(field), _mm256_set1_pd(4503599627370496.0 + 1023.0));
  *m = _mm256_castsi256_pd(
      _mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFF)),
                      _mm256_set1_epi64x(0x3FF0000000000000)));
  const __m256i i = _mm256_and_si256(_mm256_srli_epi64(bits, 48), _mm256_set1_epi64x(15));
  *c = _mm256_i64gather_pd(kInvMid, i, 8);
  *l = _mm256_i64gather_pd(kLogMid, i, 8);
}
EIGEN_ALWAYS_INLINE __m256d LogUnitSpecial(const __m256d& t, const __m256d& lg) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d special = _mm256_blendv_pd(_mm256_set1_pd(std::numeric_limits<double>::quiet_NaN()),
                                           _mm256_set1_pd(-std::numeric_limits<double>::infinity()),
                                           _mm256_cmp_pd(t, zero, _CMP_EQ_OQ));
  return _mm256_blendv_pd(special, lg, _mm256_cmp_pd(t, zero, _CMP_GT_OQ));
}
#else
#define ACLCPU_ERFINV_TABLE_LOG 0
#endif

EIGEN_ALWAYS_INLINE PacketD LogUnit(const PacketD& t) {
#if ACLCPU_ERFINV_TABLE_LOG
  PacketD e, m, c, l;
  LogUnitParts(t, &e, &m, &c, &l);
  const PacketD r = ei::pmadd(m, c, ei::pset1<PacketD>(-1.0));
  const PacketD s = ei::pmadd(ei::pmul(r, r), Estrin(kLog1pQ, r), r);
  const PacketD lg = ei::padd(ei::pmadd(e, ei::pset1<PacketD>(0.6931471805599453), l), s);
  return LogUnitSpecial(t, lg);
#else
  return ei::plog(t);
#endif
}
}  // namespace erfinv_detail

// erfinv of fp32 lanes, in double lanes: t = (1 - x)(1 + x) (exact), w = -log t, and
// x * A(w - 3.125) below w = 6.25, x * B(sqrt(w) - 3.3) above, rounded once to fp32: within
// 1e-13 relative of erfinv, so correctly rounded but where erfinv lies that close to a midpoint
// between two floats (the reference allows the vendor's ulp). ±1 -> ±inf, |x| > 1 and NaN -> NaN
// (log of a negative t), ±0 -> ±0. ~40x faster than the lane-by-lane Newton form it replaces.
// In two steps, so that a loop can run the logarithms over a block first (ErfinvFn, chunked.h).
EIGEN_ALWAYS_INLINE PacketD ErfinvW(const PacketD& v) {
  const PacketD one = ei::pset1<PacketD>(1.0);
  return ei::pnegate(erfinv_detail::LogUnit(ei::pmul(ei::psub(one, v), ei::padd(one, v))));
}
EIGEN_ALWAYS_INLINE PacketD ErfinvFromW(const PacketD& v, const PacketD& w) {
  using namespace erfinv_detail;
  const PacketD one = ei::pset1<PacketD>(1.0);
  PacketD p = Estrin(kA, ei::psub(w, ei::pset1<PacketD>(kCenterA)));
  const PacketD tail = ei::pcmp_le(ei::pset1<PacketD>(kSplitA), w);
  if (ei::predux_any(tail)) {  // a lane of |x| > 0.998: the tail polynomial there
    const PacketD b = Estrin(kB, ei::psub(ei::psqrt(w), ei::pset1<PacketD>(kCenterB)));
    p = ei::pselect(tail, b, p);
  }
  PacketD r = ei::pmul(v, p);
  const PacketD inf = ei::por(ei::pset1<PacketD>(std::numeric_limits<double>::infinity()),
                              ei::pand(v, ei::pset1<PacketD>(-0.0)));
  r = ei::pselect(ei::pcmp_eq(ei::pabs(v), one), inf, r);
  // Every NaN as the positive quiet NaN (the log of a negative t may come back negative).
  return ei::pselect(ei::pcmp_eq(r, r), r,
                     ei::pset1<PacketD>(std::numeric_limits<double>::quiet_NaN()));
}

// An fp32 packet's w = -log((1 - x)(1 + x)), per double part.
struct ErfinvLogs {
  PacketD w[vm::kDoubleParts];
};
EIGEN_ALWAYS_INLINE ErfinvLogs ErfinvFront(const Packet& x) {
  PacketD d[vm::kDoubleParts];
  vm::ToDoubleLanes(x, d);
  ErfinvLogs f;
  for (int j = 0; j < vm::kDoubleParts; ++j) f.w[j] = ErfinvW(d[j]);
  return f;
}
EIGEN_ALWAYS_INLINE Packet ErfinvBack(const ErfinvLogs& f, const Packet& x) {
  PacketD d[vm::kDoubleParts];
  vm::ToDoubleLanes(x, d);
  for (int j = 0; j < vm::kDoubleParts; ++j) d[j] = ErfinvFromW(d[j], f.w[j]);
  return vm::FromDoubleLanes(d);
}
EIGEN_ALWAYS_INLINE Packet ErfinvPacket(const Packet& x) { return ErfinvBack(ErfinvFront(x), x); }

// erfinv: fp32 packets by ErfinvPacket (the vendor's SIMT erfinvf is an fp32 routine; ours is
// correctly rounded but for near-ties); golden double lanes (and scalars) by the Newton form.
template <typename V>
inline V Erfinv(const V& x) {
  if constexpr (std::is_same<V, Packet>::value) {
    return ErfinvPacket(x);
  } else {
    constexpr int kNewton = vm::kGolden<V> ? 2 : 1;
    return vm::Lanes(x, [](vm::Scalar<V> v) {
      return static_cast<vm::Scalar<V>>(ErfinvDouble<kNewton>(static_cast<double>(v)));
    });
  }
}

}  // namespace hardmath
}  // namespace kernels
}  // namespace aclcpu
