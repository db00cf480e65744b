#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "errors.h"
#include "options.h"
#include "report.h"
#include "stats.h"
#include "test_support.h"

namespace aclcpu::compare {
namespace {

using testing::FloatFromBits;
using testing::MakeTensor;

Criterion Vendor(DType dtype) {
  Criterion c;
  c.listThreshold = Info(dtype).vendorT;
  return c;
}

TEST(Stats, MatchesAFloat64Reference) {
  const std::vector<float> expected = {1.0f, -2.5f, 0.0f, 1000.0f, 3.0e-3f, -7.0f};
  const std::vector<float> actual = {1.0f, -2.5f + 0.001f, 1e-9f, 1000.0f, 3.0e-3f, -7.5f};
  const Stats s = Compute(MakeTensor(DType::kFloat, actual), MakeTensor(DType::kFloat, expected),
                          Vendor(DType::kFloat));
  double maxAbs = 0, sumAbs = 0, maxRel = 0, sumRel = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double d = std::fabs(static_cast<double>(actual[i]) - expected[i]);
    const double r = d / (std::fabs(static_cast<double>(expected[i])) + 1e-7);
    maxAbs = std::max(maxAbs, d);
    maxRel = std::max(maxRel, r);
    sumAbs += d;
    sumRel += r;
  }
  EXPECT_EQ(s.count, 6u);
  EXPECT_EQ(s.measured, 6u);
  EXPECT_DOUBLE_EQ(s.maxAbsError, maxAbs);
  EXPECT_DOUBLE_EQ(s.MeanAbsError(), sumAbs / 6);
  EXPECT_DOUBLE_EQ(s.maxRelError, maxRel);
  EXPECT_DOUBLE_EQ(s.MeanRelError(), sumRel / 6);
  EXPECT_EQ(s.maxAbsIndex, 5u);   // 0.5 off
  EXPECT_EQ(s.maxRelIndex, 5u);   // 1e-9 / 1e-7 = 0.01 < 0.5 / 7
  EXPECT_GT(s.maxAbsError, 0.4);  // guard: errors were measured at all
  // Elements 1 (4e-4 relative), 2 (0.01) and 5 (0.07) are above T = 2^-13.
  EXPECT_EQ(s.outsideCount, 3u);
  ASSERT_EQ(s.firstOutside.size(), 3u);
  EXPECT_EQ(s.firstOutside[0].index, 1u);
  EXPECT_EQ(s.firstOutside[2].index, 5u);
  EXPECT_EQ(s.firstOutside[2].expected, -7.0);
  EXPECT_FALSE(Judge(s, DType::kFloat, Vendor(DType::kFloat)).pass);
}

TEST(Stats, UlpHistogramBuckets) {
  // Distances 0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 1000 ulp above 1.0f.
  const uint32_t steps[] = {0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 1000};
  std::vector<float> actual, expected;
  for (uint32_t k : steps) {
    expected.push_back(1.0f);
    actual.push_back(FloatFromBits(0x3f800000u + k));
  }
  const Stats s = Compute(MakeTensor(DType::kFloat, actual), MakeTensor(DType::kFloat, expected),
                          Vendor(DType::kFloat));
  const std::array<std::size_t, kBucketCount> want = {1, 1, 1, 2, 2, 2, 2};
  EXPECT_EQ(s.histogram, want);
  EXPECT_EQ(s.maxDistance, 1000u);
  EXPECT_EQ(BucketOf(std::numeric_limits<uint64_t>::max()), 6u);
}

TEST(Stats, NanAndInfMismatchesAreCountedApart) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> expected = {nan, nan, 1.0f, inf, inf, -inf, 2.0f};
  const std::vector<float> actual = {nan, 1.0f, nan, inf, -inf, 5.0f, 2.0f};
  const Stats s = Compute(MakeTensor(DType::kFloat, actual), MakeTensor(DType::kFloat, expected),
                          Vendor(DType::kFloat));
  EXPECT_EQ(s.nanMismatches, 2u);  // NaN vs NaN (element 0) is equal
  EXPECT_EQ(s.infMismatches, 2u);  // inf vs inf (element 3) is equal
  EXPECT_EQ(s.measured, 3u);
  EXPECT_EQ(s.histogram[0], 3u);
  EXPECT_EQ(s.maxRelError, 0.0);
  EXPECT_EQ(s.outsideCount, 4u);
  ASSERT_EQ(s.firstOutside.size(), 4u);
  EXPECT_EQ(s.firstOutside[0].why, Outside::kNaN);
  EXPECT_EQ(s.firstOutside[2].why, Outside::kInf);
  const Verdict v = Judge(s, DType::kFloat, Vendor(DType::kFloat));
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.reason.rfind("FAIL: 2 NaN mismatch(es); 2 inf mismatch(es); ", 0), 0u) << v.reason;
}

