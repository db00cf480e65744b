// aclnnGeluQuant through the public API: static and dynamic quantization to every target against
// a float64 reference (gelu in double, nearest code of the format), saturation, the vendor's
// order on a zero row, and the vendor's sample. The checks: test_quant_apis_gelu_checks.cpp.
#include "aclnnop/aclnn_gelu_quant.h"
#include "quant_test_util.h"

using namespace quanttest;

namespace {

double GeluRef(double x, bool tanhForm) {
  if (tanhForm) {
    const double k = std::sqrt(2.0 / M_PI);
    return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
  }
  return 0.5 * x * std::erfc(-x / std::sqrt(2.0));
}

// The fp32 kernel's absolute error bound on gelu(x) (1 + erf cancels for x << 0).
double GeluTol(double x) { return 1e-6 * std::fabs(x) + 1e-7; }

struct P1 {
  aclnnStatus status = 0;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Phase1(const aclTensor* x, const aclTensor* s, const aclTensor* o, const char* approx,
          const char* mode, const char* round, int64_t dst, const aclTensor* y,
          const aclTensor* os) {
  P1 p;
  p.status =
      aclnnGeluQuantGetWorkspaceSize(x, s, o, approx, mode, round, dst, y, os, &p.ws, &p.exec);
  return p;
}

const char* RoundFor(aclDataType dt, bool hybrid = false) {
  return dt == ACL_HIFLOAT8 ? (hybrid ? "hybrid" : "round") : "rint";
}

struct NumCase {
  aclDataType xdt;
  aclDataType ydt;
  bool hybrid;
  bool tanhForm;
  Layout layout;
};

const NumCase kNumCases[] = {
    {ACL_FLOAT, ACL_INT8, false, false, Layout::kContiguous},
    {ACL_FLOAT16, ACL_FLOAT8_E4M3FN, false, true, Layout::kTransposed},
    {ACL_BF16, ACL_FLOAT8_E5M2, false, false, Layout::kEveryOther},
    {ACL_FLOAT, ACL_HIFLOAT8, false, true, Layout::kContiguous},
    {ACL_FLOAT16, ACL_HIFLOAT8, true, false, Layout::kContiguous},
    {ACL_BF16, ACL_INT8, false, true, Layout::kTransposed},
};

// Static: y = cast(gelu(x) * scale[c] + offset[c]); scalar scale / offset in odd cases.
TEST(GeluQuant, StaticMatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  const int64_t rows = 3, cols = 300;  // more columns than one kernel chunk
  for (size_t k = 0; k < sizeof(kNumCases) / sizeof(kNumCases[0]); ++k) {
    const NumCase& c = kNumCases[k];
    const bool scalar = k % 2 == 1;
    SCOPED_TRACE("case " + std::to_string(k));
    const aclDataType sdt = c.xdt == ACL_FLOAT ? ACL_FLOAT : c.xdt;
    const int64_t sn = scalar ? 1 : cols;
    DevTensor x({rows, cols}, c.xdt, c.layout), s({sn}, sdt, Layout::kEveryOther), o({sn}, sdt);
    const double range = FormatMax(c.ydt) / 16;
    const std::vector<double> xv = x.Set(RandomValues(rows * cols, 100 + k, -6, 6));
    const std::vector<double> sv = s.Set(RandomValues(sn, 200 + k, 0.5, range));
    const std::vector<double> ov = o.Set(RandomValues(sn, 300 + k, -range / 4, range / 4));
    ByteTensor y({rows, cols}, c.ydt, k % 3 == 0);
    const P1 p = Phase1(x.get(), s.get(), o.get(), c.tanhForm ? "tanh" : "none", "static",
                        RoundFor(c.ydt, c.hybrid), c.ydt, y.get(), nullptr);
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
    const std::vector<uint8_t> codes = y.Codes();
    ExpectNotTrivial(y.Raw(), kSentinel);
    int nonzero = 0;
    for (int64_t i = 0; i < rows * cols; ++i) {
      const size_t col = scalar ? 0 : static_cast<size_t>(i % cols);
      const double xi = xv[static_cast<size_t>(i)];
      const double ref = GeluRef(xi, c.tanhForm) * sv[col] + ov[col];
      const double tol = GeluTol(xi) * sv[col] + 1e-6 * std::fabs(ref);
      ExpectNearestCode(c.ydt, codes[static_cast<size_t>(i)], ref, tol,
                        "i=" + std::to_string(i) + " x=" + std::to_string(xi));
      nonzero += codes[static_cast<size_t>(i)] != 0;
    }
    EXPECT_GT(nonzero, rows * cols / 4);
  }
}

// Dynamic: g' = gelu(x) * scale (optional), outScale[row] = max|g'| / max, y = cast(g'/s).
TEST(GeluQuant, DynamicMatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  const std::vector<int64_t> shape = {2, 3, 260};
  const int64_t rows = 6, cols = 260;
  for (size_t k = 0; k < sizeof(kNumCases) / sizeof(kNumCases[0]); ++k) {
    const NumCase& c = kNumCases[k];
    const bool withScale = k % 2 == 0;
    SCOPED_TRACE("case " + std::to_string(k));
    const aclDataType sdt = ACL_FLOAT;
    DevTensor x(shape, c.xdt, c.layout), s({cols}, sdt), os({2, 3}, ACL_FLOAT, Layout::kTransposed);
    const std::vector<double> xv = x.Set(RandomValues(rows * cols, 400 + k, -5, 7));
    const std::vector<double> sv = s.Set(RandomValues(cols, 500 + k, 0.25, 4));
    ByteTensor y(shape, c.ydt, k % 3 == 1);
    const P1 p =
        Phase1(x.get(), withScale ? s.get() : nullptr, nullptr, c.tanhForm ? "tanh" : "none",
               "dynamic", RoundFor(c.ydt, c.hybrid), c.ydt, y.get(), os.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
    const std::vector<uint8_t> codes = y.Codes();
    const std::vector<double> scales = os.Get();
    for (int64_t r = 0; r < rows; ++r) {
      std::vector<double> g(static_cast<size_t>(cols));
      double amax = 0;
      for (int64_t j = 0; j < cols; ++j) {
        const double xi = xv[static_cast<size_t>(r * cols + j)];
        g[static_cast<size_t>(j)] = GeluRef(xi, c.tanhForm) * (withScale ? sv[j] : 1.0);
        amax = std::max(amax, std::fabs(g[static_cast<size_t>(j)]));
      }
      const double sRef = amax / FormatMax(c.ydt);
      const double sGot = scales[static_cast<size_t>(r)];
      ASSERT_NEAR(sGot, sRef, 2e-6 * sRef) << "row " << r;
      int atMax = 0;
      for (int64_t j = 0; j < cols; ++j) {
        const double xi = xv[static_cast<size_t>(r * cols + j)];
        const double q = g[static_cast<size_t>(j)] / sRef;
        const double tol = (GeluTol(xi) * 4 / sRef) + 4e-6 * std::fabs(q);
        const uint8_t code = codes[static_cast<size_t>(r * cols + j)];
        ExpectNearestCode(c.ydt, code, q, tol,
                          "row " + std::to_string(r) + " j " + std::to_string(j));
        atMax += std::fabs(DecodeCode(c.ydt, code)) == FormatMax(c.ydt);
      }
      EXPECT_GE(atMax, 1) << "row " << r << ": the row's amax maps to the format's max";
    }
  }
}

// The vendor's sample: fp16 x {4,2}, scale 1, offset 0, static int8: 1 2 6 0 0 0 0 0.
TEST(GeluQuant, VendorSample) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({4, 2}, ACL_FLOAT16), s({1}, ACL_FLOAT16), o({1}, ACL_FLOAT16);
  x.Set({1, 2, 6, -0.25, -8, -8, -1.5, 0});
  s.Set({1});
  o.Set({0});
  ByteTensor y({4, 2}, ACL_INT8);
  const P1 p = Phase1(x.get(), s.get(), o.get(), "none", "static", "rint", 2, y.get(), nullptr);
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
  EXPECT_EQ(y.Codes(), (std::vector<uint8_t>{1, 2, 6, 0, 0, 0, 0, 0}));
}

// Saturation and the vendor's order on a zero row: outScale 0, y = cast(0 / 0).
TEST(GeluQuant, SaturationAndZeroRow) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({1, 4}, ACL_FLOAT), s({1}, ACL_FLOAT);
  x.Set({6, -6, 3, 0});
  s.Set({1000});
  ByteTensor y({1, 4}, ACL_INT8), yE4({1, 4}, ACL_FLOAT8_E4M3FN);
  P1 p = Phase1(x.get(), s.get(), nullptr, "none", "static", "rint", 2, y.get(), nullptr);
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
  // gelu(-6) * 1000 = -6e-6: rounds to 0.
  EXPECT_EQ(y.Codes(), (std::vector<uint8_t>{127, 0, 127, 0}));
  p = Phase1(x.get(), s.get(), nullptr, "none", "static", "rint", 36, yE4.get(), nullptr);
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
  EXPECT_EQ(yE4.Codes()[0], 0x7e);  // 6000 saturates to 448
  EXPECT_EQ(yE4.Codes()[2], 0x7e);

