// erf of fp32 lanes without an exp: vm::Erf's form for the 16-lane (AVX-512) and 8-lane (AVX2 +
// FMA) packets (vmath_erf.h keeps its exp form for the baseline x86-64 and NEON packets):
// |x| < 0.5:   erf(x) = x + x·S(x²), S(s) = erf(√s)/√s − 1 by degree-5 Chebyshev interpolation
//              on s ∈ [0, 0.25] (the leading x is exact; S is at most 0.13 in size);
// otherwise:   a = min(|x|, 4) and, 16 lanes, i = round(4a − 2), t = (4a − 2) − i ∈ [−½, ½], both
//              exact; piece i (0..14, centred at a = 0.5 + i/4) is a degree-6 polynomial in t,
//              its Chebyshev interpolant of erf(0.5 + (i + t)/4), its constant term kept as
//              hi + lo (the rounding of a lone fp32 constant would cost up to half an ulp of the
//              result). The coefficients of lane i come from one vpermps per power (16-entry
//              tables); i is read from the low bits of the float 4a − 2 + 1.5·2^23, which a single
//              multiply-add rounds to an integer. At 4, erf rounds to 1 (piece 14 gives 1).
//              8 lanes: 8 pieces of width 1/2 (i = round(2a − 1)), degree 7, 8-entry tables.
// Measured over every float of [0, 5] against double erf: within 0.68 ulp (16 lanes) / 0.81 ulp
// (8 lanes) of erf, 1.3 % not correctly rounded, none more than an ulp from it; about 31 / 34
// instructions a packet, where the exp form takes about 55. tools/erf_fit.py prints the tables.
#pragma once

#if defined(__AVX512F__) || defined(ACLCPU_ERF_PIECES_UNDER_PRAGMA) || \
    (defined(__AVX2__) && defined(__FMA__)) || defined(ACLCPU_ERF_PIECES_AVX2_UNDER_PRAGMA)
#include <immintrin.h>

#include <cstdint>