TEST(Stats, VendorStandardBoundaries) {
  // bf16, T = 2^-7, relative errors measured against 1.0 (+1e-7).
  const Criterion c = Vendor(DType::kBFloat16);
  auto judge = [&](const std::vector<uint16_t>& actual, std::size_t n) {
    const Tensor e = MakeTensor(DType::kBFloat16, std::vector<uint16_t>(n, 0x3f80));  // 1.0
    std::vector<uint16_t> a(n, 0x3f80);
    std::copy(actual.begin(), actual.end(), a.begin());
    const Stats s = Compute(MakeTensor(DType::kBFloat16, a), e, c);
    return std::make_pair(s, Judge(s, DType::kBFloat16, c));
  };
  // All equal: PASS.
  EXPECT_TRUE(judge({}, 4).second.pass);
  // Two of four elements at 1 + 2^-5 (4 steps): max 4·T < 10·T, mean 2·T >= T: FAIL on the mean.
  auto [s, v] = judge({0x3f84, 0x3f84}, 4);
  EXPECT_NEAR(s.maxRelError, 1.0 / 32, 1e-8);
  EXPECT_NEAR(s.MeanRelError(), 1.0 / 64, 1e-8);
  EXPECT_EQ(s.histogram[3], 2u);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.reason,
            "FAIL: mean relative error 1.562500e-02 >= T, max relative error 3.125000e-02 < 10*T, "
            "T = 2^-7 = 7.812500e-03 for BFLOAT16 (vendor precision standard)");
  // One of 32 at 1 + 2^-3 (16 steps): mean T/2 < T, max 16·T >= 10·T: FAIL on the max.
  std::tie(s, v) = judge({0x3f90}, 32);
  EXPECT_EQ(s.histogram[5], 1u);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.reason,
            "FAIL: mean relative error 3.906250e-03 < T, max relative error 1.250000e-01 >= 10*T, "
            "T = 2^-7 = 7.812500e-03 for BFLOAT16 (vendor precision standard)");
  // One of 32 at 1 + 2^-5: mean T/8, max 4·T: PASS.
  std::tie(s, v) = judge({0x3f84}, 32);
  EXPECT_TRUE(v.pass) << v.reason;
  EXPECT_GT(s.maxRelError, 0.03);  // guard: the error was seen
}

TEST(Stats, IntegersMustBeEqualAndBucketTheDifference) {
  const std::vector<int32_t> expected = {5, -3, 100, 7, std::numeric_limits<int32_t>::min()};
  const std::vector<int32_t> actual = {5, -1, 90, 7, std::numeric_limits<int32_t>::max()};
  const Criterion c = Vendor(DType::kInt32);
  const Stats s =
      Compute(MakeTensor(DType::kInt32, actual), MakeTensor(DType::kInt32, expected), c);
  EXPECT_EQ(s.histogram[0], 2u);
  EXPECT_EQ(s.histogram[2], 1u);  // |-1 - -3| = 2
  EXPECT_EQ(s.histogram[5], 1u);  // 10
  EXPECT_EQ(s.histogram[6], 1u);
  EXPECT_EQ(s.maxDistance, 4294967295u);
  EXPECT_EQ(s.outsideCount, 3u);
  EXPECT_EQ(Judge(s, DType::kInt32, c).reason,
            "FAIL: 3 of 5 elements differ (INT32: exact equality)");
  const Stats same =
      Compute(MakeTensor(DType::kInt32, expected), MakeTensor(DType::kInt32, expected), c);
  EXPECT_EQ(Judge(same, DType::kInt32, c).reason,
            "PASS: all elements equal (INT32: exact equality)");
}