  DevTensor z({2, 3}, ACL_FLOAT), os({2}, ACL_FLOAT);
  z.Set({0, 0, 0, 1, 2, 3});
  ByteTensor yz({2, 3}, ACL_INT8);
  p = Phase1(z.get(), nullptr, nullptr, "none", "dynamic", "rint", 2, yz.get(), os.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> sc = os.Get();
  EXPECT_EQ(sc[0], 0.0);
  const std::vector<uint8_t> codes = yz.Codes();
  EXPECT_EQ(codes[0], 0);  // 0 / 0 = NaN, INT8 NaN -> 0
  EXPECT_EQ(codes[5], 127);
}

// A 0-dim self quantizes as one element (static mode allows rank 0).
TEST(GeluQuant, ZeroDimStatic) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({}, ACL_BF16), s({1}, ACL_BF16);
  x.Set({2.5});
  s.Set({10});
  ByteTensor y({}, ACL_INT8);
  const P1 p = Phase1(x.get(), s.get(), nullptr, "tanh", "static", "rint", 2, y.get(), nullptr);
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS);
  // gelu_tanh(2.5) = 2.48497...; * 10 = 24.85 -> 25
  EXPECT_EQ(static_cast<int8_t>(y.Codes()[0]), 25);
}

// aclSetInputTensorAddr numbers self, inputScaleOptional, inputOffsetOptional and the outputs
// y, outScaleOptional whether given or not: a null offset or outScale is refused (161002) and
// the numbers after a null one do not shift; the scale moves to a new buffer.
TEST(GeluQuant, OptionalTensorsKeepTheirNumbers) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({2}, ACL_FLOAT), s({1}, ACL_FLOAT), s2({1}, ACL_FLOAT);
  x.Set({2.5, -0.5});
  s.Set({10});
  s2.Set({20});
  ByteTensor y({2}, ACL_INT8);
  P1 p = Phase1(x.get(), s.get(), nullptr, "tanh", "static", "rint", 2, y.get(), nullptr);
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(p.exec), ACLNN_SUCCESS);
  EXPECT_EQ(aclSetInputTensorAddr(p.exec, 2, s.get(), s2.data()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"input 2", "null at phase 1"});
  EXPECT_EQ(aclSetOutputTensorAddr(p.exec, 1, y.get(), s2.data()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"output 1", "null at phase 1"});
  // aclSetTensorAddr: inputs 0-2, then y is 3 and outScaleOptional 4.
  EXPECT_EQ(aclSetTensorAddr(p.exec, 4, y.get(), s2.data()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"output 1", "null at phase 1"});
  ASSERT_EQ(aclSetInputTensorAddr(p.exec, 1, s.get(), s2.data()), ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGeluQuant, p.ws, p.exec), ACLNN_SUCCESS) << TakeErrMsg();
  // gelu_tanh(2.5) = 2.48497 and gelu_tanh(-0.5) = -0.15429, times the new scale 20.
  EXPECT_EQ(static_cast<int8_t>(y.Codes()[0]), 50);
  EXPECT_EQ(static_cast<int8_t>(y.Codes()[1]), -3);
  EXPECT_EQ(aclDestroyAclOpExecutor(p.exec), ACLNN_SUCCESS);
}

}  // namespace
