// The softmax family as data for the reduce engine: per stage an identity, a packet update, a
// merge of two partial packets and a scalar merge (for the fixed-order horizontal reduction);
// a per-line finish; and the elementwise map. P is an Eigen packet of the compute type C.
// Products and sums are separate roundings (no fused multiply-add), as the vendor's vector
// units compute them.
#pragma once

// GCC 12 flags its own _mm512_undefined_* placeholders (inlined from AVX-512 intrinsics and
// Eigen's packet math) as uninitialized; the pragmas must precede the first include of Eigen.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "rowwise/packet_exp.h"

#if defined(__AVX512F__) || defined(__FMA__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace rowwise {

namespace ei = Eigen::internal;

// Stats slots shared by the ops: 0 = max (or the first sum), 1 = sum, 2 = log(sum).
constexpr int kMaxStats = 3;

template <typename C>
inline C ScalarMaxNan(C a, C b) {
  if (a != a) return a;
  if (b != b) return b;
  return a < b ? b : a;
}

template <typename P>
inline P MaxNan(const P& a, const P& b) {
  return ei::pmax<Eigen::PropagateNaN>(a, b);
}

// Stage helpers: a max stage and a sum stage.
struct MaxStage {
  template <typename C>
  static C Identity() {
    return -std::numeric_limits<C>::infinity();
  }
  template <typename P>
  static P Merge(const P& a, const P& b) {
    return MaxNan(a, b);
  }
  template <typename C>
  static C MergeScalar(C a, C b) {
    return ScalarMaxNan(a, b);
  }
};
struct SumStage {
  template <typename C>
  static C Identity() {
    return C(0);
  }
  template <typename P>
  static P Merge(const P& a, const P& b) {
    return ei::padd(a, b);
  }
  template <typename C>
  static C MergeScalar(C a, C b) {
    return a + b;
  }
};

// t / s rounded to nearest, for fp32 packets with t in [0, 1] and s >= 1 or NaN, given
// y = RN(1 / s): q = RN(t y) is within one ulp of t / s, r = t - q s is exact (fused), and
// RN(q + r y) = RN(t / s) (Markstein's theorem) when no step underflows, which holds once
// q >= 2^-100 in every lane. Other packets (tiny or zero terms, a NaN line) divide. Three
// multiply-adds instead of a division: the same bits, at a fraction of the divider's cost.
template <typename P>
inline P DivideByLineSum(const P& t, const P& s, const P& y) {
  namespace ei = Eigen::internal;
#if defined(__AVX512F__)
  if constexpr (sizeof(P) == 64 && sizeof(typename ei::unpacket_traits<P>::type) == 4) {
    const __m512 q = _mm512_mul_ps(t, y);
    if (_mm512_cmp_ps_mask(q, _mm512_set1_ps(0x1p-100f), _CMP_GE_OQ) == 0xFFFF) {
      const __m512 r = _mm512_fnmadd_ps(q, s, t);
      return _mm512_fmadd_ps(r, y, q);
    }
    return ei::pdiv(t, s);
  }
#endif
#if defined(__AVX__) && defined(__FMA__)
  if constexpr (sizeof(P) == 32 && sizeof(typename ei::unpacket_traits<P>::type) == 4) {
    const __m256 q = _mm256_mul_ps(t, y);
    const __m256 ok = _mm256_cmp_ps(q, _mm256_set1_ps(0x1p-100f), _CMP_GE_OQ);
    if (_mm256_movemask_ps(ok) == 0xFF) {
      const __m256 r = _mm256_fnmadd_ps(q, s, t);
      return _mm256_fmadd_ps(r, y, q);
    }
    return ei::pdiv(t, s);
  }
#endif
  (void)y;
  return ei::pdiv(t, s);
}

// Softmax: stage 0 max(x), stage 1 sum exp(x - max); y = exp(x - max) / sum.
struct SoftmaxOp {
  static constexpr int kIn = 1, kOut = 1, kStages = 2;
  static constexpr bool kLineOut = false;
  // The last stage's per-value term e = exp(x - max) may be kept in an fp32 output in place
  // (row mode), so that the map divides it instead of computing it again (same bits).
  static constexpr bool kSaveTerm = true;
  template <int S>
  using Stage = typename std::conditional<S == 0, MaxStage, SumStage>::type;
  template <typename P>
  EIGEN_ALWAYS_INLINE static P Term(const P* in, const P* st) {
    return PacketExpNonPositive(ei::psub(in[0], st[0]));
  }
  // st[2] = RN(1 / sum) (Finish) for the division.
  template <typename P>
  static P MapSaved(const P& term, const P* st) {
    return DivideByLineSum(term, st[1], st[2]);
  }
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P* st) {
    // A NaN value is skipped by the max (the plain vector max), but it makes the sum NaN and
    // with it every result of its line, as a NaN-propagating max would.
    if (S == 0) return ei::pmax(acc, in[0]);
    return ei::padd(acc, Term(in, st));
  }
  template <typename C>
  static void Finish(C* st) {
    st[2] = C(1) / st[1];
  }
  template <typename P>
  static void Map(const P* in, const P* st, P* out, P*) {
    out[0] = MapSaved(Term(in, st), st);
  }
};

