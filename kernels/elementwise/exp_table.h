// fp32 exp for 16 lanes on AVX-512, the common case of every exp in the kernels (vm::Exp, the
// softmax family's PacketExp, the split-and-gate Exp): x = (n/16)·ln 2 + r with n an integer and
// |r| <= ln2/32, 2^(n/16) = 2^(n>>4) · T[n & 15] from a 16-entry table held as a value and its
// remainder (two vpermps), e^r − 1 by a degree-3 minimax polynomial (error 1.6e-9), and
// T·e^r = T_hi + (T_hi·(e^r − 1) + T_lo) so that the final add is the only rounding of the
// result's size: within 0.57 ulp of exp over [-85, 87] (every float there checked against
// double exp). The whole exponent goes in by an integer add, valid while the result is a normal
// number; lanes outside [-85, 87] (and NaN) take the caller's own full-range exp. Measured in cache
// on the build machine (Zen 5): a Selu packet 9.7 -> 8.0 cycles; the chain from x to the result is
// ~30 cycles instead of ~45, and the polynomial three operations instead of eight.
#pragma once

// ACLCPU_EXP_TABLE_UNDER_PRAGMA: a test compiles this under `#pragma GCC target("avx512f,...")`,
// which does not define __AVX512F__.
#if defined(__AVX512F__) || defined(ACLCPU_EXP_TABLE_UNDER_PRAGMA)
#include <immintrin.h>

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
