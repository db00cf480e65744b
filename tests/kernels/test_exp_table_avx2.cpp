// The AVX2 table exp and log (kernels/elementwise/exp_table.h, log_table.h, 8 lanes) on their own:
// exp within 0.61 ulp of libm's double exp over [-85, 87], log within 0.78 ulp of double log over
// the positive normal floats (the AVX-512 form's steps and bound), the range edges, and a lane's
// result independent of its neighbours. Compiled for AVX2 here and run only where the CPU has it.
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
#include "elementwise/log_table.h"

namespace {

// exp of 8 floats; lanes outside the table's range get `marker` from the wide form.
void Exp8(const float* x, float* y, float marker) {
  const __m256 m = _mm256_set1_ps(marker);
  _mm256_storeu_ps(
      y, aclcpu::kernels::exp_table::Exp(_mm256_loadu_ps(x), [m](const __m256&) { return m; }));
}

void Log8(const float* x, float* y, float marker) {
  const __m256 m = _mm256_set1_ps(marker);
  _mm256_storeu_ps(
      y, aclcpu::kernels::log_table::Log(_mm256_loadu_ps(x), [m](const __m256&) { return m; }));
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

TEST(LogTableAvx2, WithinAnUlpOverThePositiveNormals) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  // Every 67th positive normal float; ACLNN_CPU_LONG_TESTS=1: every one. The same steps as the
  // AVX-512 form (test_exp_table.cpp), so the same bound.
  const uint32_t step = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr ? 1 : 67;
  auto log = [](double v) { return std::log(v); };
  aclcpu_test::Worst w = aclcpu_test::Sweep<8>(Log8, log, {{0x00800000u, 0x7f7fffffu}}, step);
  // Every 3rd float around 1, where the two exact intervals meet, and every float of one
  // binade, which visits each of the 16 intervals (both table halves) many times.
  const aclcpu_test::Worst nearOne =
      aclcpu_test::Sweep<8>(Log8, log, {{0x3f700000u, 0x3f900000u}}, 3);
  if (nearOne.ulps > w.ulps) w = nearOne;
  const aclcpu_test::Worst binade =
      aclcpu_test::Sweep<8>(Log8, log, {{0x3f400000u, 0x3fbfffffu}}, 1);
  if (binade.ulps > w.ulps) w = binade;
  RecordProperty("worst_ulps", std::to_string(w.ulps));
  EXPECT_LE(w.ulps, 0.78) << "at x = " << w.x;
  EXPECT_GT(w.ulps, 0.5);
}

TEST(LogTableAvx2, IntervalsAndOutOfRangeLanes) {
  if (!HasAvx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  // One value inside each of the 16 intervals of [0.75, 1.5), scaled by powers of two: a wrong
  // table half would be off by far more than an ulp.
  for (int scale = -100; scale <= 100; scale += 50) {
    float x[16], y[16];
    for (int i = 0; i < 16; ++i) {
      const float m = i < 8 ? 0.75f + (static_cast<float>(i) + 0.4f) / 32.0f
                            : 1.0f + (static_cast<float>(i - 8) + 0.4f) / 16.0f;
      x[i] = std::ldexp(m, scale);
    }
    Log8(x, y, -1.0f);
    Log8(x + 8, y + 8, -1.0f);
    for (int i = 0; i < 16; ++i) {
      EXPECT_LE(Ulps(y[i], std::log(static_cast<double>(x[i]))), 0.78) << "x = " << x[i];
    }
  }
  float x[8] = {1.0f, 0x1p-126f, 0x1.fffffep+127f, 2.0f, 0.5f, 3.0f, 1e-30f, 1e30f};
  float y[8];
  Log8(x, y, -1.0f);
  EXPECT_EQ(y[0], 0.0f);
  for (int i = 1; i < 8; ++i) {
    EXPECT_LE(Ulps(y[i], std::log(static_cast<double>(x[i]))), 0.78) << "x = " << x[i];
  }
  aclcpu_test::ExpectLanesIndependent<8>(
      Log8, x, y, {0.0f, -0.0f, 0x1p-127f, -1.0f, INFINITY, -INFINITY, std::nanf("")}, {0, 3, 7},
      -7.0f);
}
#endif

}  // namespace