// LogSoftmax: same stages; y = (x - max) - log(sum).
struct LogSoftmaxOp {
  static constexpr int kIn = 1, kOut = 1, kStages = 2;
  static constexpr bool kLineOut = false;
  static constexpr bool kSaveTerm = false;
  template <typename P>
  EIGEN_ALWAYS_INLINE static P Term(const P* in, const P*) {
    return in[0];
  }
  template <typename P>
  static P MapSaved(const P& term, const P*) {
    return term;
  }
  template <int S>
  using Stage = typename std::conditional<S == 0, MaxStage, SumStage>::type;
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P* st) {
    return SoftmaxOp::Accum<S>(acc, in, st);
  }
  template <typename C>
  static void Finish(C* st) {
    st[2] = std::log(st[1]);
  }
  template <typename P>
  static void Map(const P* in, const P* st, P* out, P*) {
    out[0] = ei::psub(ei::psub(in[0], st[0]), st[2]);
  }
};

// SoftmaxGrad (in: y, dy): s = sum(dy * y); out = y * (dy - s).
struct SoftmaxGradOp {
  static constexpr int kIn = 2, kOut = 1, kStages = 1;
  static constexpr bool kLineOut = false;
  static constexpr bool kSaveTerm = false;
  template <typename P>
  EIGEN_ALWAYS_INLINE static P Term(const P* in, const P*) {
    return in[0];
  }
  template <typename P>
  static P MapSaved(const P& term, const P*) {
    return term;
  }
  template <int S>
  using Stage = SumStage;
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P*) {
    return ei::padd(acc, ei::pmul(in[1], in[0]));
  }
  template <typename C>
  static void Finish(C*) {}
  template <typename P>
  static void Map(const P* in, const P* st, P* out, P*) {
    out[0] = ei::pmul(in[0], ei::psub(in[1], st[0]));
  }
};

// LogSoftmaxGrad (in: y, dy): s = sum(dy); out = dy - exp(y) * s.
struct LogSoftmaxGradOp {
  static constexpr int kIn = 2, kOut = 1, kStages = 1;
  static constexpr bool kLineOut = false;
  static constexpr bool kSaveTerm = false;
  template <typename P>
  EIGEN_ALWAYS_INLINE static P Term(const P* in, const P*) {
    return in[0];
  }
  template <typename P>
  static P MapSaved(const P& term, const P*) {
    return term;
  }
  template <int S>
  using Stage = SumStage;
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P*) {
    return ei::padd(acc, in[1]);
  }
  template <typename C>
  static void Finish(C*) {}
  template <typename P>
  static void Map(const P* in, const P* st, P* out, P*) {
    out[0] = ei::psub(in[1], ei::pmul(PacketExp(in[0]), st[0]));
  }
};

// SoftmaxCrossEntropyWithLogits (in: x, labels): backprop = exp(x - max) / S - labels;
// loss = sum labels * (log S - (x - max)).
struct SoftmaxCrossEntropyOp {
  static constexpr int kIn = 2, kOut = 1, kStages = 2;
  static constexpr bool kLineOut = true;
  static constexpr bool kSaveTerm = false;
  template <typename P>
  EIGEN_ALWAYS_INLINE static P Term(const P* in, const P*) {
    return in[0];
  }
  template <typename P>
  static P MapSaved(const P& term, const P*) {
    return term;
  }
  template <int S>
  using Stage = typename std::conditional<S == 0, MaxStage, SumStage>::type;
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P* st) {
    return SoftmaxOp::Accum<S>(acc, in, st);
  }
  template <typename C>
  static void Finish(C* st) {
    st[2] = std::log(st[1]);
  }
  template <typename P>
  static void Map(const P* in, const P* st, P* out, P* lineAcc) {
    const P t = ei::psub(in[0], st[0]);
    out[0] = ei::psub(ei::pdiv(PacketExpNonPositive(t), st[1]), in[1]);
    *lineAcc = ei::padd(*lineAcc, ei::pmul(in[1], ei::psub(st[2], t)));
  }
};

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