namespace aclcpu {
namespace kernels {
namespace erf_pieces {

// S(s) for |x| < 0.5, then the pieces' coefficients by power (tools/erf_fit.py prints them).
inline constexpr float kS[] = {1.283791661e-01f,  -3.761263788e-01f, 1.128377393e-01f,
                               -2.686314285e-02f, 5.200413521e-03f,  -7.694534143e-04f};
namespace p16 {  // AVX-512: 16 pieces of width 1/4 (15 used), degree 6
alignas(64) inline constexpr float kHi[16] = {
    5.204998851e-01f, 7.111556530e-01f, 8.427007794e-01f, 9.229001403e-01f,
    9.661051631e-01f, 9.866716862e-01f, 9.953222871e-01f, 9.985373020e-01f,
    9.995930195e-01f, 9.998993874e-01f, 9.999778867e-01f, 9.999957085e-01f,
    9.999992847e-01f, 9.999998808e-01f, 1.000000000e+00f, 1.000000000e+00f};
alignas(64) inline constexpr float kLo[16] = {
    -7.269198132e-09f, -1.934636273e-08f, 1.351169576e-08f,  -1.202903377e-08f,
    -1.662207083e-08f, -1.495330260e-08f, -2.206371974e-08f, -1.860389354e-08f,
    2.849708203e-08f,  -9.281738933e-09f, 2.282621381e-08f,  -1.124503957e-08f,
    -2.784263486e-08f, 5.482033050e-09f,  -1.541725858e-08f, -1.850574138e-09f};
alignas(64) inline constexpr float kC1[16] = {
    2.196956426e-01f, 1.607327759e-01f, 1.037768796e-01f, 5.913028121e-02f,
    2.973257191e-02f, 1.319374796e-02f, 5.166746210e-03f, 1.785579720e-03f,
    5.445710849e-04f, 1.465693786e-04f, 3.481330350e-05f, 7.297274351e-06f,
    1.349862828e-06f, 2.203597660e-07f, 3.174598717e-08f, 4.036077694e-09f};
alignas(64) inline constexpr float kC2[16] = {
    -2.746195532e-02f, -3.013739362e-02f, -2.594421804e-02f, -1.847821288e-02f,
    -1.114971470e-02f, -5.772265140e-03f, -2.583373105e-03f, -1.004388556e-03f,
    -3.403568990e-04f, -1.007664032e-04f, -2.610995034e-05f, -5.929022791e-06f,
    -1.181125526e-06f, -2.065859661e-07f, -3.174566388e-08f, -4.288265298e-09f};
alignas(64) inline constexpr float kC3[16] = {
    -2.288514050e-03f, 4.185137223e-04f, 2.161967801e-03f, 2.617734717e-03f,
    2.168015810e-03f,  1.408727723e-03f, 7.534951437e-04f, 3.394484229e-04f,
    1.304683537e-04f,  4.312892270e-05f, 1.232839259e-05f, 3.058957191e-06f,
    6.606717875e-07f,  1.244704038e-07f, 2.048952830e-08f, 2.950891087e-09f};
alignas(64) inline constexpr float kC4[16] = {
    7.151467144e-04f,  5.886190338e-04f,  2.702562488e-04f,  -2.405543455e-05f,
    -1.742123131e-04f, -1.878998592e-04f, -1.345520141e-04f, -7.454529987e-05f,
    -3.368137186e-05f, -1.272693316e-05f, -4.079567134e-06f, -1.119343324e-06f,
    -2.644940196e-07f, -5.405800252e-08f, -9.587350469e-09f, -1.479130929e-09f};
alignas(64) inline constexpr float kC5[16] = {
    7.294759598e-06f,  -5.150464131e-05f, -6.715937343e-05f, -4.597795123e-05f,
    -1.464362140e-05f, 6.307783224e-06f,  1.269206405e-05f,  1.038979462e-05f,
    5.988326393e-06f,  2.708432930e-06f,  1.003158445e-06f,  3.109953468e-07f,
    8.175359767e-08f,  1.837819497e-08f,  3.553844330e-09f,  5.936885983e-10f};
alignas(64) inline constexpr float kC6[16] = {
    -1.215036173e-05f, -6.545280939e-06f, 1.094320510e-06f,  5.162573416e-06f,
    4.702519163e-06f,  2.193059572e-06f,  1.227125921e-07f,  -7.024007687e-07f,
    -6.814747167e-07f, -4.052079987e-07f, -1.810835215e-07f, -6.488337334e-08f,
    -1.920983728e-08f, -4.779882712e-09f, -1.010334594e-09f, -1.827412527e-10f};
}  // namespace p16
namespace p8 {  // AVX2: 8 pieces of width 1/2, degree 7
alignas(32) inline constexpr float kHi[8] = {5.204998851e-01f, 8.427007794e-01f, 9.661051631e-01f,
                                             9.953222871e-01f, 9.995930195e-01f, 9.999778867e-01f,
                                             9.999992847e-01f, 1.000000000e+00f};
alignas(32) inline constexpr float kLo[8] = {-8.443826083e-09f, 1.406314354e-08f, -1.633913094e-08f,
                                             -2.224947515e-08f, 2.846485003e-08f, 2.284204292e-08f,
                                             -2.783848174e-08f, -1.541689443e-08f};
alignas(32) inline constexpr float kC1[8] = {4.393912852e-01f, 2.075537443e-01f, 5.946514383e-02f,
                                             1.033349242e-02f, 1.089142170e-03f, 6.962652697e-05f,
                                             2.699712468e-06f, 6.349105774e-08f};
alignas(32) inline constexpr float kC2[8] = {
    -1.098476723e-01f, -1.037769467e-01f, -4.459889606e-02f, -1.033346914e-02f,
    -1.361423521e-03f, -1.044418168e-04f, -4.725029612e-06f, -1.270288408e-07f};
alignas(32) inline constexpr float kC3[8] = {-1.830798574e-02f, 1.729613170e-02f, 1.734401286e-02f,
                                             6.027870346e-03f,  1.043759286e-03f, 9.863767627e-05f,
                                             5.287055956e-06f,  1.640334517e-07f};
alignas(32) inline constexpr float kC4[8] = {
    1.143946871e-02f,  4.325452726e-03f,  -2.786704572e-03f, -2.153287409e-03f,
    -5.389806465e-04f, -6.523427874e-05f, -4.221750260e-06f, -1.525102817e-07f};
alignas(32) inline constexpr float kC5[8] = {2.291719284e-04f, -2.161731943e-03f, -4.648279864e-04f,
                                             4.090399598e-04f, 1.912052248e-04f,  3.176516475e-05f,
                                             2.563787348e-06f, 1.101569822e-07f};
alignas(32) inline constexpr float kC6[8] = {
    -7.625397411e-04f, 6.294050399e-05f,  2.973421942e-04f,  1.023947425e-05f,
    -4.320423614e-05f, -1.179247192e-05f, -1.282439712e-06f, -6.928303975e-08f};
alignas(32) inline constexpr float kC7[8] = {4.015280865e-05f,  1.165625217e-04f, -3.540659964e-05f,
                                             -2.643789958e-05f, 3.993619430e-06f, 3.064016937e-06f,
                                             4.696377687e-07f,  3.150923078e-08f};
}  // namespace p8

#if defined(__AVX512F__) || defined(ACLCPU_ERF_PIECES_UNDER_PRAGMA)
inline __attribute__((always_inline)) __m512 Erf(const __m512& x) {
  using namespace p16;
  const __m512 s = _mm512_mul_ps(x, x);
  __m512 r = _mm512_set1_ps(kS[5]);
  for (int i = 4; i >= 0; --i) r = _mm512_fmadd_ps(r, s, _mm512_set1_ps(kS[i]));
  const __m512 small = _mm512_fmadd_ps(x, r, x);

  const __m512 ax = _mm512_abs_ps(x);
  const __m512 a = _mm512_min_ps(ax, _mm512_set1_ps(4.0f));         // a NaN gives 4 (then unused)
  const __m512 bias = _mm512_set1_ps(12582912.0f - 2.0f);           // 1.5·2^23 − 2
  const __m512 v = _mm512_fmadd_ps(a, _mm512_set1_ps(4.0f), bias);  // 1.5·2^23 + i
  const __m512 t = _mm512_fmsub_ps(a, _mm512_set1_ps(4.0f), _mm512_sub_ps(v, bias));
  const __m512i i = _mm512_castps_si512(v);  // vpermps reads the low 4 bits: i
  const auto coef = [&i](const float* table) {
    return _mm512_permutexvar_ps(i, _mm512_load_ps(table));
  };
  __m512 q = coef(kC6);
  q = _mm512_fmadd_ps(q, t, coef(kC5));
  q = _mm512_fmadd_ps(q, t, coef(kC4));
  q = _mm512_fmadd_ps(q, t, coef(kC3));
  q = _mm512_fmadd_ps(q, t, coef(kC2));
  q = _mm512_fmadd_ps(q, t, coef(kC1));
  q = _mm512_fmadd_ps(q, t, coef(kLo));
  const __m512 big = _mm512_add_ps(coef(kHi), q);
  // big with x's sign (big is positive): big | (x & −0).
  const __m512i signedBig = _mm512_ternarylogic_epi32(
      _mm512_castps_si512(big), _mm512_castps_si512(x), _mm512_set1_epi32(INT32_MIN), 0xF8);
  // A NaN compares false and takes the first form, which gives it back (quieted).
  const __mmask16 piece = _mm512_cmp_ps_mask(ax, _mm512_set1_ps(0.5f), _CMP_GE_OQ);
  return _mm512_mask_blend_ps(piece, small, _mm512_castsi512_ps(signedBig));
}
#endif

#if (defined(__AVX2__) && defined(__FMA__)) || defined(ACLCPU_ERF_PIECES_AVX2_UNDER_PRAGMA)
// 8 lanes: the same with pieces of width 1/2 (one 8-entry vpermps per power):
// i = round(2a − 1), t = (2a − 1) − i, piece i centred at a = 0.5 + i/2.
inline __attribute__((always_inline)) __m256 Erf(const __m256& x) {
  using namespace p8;
  const __m256 s = _mm256_mul_ps(x, x);
  __m256 r = _mm256_set1_ps(kS[5]);
  for (int i = 4; i >= 0; --i) r = _mm256_fmadd_ps(r, s, _mm256_set1_ps(kS[i]));
  const __m256 small = _mm256_fmadd_ps(x, r, x);

  const __m256 sign = _mm256_set1_ps(-0.0f);
  const __m256 ax = _mm256_andnot_ps(sign, x);
  const __m256 a = _mm256_min_ps(ax, _mm256_set1_ps(4.0f));         // a NaN gives 4 (then unused)
  const __m256 bias = _mm256_set1_ps(12582912.0f - 1.0f);           // 1.5·2^23 − 1
  const __m256 v = _mm256_fmadd_ps(a, _mm256_set1_ps(2.0f), bias);  // 1.5·2^23 + i
  const __m256 t = _mm256_fmsub_ps(a, _mm256_set1_ps(2.0f), _mm256_sub_ps(v, bias));
  const __m256i i = _mm256_castps_si256(v);  // vpermps reads the low 3 bits: i
  const auto coef = [&i](const float* table) {
    return _mm256_permutevar8x32_ps(_mm256_load_ps(table), i);
  };
  __m256 q = coef(kC7);
  q = _mm256_fmadd_ps(q, t, coef(kC6));
  q = _mm256_fmadd_ps(q, t, coef(kC5));
  q = _mm256_fmadd_ps(q, t, coef(kC4));
  q = _mm256_fmadd_ps(q, t, coef(kC3));
  q = _mm256_fmadd_ps(q, t, coef(kC2));
  q = _mm256_fmadd_ps(q, t, coef(kC1));
  q = _mm256_fmadd_ps(q, t, coef(kLo));
  const __m256 big = _mm256_add_ps(coef(kHi), q);
  const __m256 signedBig = _mm256_or_ps(big, _mm256_and_ps(x, sign));
  // A NaN compares false and takes the first form, which gives it back (quieted).
  const __m256 piece = _mm256_cmp_ps(ax, _mm256_set1_ps(0.5f), _CMP_GE_OQ);
  return _mm256_blendv_ps(small, signedBig, piece);
}
#endif

}  // namespace erf_pieces
}  // namespace kernels
}  // namespace aclcpu
#endif
