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
  static P Term(const P* in, const P* st) {
    return PacketExp(ei::psub(in[0], st[0]));
  }
  template <typename P>
  static P MapSaved(const P& term, const P* st) {
    return ei::pdiv(term, st[1]);
  }
  template <int S, typename P>
  static P Accum(const P& acc, const P* in, const P* st) {
    // A NaN value is skipped by the max (the plain vector max), but it makes the sum NaN and
    // with it every result of its line, as a NaN-propagating max would.
    if (S == 0) return ei::pmax(acc, in[0]);
    return ei::padd(acc, Term(in, st));
  }
  template <typename C>
  static void Finish(C*) {}
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
  static P Term(const P* in, const P*) {
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
  static P Term(const P* in, const P*) {
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
  static P Term(const P* in, const P*) {
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
  static P Term(const P* in, const P*) {
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
    out[0] = ei::psub(ei::pdiv(PacketExp(t), st[1]), in[1]);
    *lineAcc = ei::padd(*lineAcc, ei::pmul(in[1], ei::psub(st[2], t)));
  }
};

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