TEST(Stats, AllCloseIsNumpysRule) {
  Criterion c;
  c.allClose = true;
  c.rtol = 1e-3;
  c.atol = 1e-5;
  // Bars: 1e-5 + 1e-3 * |expected|.
  const std::vector<double> expected = {1.0, 100.0, 0.0, 0.0};
  const std::vector<double> actual = {1.0 + 1.0e-3, 100.0 + 0.2, 1e-5, 2e-5};
  const Stats s =
      Compute(MakeTensor(DType::kDouble, actual), MakeTensor(DType::kDouble, expected), c);
  EXPECT_EQ(s.outsideCount, 2u);  // element 1 (0.2 > 0.10001) and element 3 (2e-5 > 1e-5)
  ASSERT_EQ(s.firstOutside.size(), 2u);
  EXPECT_EQ(s.firstOutside[0].index, 1u);
  EXPECT_EQ(s.firstOutside[1].index, 3u);
  const Verdict v = Judge(s, DType::kDouble, c);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.reason,
            "FAIL: 2 of 4 elements fail |actual - expected| <= atol + rtol*|expected| "
            "(rtol 0.001, atol 1e-05)");
}

TEST(Report, MultiDimensionalIndices) {
  EXPECT_EQ(FormatIndex(5, {2, 3}), "[1, 2]");
  EXPECT_EQ(FormatIndex(0, {2, 3}), "[0, 0]");
  EXPECT_EQ(FormatIndex(23, {2, 3, 4}), "[1, 2, 3]");
  EXPECT_EQ(FormatIndex(7, {8}), "[7]");
  EXPECT_EQ(FormatIndex(0, {}), "[]");
}

TEST(Report, ListsOutsideElementsAndVerdict) {
  const Tensor e = MakeTensor(DType::kFloat, std::vector<float>{1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor a = MakeTensor(DType::kFloat, std::vector<float>{1, 2, 3, 4, 5, 6.5f}, {2, 3});
  const Criterion c = Vendor(DType::kFloat);
  const Stats s = Compute(a, e, c);
  std::ostringstream out;
  PrintReport(out, a, e, s, c, Judge(s, DType::kFloat, c));
  const std::string text = out.str();
  EXPECT_NE(text.find("elements             6\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  [1, 2]  actual 6.5  expected 6  abs 5.000e-01  rel 8.333e-02\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nFAIL: "), std::string::npos) << text;
}

TEST(Options, ParsesFilesShapesAndCriteria) {
  const char* argv[] = {
      "aclnn-cpu-compare", "--dtype", "bf16", "--shape=[2, 3]", "--rtol", "1e-3", "a.bin", "b.bin"};
  const Options o = ParseOptions(8, argv);
  EXPECT_EQ(o.actualPath, "a.bin");
  EXPECT_EQ(o.expectedPath, "b.bin");
  EXPECT_EQ(o.layout.dtype, DType::kBFloat16);
  EXPECT_EQ(o.layout.shape, (std::vector<int64_t>{2, 3}));
  const Criterion c = MakeCriterion(o, DType::kBFloat16);
  EXPECT_TRUE(c.allClose);
  EXPECT_EQ(c.rtol, 1e-3);
  EXPECT_EQ(c.atol, 0.0);
  EXPECT_EQ(ParseShape("4x5x6"), (std::vector<int64_t>{4, 5, 6}));
  EXPECT_EQ(ParseShape("(7,)"), (std::vector<int64_t>{7}));
  EXPECT_TRUE(ParseShape("[]").empty());
}

TEST(Options, UsageErrors) {
  auto error = [](std::vector<const char*> args) -> std::string {
    args.insert(args.begin(), "aclnn-cpu-compare");
    try {
      ParseOptions(static_cast<int>(args.size()), args.data());
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error({"a.bin"}), "expected two files, ACTUAL and EXPECTED; got 1");
  EXPECT_EQ(
      error({"--dtype", "float8", "a", "b"}).rfind("unknown dtype 'float8'; known: FLOAT, ", 0),
      0u);
  EXPECT_EQ(
      error({"--shape", "2,-3", "a", "b"}),
      "bad --shape '2,-3': expected non-negative dimensions separated by ',' or 'x', e.g. 2,3");
  EXPECT_EQ(error({"--rtol", "abc", "a", "b"}), "--rtol needs a non-negative number, got 'abc'");
  EXPECT_EQ(error({"--frobnicate", "1", "a", "b"}), "unknown option '--frobnicate'");
  EXPECT_EQ(error({"a", "b", "--atol"}), "--atol needs a value");
  EXPECT_EQ(error({"--show", "2.5", "a", "b"}), "--show needs a whole number, got '2.5'");
  EXPECT_EQ(error({"a", "b"}), "");
}

}  // namespace
}  // namespace aclcpu::compare
