// The AVX-512 erf (kernels/elementwise/erf_pieces.h, vm::Erf's form for 16-lane packets) on its
// own: within 0.68 ulp of libm's double erf over the normal floats up to 5 of both signs, never
// more than an ulp from the correctly rounded value, and exact where erf is: odd (−0 stays −0),
// ±1 from |x| = 4 on and at ±inf, the input's NaN back. Compiled for AVX-512 here and run only
// where the CPU has it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "erf_checks.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACLCPU_TEST_ERF_PIECES 1
#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq,avx512bw,avx512vl,fma")
#define ACLCPU_ERF_PIECES_UNDER_PRAGMA 1
#include "elementwise/erf_pieces.h"

namespace {

void Erf16(const float* x, float* y, float) {
  _mm512_storeu_ps(y, aclcpu::kernels::erf_pieces::Erf(_mm512_loadu_ps(x)));
}

}  // namespace
#pragma GCC pop_options
#endif

namespace {

#if defined(ACLCPU_TEST_ERF_PIECES)
bool HasAvx512() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}

TEST(ErfPieces, WithinTwoThirdsOfAnUlpOverTheNormals) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  // Every 61st normal float up to 5, both signs (~35 M values); every one measured: 0.678 ulp at
  // x = 0x1.bcae14p-1, the top of piece 1.
  const aclcpu_test::Worst w = aclcpu_test::ErfSweep<16>(Erf16, 61);
  const double worst = w.ulps;
  const float worstX = w.x;
  RecordProperty("worst_ulps", std::to_string(worst));
  EXPECT_LE(worst, 0.68) << "at x = " << worstX;
  EXPECT_GT(worst, 0.5);  // the sweep reached values that round the last bit
}

TEST(ErfPieces, PieceEdgesWithinAnUlpOfTheRoundedValue) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  // Where the two forms meet (0.5) and where round(4a − 2) changes piece (0.625 + k/4).
  std::vector<float> edges = {0.5f};
  for (int k = 0; k < 14; ++k) edges.push_back(0.625f + 0.25f * static_cast<float>(k));
  aclcpu_test::ExpectErfEdges<16>(Erf16, edges, 0.68);
}

TEST(ErfPieces, ExactValues) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  aclcpu_test::ExpectErfExactValues<16>(Erf16);
}
#endif

}  // namespace
