// The AVX2 table exp (kernels/elementwise/exp_table.h, 8 lanes) on its own: within 0.61 ulp of
// libm's double exp over [-85, 87], the range edges, and a lane's result independent of its
// neighbours. Compiled for AVX2 here and run only where the CPU has it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ulp_sweep.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACLCPU_TEST_EXP_TABLE_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define ACLCPU_EXP_TABLE_AVX2_UNDER_PRAGMA 1
#include "elementwise/exp_table.h"

namespace {

// exp of 8 floats; lanes outside the table's range get `marker` from the wide form.
void Exp8(const float* x, float* y, float marker) {
  const __m256 m = _mm256_set1_ps(marker);
  _mm256_storeu_ps(
      y, aclcpu::kernels::exp_table::Exp(_mm256_loadu_ps(x), [m](const __m256&) { return m; }));
}

}  // namespace
#pragma GCC pop_options
#endif

namespace {

#if defined(ACLCPU_TEST_EXP_TABLE_AVX2)
using aclcpu_test::Ulps;

bool HasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

TEST(ExpTableAvx2, WithinAnUlpOverTheRange) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  // Every 61st float of [-85, 87] (both signs); ACLNN_CPU_LONG_TESTS=1: every one (measured
  // worst 0.6025 ulp, at x = 0x1.4ca93ap-1).
  const uint32_t step = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr ? 1 : 61;
  const aclcpu_test::Worst w = aclcpu_test::Sweep<8>(
      Exp8, [](double v) { return std::exp(v); },
      {{0u, 0x42ae0000u}, {0x80000000u, 0x80000000u | 0x42aa0000u}}, step);
  RecordProperty("worst_ulps", std::to_string(w.ulps));
  EXPECT_LE(w.ulps, 0.61) << "at x = " << w.x;
  EXPECT_GT(w.ulps, 0.5);  // the sweep reached values that round the last bit
}

TEST(ExpTableAvx2, RangeEdgesAndLaneIndependence) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  float x[8], y[8];
  for (int i = 0; i < 8; ++i) x[i] = -84.0f + 23.3f * static_cast<float>(i);  // -84 .. 79.1
  x[0] = -85.0f;
  x[7] = 87.0f;
  Exp8(x, y, -1.0f);
  for (int i = 0; i < 8; ++i) {
    EXPECT_LE(Ulps(y[i], std::exp(static_cast<double>(x[i]))), 0.61) << "x = " << x[i];
  }
  aclcpu_test::ExpectLanesIndependent<8>(
      Exp8, x, y,
      {std::nextafter(-85.0f, -100.0f), std::nextafter(87.0f, 100.0f), -104.0f, 100.0f,
       std::nanf(""), -INFINITY, INFINITY},
      {0, 3, 7}, -1.0f);
}
#endif

}  // namespace
