// The D4 quantizer (kernels/quant/quantize_rows): fp32 -> fp16 rounded to odd against a
// reference built on the exact fp16 grid in double, INT8 through it equal to one rint of the
// value (the double rounding is harmless, as the vendor intends), FLOAT8 / HIFLOAT8 casts
// saturating, and the static / dynamic row steps in the vendor's order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "quant/quantize_rows.h"

namespace {

using namespace aclcpu::kernels::quant;

// The two fp16 grid neighbours of |v| (v finite, |v| < 65504) from the definition of the
// format, and round-to-odd between them.
double OddHalfRef(double v) {
  const double a = std::fabs(v);
  if (a >= 65504.0) return std::copysign(65504.0, v);
  int e = a == 0 ? -100 : static_cast<int>(std::floor(std::log2(a)));
  const double q = std::ldexp(1.0, std::max(e, -14) - 10);
  const double lo = std::floor(a / q) * q;
  double r = lo;
  if (lo != a) {
    const int64_t units = static_cast<int64_t>(lo / q);
    r = units % 2 == 0 ? lo + q : lo;  // the odd neighbour
  }
  return std::copysign(r, v);
}

float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(QuantRows, RoundToOddHalfMatchesGridReference) {
  std::mt19937 rng(7);
  // Every 4097th fp32 pattern below fp16's overflow plus random ones.
  for (uint32_t u = 0; u < 0x477fe000u; u += 4097) {
    for (float f : {FromBits(u), -FromBits(u)}) {
      ASSERT_EQ(RoundToOddHalf(f), static_cast<float>(OddHalfRef(f))) << "f=" << f;
    }
  }
  for (int i = 0; i < 100000; ++i) {
    const float f = FromBits(rng() & 0x7f7fffffu);
    ASSERT_EQ(RoundToOddHalf(f), static_cast<float>(OddHalfRef(f))) << "f=" << f;
  }
  EXPECT_EQ(RoundToOddHalf(1e30f), 65504.0f);
  EXPECT_EQ(RoundToOddHalf(-std::numeric_limits<float>::infinity()),
            -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(RoundToOddHalf(std::numeric_limits<float>::quiet_NaN())));
}

TEST(QuantRows, Int8ThroughOddHalfIsOneRint) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> d(-300.0f, 300.0f);
  for (int i = 0; i < 200000; ++i) {
    const float f = i < 1201 ? (i - 600) * 0.5f : d(rng);  // every half-integer tie in range
    const double r = std::nearbyint(static_cast<double>(f));
    const double sat = std::min(127.0, std::max(-128.0, r));
    ASSERT_EQ(static_cast<int8_t>(CastTo(Target::kInt8, HifRounding::kRound, f)),
              static_cast<int8_t>(sat))
        << "f=" << f;
  }
  EXPECT_EQ(CastTo(Target::kInt8, HifRounding::kRound, std::numeric_limits<float>::quiet_NaN()), 0);
}

TEST(QuantRows, FloatTargetsSaturate) {
  EXPECT_EQ(CastTo(Target::kFloat8E4M3FN, HifRounding::kRound, 1e6f), 0x7e);
  EXPECT_EQ(CastTo(Target::kFloat8E4M3FN, HifRounding::kRound, -1e6f), 0xfe);
  EXPECT_EQ(CastTo(Target::kFloat8E5M2, HifRounding::kRound, 1e6f), 0x7b);
  EXPECT_EQ(CastTo(Target::kHiFloat8, HifRounding::kRound, 1e6f), 0x6e);
  EXPECT_EQ(CastTo(Target::kHiFloat8, HifRounding::kHybrid, 1e6f), 0x6e);
  EXPECT_EQ(CastTo(Target::kFloat8E4M3FN, HifRounding::kRound, 1.0f), 0x38);  // 1.0
  EXPECT_EQ(CastTo(Target::kHiFloat8, HifRounding::kRound, 1.0f), 0x08);      // 1.0
}

TEST(QuantRows, StaticAndDynamicRowOrder) {
  const float g[4] = {1.0f, -2.0f, 0.5f, 3.0f};
  const float scale[4] = {2.0f, 1.0f, 4.0f, 0.5f};
  const float offset = 0.25f;
  RowScale rs;
  rs.scale = scale;
  rs.scaleStride = 1;
  rs.offset = &offset;
  rs.offsetStride = 0;
  uint8_t y[8] = {};
  QuantizeStaticRow(g, 4, rs, Target::kInt8, HifRounding::kRound, y, 2);
  // 2.25 -> 2, -1.75 -> -2, 2.25 -> 2, 1.75 -> 2
  EXPECT_EQ(static_cast<int8_t>(y[0]), 2);
  EXPECT_EQ(static_cast<int8_t>(y[2]), -2);
  EXPECT_EQ(static_cast<int8_t>(y[4]), 2);
  EXPECT_EQ(static_cast<int8_t>(y[6]), 2);
  EXPECT_EQ(y[1], 0);  // the stride leaves gaps alone

  RowScale dyn;
  dyn.scale = scale;
  dyn.scaleStride = 1;
  const float amax =
      RowAmax(g + 2, 2, RowScale{scale + 2, 1, nullptr, 0}, RowAmax(g, 2, dyn, 0.0f));
  EXPECT_EQ(amax, 2.0f);  // max(|2|, |-2|, |2|, |1.5|)
  const float s = amax * InvTargetMax(Target::kInt8);
  uint8_t q[4] = {};
  QuantizeDynamicRow(g, 4, dyn, s, Target::kInt8, HifRounding::kRound, q, 1);
  EXPECT_EQ(static_cast<int8_t>(q[0]), 127);
  EXPECT_EQ(static_cast<int8_t>(q[1]), -127);
  EXPECT_EQ(static_cast<int8_t>(q[3]), 95);  // 1.5 / (2/127) = 95.25
  EXPECT_TRUE(std::isnan(RowAmax(g, 1, RowScale{}, std::numeric_limits<float>::quiet_NaN())));
}

}  // namespace
