// The AVX-512 table exp and log (kernels/elementwise/exp_table.h, log_table.h) on their own:
// exp within 0.57 ulp of libm's double exp over [-85, 87], log within 0.78 ulp of double log over
// the positive normal floats, the range edges, and a lane's result independent of its neighbours
// (a packet with one lane out of range takes the caller's wide form in that lane only). The
// functions under test are compiled for AVX-512 here and run only where the CPU has it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ulp_sweep.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACLCPU_TEST_EXP_TABLE 1
#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq,avx512bw,avx512vl,fma")
#define ACLCPU_EXP_TABLE_UNDER_PRAGMA 1
#include "elementwise/exp_table.h"
#include "elementwise/log_table.h"

namespace {

// exp of 16 floats; lanes outside the table's range get `marker` from the wide form.
void Exp16(const float* x, float* y, float marker) {
  const __m512 m = _mm512_set1_ps(marker);
  _mm512_storeu_ps(
      y, aclcpu::kernels::exp_table::Exp(_mm512_loadu_ps(x), [m](const __m512&) { return m; }));
}

void Log16(const float* x, float* y, float marker) {
  const __m512 m = _mm512_set1_ps(marker);
  _mm512_storeu_ps(
      y, aclcpu::kernels::log_table::Log(_mm512_loadu_ps(x), [m](const __m512&) { return m; }));
}

}  // namespace
#pragma GCC pop_options
#endif

namespace {

#if defined(ACLCPU_TEST_EXP_TABLE)
bool HasAvx512() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}

using aclcpu_test::Sweep;
using aclcpu_test::Ulps;
using aclcpu_test::Worst;

TEST(ExpTable, WithinHalfAnUlpAndABitOverTheRange) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  // Every 61st float of [-85, 87] (both signs; ~36 M values); ACLNN_CPU_LONG_TESTS=1: every one.
  const uint32_t step = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr ? 1 : 61;
  const Worst w = Sweep<16>(
      Exp16, [](double v) { return std::exp(v); },
      {{0u, 0x42ae0000u}, {0x80000000u, 0x80000000u | 0x42aa0000u}}, step);
  const double worst = w.ulps;
  const float worstX = w.x;
  RecordProperty("worst_ulps", std::to_string(worst));
  EXPECT_LE(worst, 0.57) << "at x = " << worstX;
  EXPECT_GT(worst, 0.5);  // the sweep reached values that round the last bit
}

TEST(ExpTable, RangeEdgesAndLaneIndependence) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  float x[16], y[16];
  for (int i = 0; i < 16; ++i) x[i] = -84.0f + 10.7f * static_cast<float>(i);  // -84 .. 76.5
  x[0] = -85.0f;
  x[15] = 87.0f;
  Exp16(x, y, -1.0f);
  for (int i = 0; i < 16; ++i) {
    EXPECT_LE(Ulps(y[i], std::exp(static_cast<double>(x[i]))), 0.57) << "x = " << x[i];
  }
  aclcpu_test::ExpectLanesIndependent<16>(
      Exp16, x, y,
      {std::nextafter(-85.0f, -100.0f), std::nextafter(87.0f, 100.0f), -104.0f, 100.0f,
       std::nanf(""), -INFINITY, INFINITY},
      {0, 7, 15}, -1.0f);
}

TEST(LogTable, WithinAnUlpOverThePositiveNormals) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  // Every 67th positive normal float (~32 M values); ACLNN_CPU_LONG_TESTS=1: every one (measured
  // worst 0.774 ulp, at x = 0x1.103292p+0; Eigen's plog: 0.900).
  const uint32_t step = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr ? 1 : 67;
  auto log = [](double v) { return std::log(v); };
  Worst w = Sweep<16>(Log16, log, {{0x00800000u, 0x7f7fffffu}}, step);
  // And every 3rd float around 1, where the result is small and the table's two exact
  // intervals meet.
  const Worst nearOne = Sweep<16>(Log16, log, {{0x3f700000u, 0x3f900000u}}, 3);
  if (nearOne.ulps > w.ulps) w = nearOne;
  const double worst = w.ulps;
  const float worstX = w.x;
  RecordProperty("worst_ulps", std::to_string(worst));
  EXPECT_LE(worst, 0.78) << "at x = " << worstX;
  EXPECT_GT(worst, 0.5);
}

TEST(LogTable, OneIsZeroAndOutOfRangeLanesTakeTheWideForm) {
  if (!HasAvx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  float x[16], y[16];
  for (int i = 0; i < 16; ++i) x[i] = std::ldexp(1.0f + 0.06f * static_cast<float>(i), 8 * i - 60);
  x[0] = 1.0f;
  x[1] = 0x1p-126f;         // the smallest normal: in range
  x[2] = 0x1.fffffep+127f;  // the largest float: in range
  Log16(x, y, -1.0f);
  EXPECT_EQ(y[0], 0.0f);
  for (int i = 1; i < 16; ++i) {
    EXPECT_LE(Ulps(y[i], std::log(static_cast<double>(x[i]))), 0.78) << "x = " << x[i];
  }
  aclcpu_test::ExpectLanesIndependent<16>(
      Log16, x, y, {0.0f, -0.0f, 0x1p-127f, -1.0f, INFINITY, -INFINITY, std::nanf("")}, {0, 9, 15},
      -7.0f);
}
#endif

}  // namespace
