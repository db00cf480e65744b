// The kernels' conversions against the independent encoders in reference.h, and block (F16C /
// AVX2) against scalar versions.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "elementwise/convert.h"
#include "elementwise/functors/selu.h"
#include "references/selu.h"

namespace {

namespace k = aclcpu::kernels;
using reftest::HalfValue;

bool SameValue(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

// Edge floats plus random bit patterns (all exponents, so subnormals, overflow and NaN appear).
std::vector<float> TestFloats() {
  std::vector<float> v = {0.0f,          -0.0f,         1.0f,          -1.0f,         65504.0f,
                          65519.996f,    65520.0f,      -65520.0f,     INFINITY,      -INFINITY,
                          NAN,           -NAN,          5.9604645e-8f, 2.9802322e-8f, 2.9802326e-8f,
                          6.1035156e-5f, 6.1035152e-5f, 1e-45f,        3.4028235e38f, 3.3961776e38f,
                          3.3961778e38f, 1.00390625f,   1.01171875f};
  std::mt19937 rng(42);
  for (int i = 0; i < 200000; ++i) v.push_back(k::BitsToFloat(static_cast<uint32_t>(rng())));
  for (uint32_t h = 0; h < 65536; ++h) {  // fp16 values and the ties between neighbours
    const float f = static_cast<float>(HalfValue(static_cast<uint16_t>(h)));
    v.push_back(f);
    v.push_back(k::BitsToFloat(k::FloatBits(f) + 0x1000));
  }
  return v;
}

TEST(Convert, HalfToFloatIsExactForAllHalves) {
  std::vector<uint16_t> all(65536);
  for (uint32_t h = 0; h < 65536; ++h) all[h] = static_cast<uint16_t>(h);
  std::vector<float> block(65536);
  k::WidenHalf(all.data(), block.data(), 65536);
  for (uint32_t h = 0; h < 65536; ++h) {
    const double want = HalfValue(static_cast<uint16_t>(h));
    ASSERT_TRUE(SameValue(want, k::HalfToFloat(static_cast<uint16_t>(h)))) << std::hex << h;
    ASSERT_EQ(k::FloatBits(block[h]), k::FloatBits(k::HalfToFloat(static_cast<uint16_t>(h))))
        << "block and scalar widening differ at 0x" << std::hex << h;
  }
}

TEST(Convert, FloatToHalfRoundsToNearestEven) {
  const std::vector<float> fs = TestFloats();
  std::vector<uint16_t> block(fs.size());
  k::NarrowHalf(fs.data(), block.data(), static_cast<int64_t>(fs.size()));
  for (size_t i = 0; i < fs.size(); ++i) {
    const uint16_t h = k::FloatToHalf(fs[i]);
    ASSERT_EQ(h, block[i]) << "block and scalar differ for " << fs[i];
    ASSERT_TRUE(SameValue(reftest::R16(fs[i]), HalfValue(h))) << fs[i];
    if (std::isnan(fs[i])) {
      ASSERT_NE(0, h & 0x200) << "NaN must stay quiet";
    }
  }
}

TEST(Convert, Bf16RoundTrip) {
  const std::vector<float> fs = TestFloats();
  std::vector<uint16_t> block(fs.size());
  k::NarrowBf16(fs.data(), block.data(), static_cast<int64_t>(fs.size()));
  std::vector<float> back(fs.size());
  k::WidenBf16(block.data(), back.data(), static_cast<int64_t>(fs.size()));
  for (size_t i = 0; i < fs.size(); ++i) {
    const uint16_t b = k::FloatToBf16(fs[i]);
    ASSERT_EQ(b, block[i]) << "block and scalar differ for " << fs[i];
    ASSERT_TRUE(SameValue(reftest::RBf(fs[i]), reftest::Bf16Value(b))) << fs[i];
    ASSERT_EQ(k::FloatBits(back[i]), k::FloatBits(k::Bf16ToFloat(b)));
    if (std::isnan(fs[i])) {
      ASSERT_NE(0, b & 0x40) << "NaN must stay quiet";
    }
  }
}

TEST(Convert, SaturateToHalfBlockMatchesScalar) {
  std::vector<float> fs = TestFloats();
  std::vector<float> block = fs;
  k::SaturateToHalfBlock(block.data(), static_cast<int64_t>(block.size()));
  for (size_t i = 0; i < fs.size(); ++i) {
    ASSERT_TRUE(SameValue(reftest::R16Sat(fs[i]), block[i])) << fs[i];
  }
}

TEST(Convert, IntegerNarrowing) {
  std::vector<float> fs = TestFloats();
  for (float f : {127.0f, 127.9f, 128.0f, -128.0f, -128.9f, -129.0f, 2147483520.0f, 2147483648.0f,
                  -2147483648.0f, -2147483904.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f}) {
    fs.push_back(f);
  }
  const int64_t n = static_cast<int64_t>(fs.size());
  std::vector<int8_t> i8(fs.size());
  std::vector<int32_t> i32(fs.size());
  k::NarrowTruncI8(fs.data(), i8.data(), n);
  k::NarrowTruncI32(fs.data(), i32.data(), n);
  for (size_t i = 0; i < fs.size(); ++i) {
    ASSERT_EQ(reftest::TruncSat(fs[i], -128, 127), i8[i]) << fs[i];
    ASSERT_EQ(reftest::TruncSat(fs[i], -2147483648.0, 2147483647.0), i32[i]) << fs[i];
  }
  std::vector<float> halves;
  for (uint32_t h = 0; h < 65536; ++h) {
    const double v = HalfValue(static_cast<uint16_t>(h));
    if (std::isfinite(v)) halves.push_back(static_cast<float>(v));
  }
  std::vector<int8_t> r8(halves.size());
  std::vector<int32_t> r32(halves.size());
  k::NarrowHalfEvenI8(halves.data(), r8.data(), static_cast<int64_t>(halves.size()));
  k::NarrowHalfEvenI32(halves.data(), r32.data(), static_cast<int64_t>(halves.size()));
  for (size_t i = 0; i < halves.size(); ++i) {
    ASSERT_EQ(reftest::HalfEvenSat(halves[i], -128, 127), r8[i]) << halves[i];
    ASSERT_EQ(reftest::HalfEvenSat(halves[i], -2147483648.0, 2147483647.0), r32[i]) << halves[i];
  }
}

TEST(Convert, IntegerWidening) {
  std::vector<int32_t> is = {0, 1, -1, 16777217, -16777217, 16777219, INT32_MAX, INT32_MIN};
  std::mt19937 rng(9);
  for (int i = 0; i < 10000; ++i) is.push_back(static_cast<int32_t>(rng()));
  std::vector<float> fs(is.size());
  k::WidenI32(is.data(), fs.data(), static_cast<int64_t>(is.size()));
  for (size_t i = 0; i < is.size(); ++i) ASSERT_EQ(reftest::R32(is[i]), fs[i]) << is[i];
  std::vector<int8_t> bs(256);
  for (int i = 0; i < 256; ++i) bs[i] = static_cast<int8_t>(i - 128);
  std::vector<float> fb(256);
  k::WidenI8(bs.data(), fb.data(), 256);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(i - 128, fb[i]);
}

TEST(Formulas, ConstantsAreRoundedOnceFromTheirDecimals) {
  EXPECT_EQ(reftest::R32(reftest::kLambda), k::kSeluLambda);
  EXPECT_EQ(reftest::R32(reftest::kLambdaAlpha), k::kSeluLambdaAlpha);
  EXPECT_EQ(reftest::R16(reftest::kLambda), k::kSeluLambdaF16);
  EXPECT_EQ(reftest::R16(reftest::kLambdaAlpha), k::kSeluLambdaAlphaF16);
  EXPECT_EQ(1.05078125, k::kSeluLambdaF16);
  EXPECT_EQ(1.7578125, k::kSeluLambdaAlphaF16);
}

}  // namespace
