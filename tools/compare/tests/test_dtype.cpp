#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "dtype.h"
#include "half.h"
#include "test_support.h"

namespace aclcpu::compare {
namespace {

using testing::BitsOf;

TEST(DType, CannNamesAndAliasesAnyCase) {
  const struct {
    const char* text;
    DType dtype;
  } rows[] = {
      {"FLOAT", DType::kFloat},       {"float32", DType::kFloat},
      {"fp32", DType::kFloat},        {"ACL_FLOAT", DType::kFloat},
      {"FLOAT16", DType::kFloat16},   {"Fp16", DType::kFloat16},
      {"half", DType::kFloat16},      {"acl_float16", DType::kFloat16},
      {"BFLOAT16", DType::kBFloat16}, {"bf16", DType::kBFloat16},
      {"ACL_BF16", DType::kBFloat16}, {"DOUBLE", DType::kDouble},
      {"float64", DType::kDouble},    {"INT8", DType::kInt8},
      {"uint8", DType::kUInt8},       {"Int16", DType::kInt16},
      {"i32", DType::kInt32},         {"INT64", DType::kInt64},
      {"bool", DType::kBool},         {"ACL_BOOL", DType::kBool},
  };
  for (const auto& row : rows) {
    DType d = DType::kBool == row.dtype ? DType::kFloat : DType::kBool;  // never the answer
    EXPECT_TRUE(ParseDType(row.text, &d)) << row.text;
    EXPECT_EQ(d, row.dtype) << row.text;
  }
  for (const char* bad : {"", "float8", "complex64", "acl_", "int", "FLOAT 16"}) {
    DType d;
    EXPECT_FALSE(ParseDType(bad, &d)) << bad;
  }
}

TEST(DType, SizesAndVendorThresholds) {
  EXPECT_EQ(Info(DType::kFloat).size, 4u);
  EXPECT_EQ(Info(DType::kBFloat16).size, 2u);
  EXPECT_EQ(Info(DType::kInt64).size, 8u);
  EXPECT_EQ(Info(DType::kBool).size, 1u);
  EXPECT_EQ(Info(DType::kFloat).vendorT, std::ldexp(1.0, -13));
  EXPECT_EQ(Info(DType::kFloat16).vendorT, std::ldexp(1.0, -10));
  EXPECT_EQ(Info(DType::kBFloat16).vendorT, std::ldexp(1.0, -7));
  EXPECT_EQ(Info(DType::kInt32).vendorT, 0.0);
}

TEST(DType, NpyDescriptors) {
  const struct {
    const char* descr;
    bool known;
    DType dtype;
  } rows[] = {
      {"<f4", true, DType::kFloat},   {"=f4", true, DType::kFloat},
      {"<f2", true, DType::kFloat16}, {"<f8", true, DType::kDouble},
      {"|i1", true, DType::kInt8},    {"|u1", true, DType::kUInt8},
      {"<i2", true, DType::kInt16},   {"<i4", true, DType::kInt32},
      {"<i8", true, DType::kInt64},   {"|b1", true, DType::kBool},
      {">f4", false, DType::kFloat},  {"|f4", false, DType::kFloat},
      {"<c8", false, DType::kFloat},  {"<V2", false, DType::kFloat},
      {"f", false, DType::kFloat},    {"bfloat16", true, DType::kBFloat16},
  };
  for (const auto& row : rows) {
    DType d = DType::kBool;
    EXPECT_EQ(DTypeFromNpyDescr(row.descr, &d), row.known) << row.descr;
    if (row.known) {
      EXPECT_EQ(d, row.dtype) << row.descr;
    }
  }
}

// Independent reference: the binary16 definition evaluated in double.
double HalfReference(uint16_t h) {
  const int sign = h >> 15, exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  const double s = sign ? -1.0 : 1.0;
  if (exponent == 31) {
    return fraction ? std::numeric_limits<double>::quiet_NaN()
                    : s * std::numeric_limits<double>::infinity();
  }
  if (exponent == 0) return s * std::ldexp(fraction, -24);
  return s * std::ldexp(1024 + fraction, exponent - 25);
}

TEST(Half, EveryFp16ValueWidensExactly) {
  int checked = 0;
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const float got = HalfToFloat(static_cast<uint16_t>(h));
    const double want = HalfReference(static_cast<uint16_t>(h));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << std::hex << h;
    } else {
      ASSERT_EQ(static_cast<double>(got), want) << std::hex << h;
      ASSERT_EQ(std::signbit(got), std::signbit(want)) << std::hex << h;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 65536);
  EXPECT_EQ(HalfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(HalfToFloat(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(HalfToFloat(0x7bff), 65504.0f);               // largest finite
}

TEST(Half, Bfloat16IsTheHighHalfOfAFloat) {
  EXPECT_EQ(BFloat16ToFloat(0x3f80), 1.0f);
  EXPECT_EQ(BFloat16ToFloat(0xc040), -3.0f);
  EXPECT_EQ(BFloat16ToFloat(0x3fc0), 1.5f);
  EXPECT_EQ(BFloat16ToFloat(0x0001), std::ldexp(1.0f, -133));
  EXPECT_TRUE(std::isinf(BFloat16ToFloat(0xff80)));
  EXPECT_TRUE(std::isnan(BFloat16ToFloat(0x7fc1)));
}

TEST(DType, DecodesLittleEndianElements) {
  const unsigned char f32[] = {0x00, 0x00, 0xc0, 0x3f};  // 1.5f
  const unsigned char f16[] = {0x00, 0xbc};              // -1.0
  const unsigned char i16[] = {0xfe, 0xff};              // -2
  const unsigned char u8[] = {0xff};
  const unsigned char b[] = {0x07};  // any non-zero byte is true
  EXPECT_EQ(ToDouble(DType::kFloat, f32), 1.5);
  EXPECT_EQ(ToDouble(DType::kFloat16, f16), -1.0);
  EXPECT_EQ(ToInt64(DType::kInt16, i16), -2);
  EXPECT_EQ(ToInt64(DType::kUInt8, u8), 255);
  EXPECT_EQ(ToInt64(DType::kInt8, u8), -1);
  EXPECT_EQ(ToInt64(DType::kBool, b), 1);
  EXPECT_EQ(RawBits(DType::kFloat, f32), 0x3fc00000u);
}

TEST(DType, UlpDistanceCountsRepresentableSteps) {
  const uint64_t one = BitsOf(1.0f);
  EXPECT_EQ(UlpDistance(DType::kFloat, one, one), 0u);
  EXPECT_EQ(UlpDistance(DType::kFloat, one, BitsOf(std::nextafter(1.0f, 2.0f))), 1u);
  EXPECT_EQ(UlpDistance(DType::kFloat, one, BitsOf(std::nextafter(1.0f, 0.0f))), 1u);
  EXPECT_EQ(UlpDistance(DType::kFloat, BitsOf(0.0f), BitsOf(-0.0f)), 0u);
  // Across zero: smallest subnormals of opposite signs are two steps apart.
  EXPECT_EQ(UlpDistance(DType::kFloat, 0x00000001u, 0x80000001u), 2u);
  // bf16 1.0 (0x3f80) to 1.0 + 2^-5 (0x3f84): 4 steps of 2^-7.
  EXPECT_EQ(UlpDistance(DType::kBFloat16, 0x3f80u, 0x3f84u), 4u);
  EXPECT_EQ(UlpDistance(DType::kFloat16, 0x3c00u, 0xbc00u), 2u * 0x3c00u);
  // The largest doubles of opposite signs are 2 * 0x7fefffffffffffff steps apart: no overflow.
  EXPECT_EQ(UlpDistance(DType::kDouble, 0x7fefffffffffffffu, 0xffefffffffffffffu),
            2 * uint64_t{0x7fefffffffffffffu});
}

}  // namespace
}  // namespace aclcpu::compare
