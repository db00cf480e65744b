// fp32 exp on AVX-512 (16 lanes) and AVX2 (8 lanes), the common case of every exp in the kernels
// (vm::Exp, the softmax family's PacketExp, the split-and-gate Exp): x = (n/K)·ln 2 + r with n an
// integer and |r| <= ln2/(2K), 2^(n/K) = 2^(n/K's integer part) · T[n mod K] from a K-entry table
// held as a value and its remainder, e^r − 1 by a short polynomial, and
// T·e^r = T_hi + (T_hi·(e^r − 1) + T_lo) so that the final add is the only rounding of the
// result's size. The whole exponent goes in by an integer add, valid while the result is a normal
// number; lanes outside [-85, 87] (and NaN) take the caller's own full-range exp.
// - AVX-512: K = 16 (two vpermps), a degree-3 minimax polynomial (error 1.6e-9): within 0.57 ulp
//   of exp over [-85, 87] (every float there checked against double exp). Measured in cache on
//   the Zen 5: a Selu packet 9.7 -> 8.0 cycles; the chain from x to the result ~30 cycles
//   instead of ~45, the polynomial three operations instead of eight.
// - AVX2: K = 8, so that one vpermps (8 entries) indexes each half of the table, and the degree-4
//   Taylor polynomial (truncation below 1.3e-9 on |r| <= ln2/16): within 0.61 ulp of exp over
//   [-85, 87] (every float checked), against ~0.6 for the full-range form it replaces there.
#pragma once

namespace aclcpu {
namespace kernels {
namespace exp_table {

// 2^(j/16) rounded to fp32, and the remainder 2^(j/16) − T_hi[j] rounded to fp32.
alignas(64) inline constexpr float kHi[16] = {
    0x1.000000p+0f, 0x1.0b5586p+0f, 0x1.172b84p+0f, 0x1.2387a6p+0f, 0x1.306fe0p+0f, 0x1.3dea64p+0f,
    0x1.4bfdaep+0f, 0x1.5ab07ep+0f, 0x1.6a09e6p+0f, 0x1.7a1148p+0f, 0x1.8ace54p+0f, 0x1.9c4918p+0f,
    0x1.ae89fap+0f, 0x1.c199bep+0f, 0x1.d5818ep+0f, 0x1.ea4afap+0f};
alignas(64) inline constexpr float kLo[16] = {0.0f,
                                              0x1.9f3122p-25f,
                                              -0x1.c15742p-27f,
                                              0x1.ceac48p-25f,
                                              0x1.4636e2p-25f,
                                              0x1.824684p-25f,
                                              -0x1.593abcp-25f,
                                              -0x1.5bd5ecp-27f,
                                              0x1.9fcef4p-26f,
                                              -0x1.829fd0p-25f,
                                              0x1.15506ep-27f,
                                              0x1.51f848p-27f,
                                              -0x1.a94b14p-26f,
                                              -0x1.3d56b2p-27f,
                                              -0x1.822dbcp-27f,
                                              0x1.52486cp-27f};

// The 8-entry table of the AVX2 form, 2^(j/8) and its remainder: the even entries of the above.
struct Table8 {
  alignas(32) float hi[8];
  alignas(32) float lo[8];
};
constexpr Table8 MakeTable8() {
  Table8 t{};
  for (int j = 0; j < 8; ++j) {
    t.hi[j] = kHi[2 * j];
    t.lo[j] = kLo[2 * j];
  }
  return t;
}
inline constexpr Table8 kTable8 = MakeTable8();

}  // namespace exp_table
}  // namespace kernels
}  // namespace aclcpu

// ACLCPU_EXP_TABLE_UNDER_PRAGMA: a test compiles this under `#pragma GCC target("avx512f,...")`,
// which does not define __AVX512F__.
#if defined(__AVX512F__) || defined(ACLCPU_EXP_TABLE_UNDER_PRAGMA)
#include <immintrin.h>

