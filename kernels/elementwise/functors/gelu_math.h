// Vector functions the GELU family needs beyond vmath.h.
#pragma once

#include <cmath>
#include <type_traits>

#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {
namespace gm {

// exp over the whole range. vm::Exp (Eigen 3.4's form) clamps its argument below at about
// −88.72 and returns max(result, x): for x below that, −inf included, it gives ~2.9e-39 instead
// of a subnormal or 0, and that nonzero value turns 0·inf into inf·tiny in the formulas here
// (e.g. GELU's gradient at x = +inf). fp32: lanes below −87 take exp(x/2)² (x/2 is exact, the
// square rounds once more, to the subnormal grid; 0 from about −104, −inf included); double
// (golden): 0 below −745.2, where the true value rounds to 0 anyway.
EIGEN_ALWAYS_INLINE Packet ExpAnyRange(const Packet& x) {
  namespace ei = Eigen::internal;
  Packet r = vm::Exp(x);
  const Packet small = ei::pcmp_lt(x, ei::pset1<Packet>(-87.0f));
  if (ei::predux_any(small)) {
    const Packet h = vm::Exp(ei::pmul(x, ei::pset1<Packet>(0.5f)));
    r = ei::pselect(small, ei::pmul(h, h), r);
  }
  return r;
}
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
// Where there is a table exp, one range check serves both it and the small-lane fix-up: a packet
// with every lane in [-85, 87] is the table's (no lane is below −87), any other packet takes the
// whole form above out of line. The same bits as ExpAnyRange, five instructions fewer a packet.
inline EIGEN_DONT_INLINE Packet ExpOutOfTable(ColdArg x) { return ExpAnyRange(x); }
// Every lane of x in [lo, hi] (NaN is outside).
EIGEN_ALWAYS_INLINE bool AllLanesIn(const Packet& x, float lo, float hi) {
#if defined(EIGEN_VECTORIZE_AVX512)
  return exp_table::LanesIn(x, lo, hi) == 0xFFFF;
#else
  return _mm256_movemask_ps(exp_table::LanesIn(x, lo, hi)) == 0xFF;
#endif
}
// Every lane of x in the table exp's range [-85, 87].
EIGEN_ALWAYS_INLINE bool AllInExpTable(const Packet& x) { return AllLanesIn(x, -85.0f, 87.0f); }
EIGEN_ALWAYS_INLINE Packet Exp(const Packet& x) {
  const bool inTable = AllInExpTable(x);
  if (__builtin_expect(inTable, 1)) return exp_table::TableExp(x);
  return ExpOutOfTable(x);
}
#else
EIGEN_ALWAYS_INLINE Packet Exp(const Packet& x) { return ExpAnyRange(x); }
#endif
inline PacketD Exp(const PacketD& x) {
  namespace ei = Eigen::internal;
  const PacketD r = vm::Exp(x);
  return ei::pselect(ei::pcmp_lt(x, ei::pset1<PacketD>(-745.2)), ei::pzero(x), r);
}
inline double Exp(double x) { return std::exp(x); }

// exp(−|x|) and exp(−x) with one range check: where every lane of x is in [−85, 85] both
// arguments are in the table's range (the same bits as two Exp calls; MishBackward).
template <typename V>
EIGEN_ALWAYS_INLINE void ExpNegAbsAndNeg(const V& x, V* negAbs, V* neg) {
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (std::is_same<V, Packet>::value) {
    const bool inTable = AllLanesIn(x, -85.0f, 85.0f);
    const V na = vm::Neg(vm::Abs(x)), nx = vm::Neg(x);
    if (__builtin_expect(inTable, 1)) {
      *negAbs = exp_table::TableExp(na);
      *neg = exp_table::TableExp(nx);
    } else {
      *negAbs = ExpOutOfTable(na);
      *neg = ExpOutOfTable(nx);
    }
    return;
  }
#endif
  *negAbs = Exp(vm::Neg(vm::Abs(x)));
  *neg = Exp(vm::Neg(x));
}

// exp(a), and whether every lane took the table form: then each result is a positive normal
// number no larger than exp(87), which lets a caller leave out range checks after it (Softplus).
template <typename V>
struct ExpNoted {
  V e;
  bool inTable;
};
template <typename V>
EIGEN_ALWAYS_INLINE ExpNoted<V> ExpNoting(const V& a) {
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (std::is_same<V, Packet>::value) {
    const bool inTable = AllInExpTable(a);
    if (__builtin_expect(inTable, 1)) return {exp_table::TableExp(a), true};
    return {ExpOutOfTable(a), false};
  }
#endif
  return {Exp(a), false};
}
// log(u) for u = 1 + e, e from an ExpNoting whose every lane was in the table: u is in
// [1, 6.1e37], so the table log needs no range check (the same bits as vm::Log).
template <typename V>
EIGEN_ALWAYS_INLINE V LogOfOnePlusInTable(const V& u) {
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (std::is_same<V, Packet>::value) return log_table::TableLog(u);
#endif
  return vm::Log(u);
}

// e = exp(a) (Exp above), u = 1 + e and log(u) (vm::Log): the first steps of the 950 kernels'
// log1p(exp(a)) (Softplus, LogSigmoid).
template <typename V>
EIGEN_ALWAYS_INLINE void ExpOnePlusLog(const V& a, V* e, V* u, V* logU) {
  *e = Exp(a);
  *u = vm::Add(vm::One<V>(), *e);
  *logU = vm::Log(*u);
}
#if defined(EIGEN_VECTORIZE_AVX512) || defined(ACLCPU_EXP_TABLE_AVX2)
// With table forms, a packet whose arguments are all in [-85, 87] has every u in [1, 6.1e37], a
// positive normal number: the log's own range check is left out (the same bits).
EIGEN_ALWAYS_INLINE void ExpOnePlusLog(const Packet& a, Packet* e, Packet* u, Packet* logU) {
  const bool inTable = AllInExpTable(a);
  const Packet one = Eigen::internal::pset1<Packet>(1.0f);
  if (__builtin_expect(inTable, 1)) {
    *e = exp_table::TableExp(a);
    *u = Eigen::internal::padd(one, *e);
    *logU = log_table::TableLog(*u);
    return;
  }
  *e = ExpOutOfTable(a);
  *u = Eigen::internal::padd(one, *e);
  *logU = vm::Log(*u);
}
#endif

// erfc lane by lane in double, for the golden forms where 1 + erf(t) would cancel (t ≪ 0).
template <typename V>
inline V Erfc(const V& x) {
  return vm::Lanes(x, [](vm::Scalar<V> v) { return static_cast<vm::Scalar<V>>(std::erfc(v)); });
}

}  // namespace gm
}  // namespace kernels
}  // namespace aclcpu
