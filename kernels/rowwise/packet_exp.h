// exp on Eigen packets for the softmax family. AVX-512 and AVX2 fp32 lanes in [-85, 87]:
// elementwise/exp_table.h. Otherwise: Cody-Waite reduction by ln 2 (a two-part constant, fused
// multiply-adds), a degree-7 Taylor polynomial on |r| <= ln2/2 (truncation below 6e-9 relative)
// and an exact scaling by 2^n, so results are within about 1 ulp, including the subnormal range,
// and cheaper than Eigen's pexp<float>. NaN propagates; exp(+inf) = +inf,
// exp(-inf) = 0. Double packets use Eigen's pexp.
#pragma once

#include <Eigen/Core>

#include "elementwise/exp_table.h"
#include "elementwise/pow2_scale.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace rowwise {

// The full-range form. kUpper = false: for arguments known to be <= 0 or NaN (x - max in the
// softmax family), where the upper clamp changes nothing and is left out (the same bits).
template <bool kUpper, typename P>
inline P PacketExpFull(const P& x) {
  namespace ei = Eigen::internal;
  using C = typename ei::unpacket_traits<P>::type;
  if constexpr (sizeof(C) == 8) {
    return ei::pexp(x);
  } else {
    // Eigen's pmin/pmax return their first argument when either is NaN: NaN stays NaN.
    const P xu = kUpper ? ei::pmin(x, ei::pset1<P>(88.8f)) : x;
    const P xc = ei::pmax(xu, ei::pset1<P>(-104.0f));
    const P magic = ei::pset1<P>(12582912.0f);  // 1.5 * 2^23: adding it rounds to an integer
    const P n = ei::psub(ei::pmadd(xc, ei::pset1<P>(1.44269504088896341f), magic), magic);
    P r = ei::pmadd(n, ei::pset1<P>(-0.693145751953125f), xc);
    r = ei::pmadd(n, ei::pset1<P>(-1.428606765330187045e-06f), r);
    P p = ei::pset1<P>(1.0f / 5040.0f);
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f / 720.0f));
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f / 120.0f));
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f / 24.0f));
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f / 6.0f));
    p = ei::pmadd(p, r, ei::pset1<P>(0.5f));
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f));
    p = ei::pmadd(p, r, ei::pset1<P>(1.0f));
#if defined(__AVX512F__)
    if constexpr (sizeof(P) == 64) {
      return _mm512_scalef_ps(p, n);  // p * 2^n with one rounding (overflow, subnormals)
    }
#endif
    return ScaleByPow2(p, n);
  }
}

#if defined(__AVX512F__)
// With a table form the full-range form is the rare case: out of line, so that the table form
// inlines into the row loops without its registers. By value on AVX-512 (vmath.h's ColdArg: the
// calling loop does not store its operand to the stack each packet).
template <bool kUpper>
inline __attribute__((noinline)) __m512 PacketExpFullCold(__m512 x) {
  return PacketExpFull<kUpper>(x);
}
#elif defined(ACLCPU_EXP_TABLE_AVX2)
template <bool kUpper>
inline __attribute__((noinline)) __m256 PacketExpFullCold(const __m256& x) {
  return PacketExpFull<kUpper>(x);
}
#endif

// AVX-512 and AVX2 fp32: exp_table::Exp (the table form for lanes in [-85, 87], within 0.57 and
// 0.61 ulp), the full-range form for the other lanes.
template <bool kUpper = true, typename P>
inline __attribute__((always_inline)) P PacketExpClamped(const P& x) {
#if defined(__AVX512F__)
  if constexpr (sizeof(P) == 64 &&
                sizeof(typename Eigen::internal::unpacket_traits<P>::type) == 4) {
    const auto cold = [](const __m512& v) { return PacketExpFullCold<kUpper>(v); };
    if constexpr (!kUpper) {
      // x <= 0 or NaN: one compare finds the lanes of the table's range (NaN fails it).
      const __mmask16 in = _mm512_cmp_ps_mask(x, _mm512_set1_ps(-85.0f), _CMP_GE_OQ);
      return exp_table::TableOrWide(in, exp_table::TableExp(x), x, cold);
    }
    return exp_table::Exp(x, cold);
  }
#elif defined(ACLCPU_EXP_TABLE_AVX2)
  if constexpr (sizeof(P) == 32 &&
                sizeof(typename Eigen::internal::unpacket_traits<P>::type) == 4) {
    return exp_table::Exp(x, [](const __m256& v) { return PacketExpFullCold<kUpper>(v); });
  }
#endif
  return PacketExpFull<kUpper>(x);
}

template <typename P>
inline __attribute__((always_inline)) P PacketExp(const P& x) {
  return PacketExpClamped<true>(x);
}

// exp(x) for x <= 0 or NaN (same bits as PacketExp there).
template <typename P>
inline __attribute__((always_inline)) P PacketExpNonPositive(const P& x) {
  return PacketExpClamped<false>(x);
}

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
