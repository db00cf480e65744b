// The AVX2 erf (kernels/elementwise/erf_pieces.h, vm::Erf's form for 8-lane packets) on its
// own: within 0.81 ulp of libm's double erf over the normal floats up to 5 of both signs, never
// more than an ulp from the correctly rounded value, and exact where erf is: odd (−0 stays −0),
// ±1 from |x| = 4 on and at ±inf, the input's NaN back. Compiled for AVX2 + FMA here and run only
// where the CPU has them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "erf_checks.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACLCPU_TEST_ERF_PIECES_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define ACLCPU_ERF_PIECES_AVX2_UNDER_PRAGMA 1
#include "elementwise/erf_pieces.h"

namespace {

void Erf8(const float* x, float* y, float) {
  _mm256_storeu_ps(y, aclcpu::kernels::erf_pieces::Erf(_mm256_loadu_ps(x)));
}

}  // namespace
#pragma GCC pop_options
#endif

namespace {

#if defined(ACLCPU_TEST_ERF_PIECES_AVX2)
bool HasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

TEST(ErfPiecesAvx2, WithinFourFifthsOfAnUlpOverTheNormals) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 + FMA on this CPU";
  // Every 61st normal float up to 5, both signs (~35 M values); every one measured: 0.806 ulp at
  // x = 0x1.7fab94p-1, the top of piece 0.
  const aclcpu_test::Worst w = aclcpu_test::ErfSweep<8>(Erf8, 61);
  const double worst = w.ulps;
  const float worstX = w.x;
  RecordProperty("worst_ulps", std::to_string(worst));
  EXPECT_LE(worst, 0.81) << "at x = " << worstX;
  EXPECT_GT(worst, 0.5);  // the sweep reached values that round the last bit
}

TEST(ErfPiecesAvx2, PieceEdgesWithinAnUlpOfTheRoundedValue) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 + FMA on this CPU";
  // Where the two forms meet (0.5) and where round(2a − 1) changes piece (0.75 + k/2).
  std::vector<float> edges = {0.5f};
  for (int k = 0; k < 7; ++k) edges.push_back(0.75f + 0.5f * static_cast<float>(k));
  aclcpu_test::ExpectErfEdges<8>(Erf8, edges, 0.81);
}

TEST(ErfPiecesAvx2, ExactValues) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 + FMA on this CPU";
  aclcpu_test::ExpectErfExactValues<8>(Erf8);
}
#endif

}  // namespace