namespace aclcpu {
namespace kernels {
namespace exp_table {

// Lanes of x in [lo, hi] (NaN is outside): where a table form is valid.
inline __attribute__((always_inline)) __mmask16 LanesIn(__m512 x, float lo, float hi) {
  return _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(x, _mm512_set1_ps(lo), _CMP_GE_OQ), x,
                                 _mm512_set1_ps(hi), _CMP_LE_OQ);
}

// fast where every lane is in `in` (the common case, one predictable branch), otherwise fast's
// lanes in `in` blended with wide(x) for the rest, so that a lane's result depends only on its
// own value, never on its neighbours (wide is the caller's full-range form, out of line).
template <typename Wide>
inline __attribute__((always_inline)) __m512 TableOrWide(__mmask16 in, __m512 fast, __m512 x,
                                                         Wide wide) {
  if (__builtin_expect(in == 0xFFFF, 1)) return fast;
  return _mm512_mask_blend_ps(in, wide(x), fast);
}

// exp(x) in the lanes of [-85, 87]; anything in the others.
inline __attribute__((always_inline)) __m512 TableExp(__m512 x) {
  // t = 1.5·2^23 + n with n = round(x·16/ln2): its low bits are n (two's complement).
  const __m512 magic = _mm512_set1_ps(12582912.0f);
  const __m512 t = _mm512_fmadd_ps(x, _mm512_set1_ps(23.08312065422344f), magic);
  const __m512 n = _mm512_sub_ps(t, magic);
  // r = x − n·ln2/16 with a two-part constant (the first part has 16 significant bits).
  __m512 r = _mm512_fmadd_ps(n, _mm512_set1_ps(-0.693145751953125f / 16), x);
  r = _mm512_fmadd_ps(n, _mm512_set1_ps(-1.428606765330187045e-06f / 16), r);
  const __m512 r2 = _mm512_mul_ps(r, r);
  const __m512 c =
      _mm512_fmadd_ps(_mm512_set1_ps(0x1.555764p-3f), r, _mm512_set1_ps(0x1.000220p-1f));
  const __m512 q = _mm512_fmadd_ps(c, r2, r);  // e^r − 1
  const __m512i ti = _mm512_castps_si512(t);
  const __m512 th = _mm512_permutexvar_ps(ti, _mm512_load_ps(kHi));  // index: the low 4 bits
  const __m512 tl = _mm512_permutexvar_ps(ti, _mm512_load_ps(kLo));
  const __m512 p = _mm512_add_ps(th, _mm512_fmadd_ps(th, q, tl));  // in [0.97, 2.05)
  // (n >> 4) << 23 = (t's bits << 19) with the table index's bits cleared.
  const __m512i e =
      _mm512_and_si512(_mm512_slli_epi32(ti, 19), _mm512_set1_epi32(static_cast<int>(0xFF800000u)));
  return _mm512_castsi512_ps(_mm512_add_epi32(_mm512_castps_si512(p), e));
}

// exp(x): TableExp in [-85, 87], wide(x) in the other lanes.
template <typename Wide>
inline __attribute__((always_inline)) __m512 Exp(__m512 x, Wide wide) {
  return TableOrWide(LanesIn(x, -85.0f, 87.0f), TableExp(x), x, wide);
}

}  // namespace exp_table
}  // namespace kernels
}  // namespace aclcpu
#endif

// ACLCPU_EXP_TABLE_AVX2_UNDER_PRAGMA: the same for the AVX2 form (a test compiled for the
// baseline ISA with `#pragma GCC target("avx2,fma")` around the include).
#if (defined(__AVX2__) && defined(__FMA__)) || defined(ACLCPU_EXP_TABLE_AVX2_UNDER_PRAGMA)
#include <immintrin.h>

// The kernels of an AVX2 build (8-lane fp32 packets) take the 8-lane form.
#if defined(__AVX2__) && defined(__FMA__) && !defined(__AVX512F__)
#define ACLCPU_EXP_TABLE_AVX2 1
#endif

namespace aclcpu {
namespace kernels {
namespace exp_table {

// All ones in the lanes of x in [lo, hi] (NaN is outside).
inline __attribute__((always_inline)) __m256 LanesIn(__m256 x, float lo, float hi) {
  return _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(lo), _CMP_GE_OQ),
                       _mm256_cmp_ps(x, _mm256_set1_ps(hi), _CMP_LE_OQ));
}

// As the AVX-512 TableOrWide: a lane's result depends only on its own value.
template <typename Wide>
inline __attribute__((always_inline)) __m256 TableOrWide(__m256 in, __m256 fast, __m256 x,
                                                         Wide wide) {
  if (__builtin_expect(_mm256_movemask_ps(in) == 0xFF, 1)) return fast;
  return _mm256_blendv_ps(wide(x), fast, in);
}

// exp(x) in the lanes of [-85, 87]; anything in the others.
inline __attribute__((always_inline)) __m256 TableExp(__m256 x) {
  // t = 1.5·2^23 + n with n = round(x·8/ln2): its low bits are n (two's complement).
  const __m256 magic = _mm256_set1_ps(12582912.0f);
  const __m256 t = _mm256_fmadd_ps(x, _mm256_set1_ps(11.541560327111707f), magic);
  const __m256 n = _mm256_sub_ps(t, magic);
  // r = x − n·ln2/8 with a two-part constant (the first part has 16 significant bits).
  __m256 r = _mm256_fmadd_ps(n, _mm256_set1_ps(-0.693145751953125f / 8), x);
  r = _mm256_fmadd_ps(n, _mm256_set1_ps(-1.428606765330187045e-06f / 8), r);
  const __m256 r2 = _mm256_mul_ps(r, r);
  __m256 c = _mm256_fmadd_ps(_mm256_set1_ps(1.0f / 24), r, _mm256_set1_ps(1.0f / 6));
  c = _mm256_fmadd_ps(c, r, _mm256_set1_ps(0.5f));
  const __m256 q = _mm256_fmadd_ps(c, r2, r);  // e^r − 1
  const __m256i ti = _mm256_castps_si256(t);
  const __m256 th =
      _mm256_permutevar8x32_ps(_mm256_load_ps(kTable8.hi), ti);  // index: the low 3 bits
  const __m256 tl = _mm256_permutevar8x32_ps(_mm256_load_ps(kTable8.lo), ti);
  const __m256 p = _mm256_add_ps(th, _mm256_fmadd_ps(th, q, tl));  // in [0.97, 2.05)
  // (n >> 3) << 23 = (t's bits << 20) with the table index's bits cleared.
  const __m256i e =
      _mm256_and_si256(_mm256_slli_epi32(ti, 20), _mm256_set1_epi32(static_cast<int>(0xFF800000u)));
  return _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(p), e));
}

// exp(x): TableExp in [-85, 87], wide(x) in the other lanes.
template <typename Wide>
inline __attribute__((always_inline)) __m256 Exp(__m256 x, Wide wide) {
  return TableOrWide(LanesIn(x, -85.0f, 87.0f), TableExp(x), x, wide);
}

}  // namespace exp_table
}  // namespace kernels
}  // namespace aclcpu
#endif
