// fp32 log for 16 lanes on AVX-512 and 8 on AVX2 + FMA (below), the common case of vm::Log
// (Softplus, LogSigmoid, Celu): x =
// 2^k · m with m in [0.75, 1.5), m's top mantissa bits choose one of 16 intervals (width 1/32
// below 1, 1/16 above) with a table of 1/c (exactly 1 for the two intervals next to 1) and −log
// of that table value split at 2^-16; m·(1/c) = 1 + r + pl with r and pl exact (|r| <= 1/16),
// log1p(r) = r + r²·P(r) with a degree-3 minimax P (error 1.8e-10) plus pl·(1 − r), and
// log x = (k·ln2_hi + log c_hi) + (r + (r²·P + k·ln2_lo + log c_lo)), whose first sum is exact
// (multiples of 2^-16 below 2^7), so the last add is the only rounding of the result's size.
// Lanes that are not positive normal finite numbers (0, subnormals, negatives, inf, NaN) take the
// caller's full-range log, blended per lane. Accuracy and speed: tests/kernels/test_exp_table.cpp,
// test_exp_table_avx2.cpp and docs/performance.md.
#pragma once

namespace aclcpu {
namespace kernels {
namespace log_table {

alignas(64) inline constexpr float kInvC[16] = {
    0x1.4e5e0ap+0f, 0x1.414142p+0f, 0x1.3521d0p+0f, 0x1.29e412p+0f, 0x1.1f7048p+0f, 0x1.15b1e6p+0f,
    0x1.0c9714p+0f, 0x1.000000p+0f, 0x1.000000p+0f, 0x1.d41d42p-1f, 0x1.bacf92p-1f, 0x1.a41a42p-1f,
    0x1.8f9c18p-1f, 0x1.7d05f4p-1f, 0x1.6c16c2p-1f, 0x1.5c9882p-1f};
alignas(64) inline constexpr float kLogCHi[16] = {-0x1.117800p-2f,
                                                  -0x1.d10000p-3f,
                                                  -0x1.824000p-3f,
                                                  -0x1.366000p-3f,
                                                  -0x1.da7000p-4f,
                                                  -0x1.4d3000p-4f,
                                                  -0x1.894000p-5f,
                                                  0.0f,
                                                  0.0f,
                                                  0x1.6f1000p-4f,
                                                  0x1.295800p-3f,
                                                  0x1.952800p-3f,
                                                  0x1.fb9000p-3f,
                                                  0x1.2e9000p-2f,
                                                  0x1.5d1c00p-2f,
                                                  0x1.89a400p-2f};
alignas(64) inline constexpr float kLogCLo[16] = {-0x1.cd84fcp-19f,
                                                  -0x1.c1f32ap-18f,
                                                  0x1.f3d572p-18f,
                                                  0x1.c9f538p-22f,
                                                  -0x1.3c1c22p-19f,
                                                  -0x1.165208p-20f,
                                                  -0x1.506940p-18f,
                                                  0.0f,
                                                  0.0f,
                                                  -0x1.6c68d4p-19f,
                                                  -0x1.69df00p-18f,
                                                  -0x1.2bf85ep-18f,
                                                  0x1.8bd5e4p-19f,
                                                  -0x1.d411eep-18f,
                                                  -0x1.2d53fcp-21f,
                                                  -0x1.8ae7d8p-19f};

}  // namespace log_table
}  // namespace kernels
}  // namespace aclcpu

#if defined(__AVX512F__) || defined(ACLCPU_EXP_TABLE_UNDER_PRAGMA)
#include <immintrin.h>

#include "elementwise/exp_table.h"  // LanesIn, TableOrWide

namespace aclcpu {
namespace kernels {
namespace log_table {

// log(x) in the lanes that are positive normal finite numbers; anything in the others.
inline __attribute__((always_inline)) __m512 TableLog(__m512 x) {
  const __m512i xi = _mm512_castps_si512(x);
  const __m512i tmp = _mm512_sub_epi32(xi, _mm512_set1_epi32(0x3F400000));  // 0.75's bits
  const __m512i k = _mm512_srai_epi32(tmp, 23);
  const __m512 m = _mm512_castsi512_ps(_mm512_sub_epi32(xi, _mm512_slli_epi32(k, 23)));
  const __m512i j = _mm512_srli_epi32(tmp, 19);  // the table index: its low 4 bits
  const __m512 invc = _mm512_permutexvar_ps(j, _mm512_load_ps(kInvC));
  const __m512 lch = _mm512_permutexvar_ps(j, _mm512_load_ps(kLogCHi));
  const __m512 lcl = _mm512_permutexvar_ps(j, _mm512_load_ps(kLogCLo));
  // m·(1/c) = ph + pl exactly, r = ph − 1 exactly; log1p(r + pl) = log1p(r) + pl·(1 − r) + ...
  const __m512 ph = _mm512_mul_ps(m, invc);
  const __m512 pl = _mm512_fmsub_ps(m, invc, ph);
  const __m512 r = _mm512_sub_ps(ph, _mm512_set1_ps(1.0f));
  const __m512 kf = _mm512_cvtepi32_ps(k);
  const __m512 hi = _mm512_fmadd_ps(kf, _mm512_set1_ps(0x1.62e4p-1f), lch);  // exact
  const __m512 lo = _mm512_add_ps(_mm512_fmadd_ps(kf, _mm512_set1_ps(0x1.7f7d1cp-20f), lcl),
                                  _mm512_fnmadd_ps(r, pl, pl));
  const __m512 r2 = _mm512_mul_ps(r, r);
  const __m512 pa =
      _mm512_fmadd_ps(_mm512_set1_ps(0x1.5558ccp-2f), r, _mm512_set1_ps(-0x1.000004p-1f));
  const __m512 pb =
      _mm512_fmadd_ps(_mm512_set1_ps(0x1.7ebdf2p-3f), r, _mm512_set1_ps(-0x1.fff5d6p-3f));
  const __m512 p = _mm512_fmadd_ps(pb, r2, pa);
  const __m512 t = _mm512_fmadd_ps(p, r2, lo);
  return _mm512_add_ps(hi, _mm512_add_ps(r, t));
}

// log(x): TableLog for positive normal finite lanes, wide(x) in the others.
template <typename Wide>
inline __attribute__((always_inline)) __m512 Log(__m512 x, Wide wide) {
  return exp_table::TableOrWide(exp_table::LanesIn(x, 0x1p-126f, 0x1.fffffep+127f), TableLog(x), x,
                                wide);
}

}  // namespace log_table
}  // namespace kernels
}  // namespace aclcpu
#endif

// The same log for 8 lanes on AVX2 + FMA (ACLCPU_EXP_TABLE_AVX2_UNDER_PRAGMA: a test compiled for
// the baseline ISA with `#pragma GCC target("avx2,fma")` around the include). The 16-entry tables
// are read as two halves of 8 (one vpermps each) joined on the index's bit 3; every other step is
// the AVX-512 form's, so the two give the same bits. Against Eigen's plog, which the AVX2 variant
// used before: half the instructions and a third of the constants, which matters with 16 vector
// registers (Softplus kept spilling and reloading plog's).
#if (defined(__AVX2__) && defined(__FMA__)) || defined(ACLCPU_EXP_TABLE_AVX2_UNDER_PRAGMA)
#include <immintrin.h>

#include "elementwise/exp_table.h"  // LanesIn, TableOrWide (8 lanes)

namespace aclcpu {
namespace kernels {
namespace log_table {

// table[j & 15] per lane; `upper` has its sign bit set where j's bit 3 is.
inline __attribute__((always_inline)) __m256 Lookup16(const float* table, __m256i j, __m256 upper) {
  const __m256 lo = _mm256_permutevar8x32_ps(_mm256_load_ps(table), j);
  const __m256 hi = _mm256_permutevar8x32_ps(_mm256_load_ps(table + 8), j);
  return _mm256_blendv_ps(lo, hi, upper);
}

// log(x) in the lanes that are positive normal finite numbers; anything in the others.
inline __attribute__((always_inline)) __m256 TableLog(__m256 x) {
  const __m256i xi = _mm256_castps_si256(x);
  const __m256i tmp = _mm256_sub_epi32(xi, _mm256_set1_epi32(0x3F400000));  // 0.75's bits
  const __m256i k = _mm256_srai_epi32(tmp, 23);
  const __m256 m = _mm256_castsi256_ps(_mm256_sub_epi32(xi, _mm256_slli_epi32(k, 23)));
  const __m256i j = _mm256_srli_epi32(tmp, 19);  // the table index: its low 4 bits
  const __m256 upper = _mm256_castsi256_ps(_mm256_slli_epi32(tmp, 9));  // bit 3 -> sign
  const __m256 invc = Lookup16(kInvC, j, upper);
  const __m256 lch = Lookup16(kLogCHi, j, upper);
  const __m256 lcl = Lookup16(kLogCLo, j, upper);
  // m·(1/c) = ph + pl exactly, r = ph − 1 exactly; log1p(r + pl) = log1p(r) + pl·(1 − r) + ...
  const __m256 ph = _mm256_mul_ps(m, invc);
  const __m256 pl = _mm256_fmsub_ps(m, invc, ph);
  const __m256 r = _mm256_sub_ps(ph, _mm256_set1_ps(1.0f));
  const __m256 kf = _mm256_cvtepi32_ps(k);
  const __m256 hi = _mm256_fmadd_ps(kf, _mm256_set1_ps(0x1.62e4p-1f), lch);  // exact
  const __m256 lo = _mm256_add_ps(_mm256_fmadd_ps(kf, _mm256_set1_ps(0x1.7f7d1cp-20f), lcl),
                                  _mm256_fnmadd_ps(r, pl, pl));
  const __m256 r2 = _mm256_mul_ps(r, r);
  const __m256 pa =
      _mm256_fmadd_ps(_mm256_set1_ps(0x1.5558ccp-2f), r, _mm256_set1_ps(-0x1.000004p-1f));
  const __m256 pb =
      _mm256_fmadd_ps(_mm256_set1_ps(0x1.7ebdf2p-3f), r, _mm256_set1_ps(-0x1.fff5d6p-3f));
  const __m256 p = _mm256_fmadd_ps(pb, r2, pa);
  const __m256 t = _mm256_fmadd_ps(p, r2, lo);
  return _mm256_add_ps(hi, _mm256_add_ps(r, t));
}

// log(x): TableLog for positive normal finite lanes, wide(x) in the others.
template <typename Wide>
inline __attribute__((always_inline)) __m256 Log(__m256 x, Wide wide) {
  return exp_table::TableOrWide(exp_table::LanesIn(x, 0x1p-126f, 0x1.fffffep+127f), TableLog(x), x,
                                wide);
}

}  // namespace log_table
}  // namespace kernels
}  // namespace aclcpu
#endif
