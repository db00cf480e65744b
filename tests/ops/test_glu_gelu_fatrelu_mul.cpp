// aclnnGeluMul and aclnnFatreluMul through the public API: chips, check order and codes,
// messages, and results against float64 references over dtypes and layouts.
#include "aclnnop/aclnn_fatrelu_mul.h"
#include "aclnnop/aclnn_gelu_mul.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 GeluMul(const aclTensor* in, const char* approx, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnGeluMulGetWorkspaceSize(in, const_cast<char*>(approx), out, &r.ws, &r.exec);
  return r;
}
P1 Fatrelu(const aclTensor* in, const aclTensor* thr, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnFatreluMulGetWorkspaceSize(in, thr, out, &r.ws, &r.exec);
  return r;
}

bool GeluMulOnChip() { return !ChipIs910Training(); }
bool FatreluOnChip() { return !ChipIs910Training() && !ChipIs950(); }

double GeluTanh(double x) {
  return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
}
double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }

struct Case {
  std::vector<int64_t> shape;
  Layout inLayout, outLayout;
};
const Case kCases[] = {
    {{2, 4}, Layout::kContiguous, Layout::kContiguous},
    {{3, 5, 64}, Layout::kTransposed, Layout::kEveryOther},
    {{40, 1024}, Layout::kContiguous, Layout::kContiguous},
};

class GeluFatreluDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(GeluFatreluDtype, GeluMulMatchesReference) {
  if (!GeluMulOnChip()) GTEST_SKIP();
  const aclDataType dt = GetParam();
  uint32_t seed = 400;
  for (const char* approx : {"tanh", "none", static_cast<const char*>(nullptr)}) {
    for (const Case& c : kCases) {
      SCOPED_TRACE(std::string(approx ? approx : "NULL") + " seed " + std::to_string(seed));
      std::vector<int64_t> outShape = c.shape;
      outShape.back() /= 2;
      DevTensor x(c.shape, dt, c.inLayout), out(outShape, dt, c.outLayout);
      const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -5, 5));
      const P1 p = GeluMul(x.get(), approx, out.get());
      ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
      ASSERT_EQ(RunPhase2(aclnnGeluMul, p.ws, p.exec), ACLNN_SUCCESS);
      ExpectNotTrivial(out.Raw(), kSentinel);
      EXPECT_TRUE(out.GapsUntouched());
      const SplitIndex si(c.shape, static_cast<int>(c.shape.size()) - 1);
      const std::vector<double> got = out.Get();
      const bool tanh = approx != nullptr && std::string(approx) == "tanh";
      for (int64_t k = 0; k < out.numel(); ++k) {
        int64_t i0, i1;
        si.Partners(k, &i0, &i1);
        const double a = xv[static_cast<size_t>(i0)], b = xv[static_cast<size_t>(i1)];
        const double g = tanh ? GeluTanh(a) : GeluErf(a);
        // exp of an fp32-rounded argument: about |u| ulps of relative error for negative a.
        const double u = 1.6 * std::fabs(a) * (1.0 + 0.045 * a * a);
        // "none" is 0.5 a (1 + erf(a / sqrt 2)) in fp32, as the vendor writes it: 1 + erf cancels
        // for negative a, an absolute error of a few fp32 ulps of 1 times 0.5 |a b|.
        const double floor = tanh ? 1e-37 : 0.5 * std::fabs(a * b) * std::ldexp(1.0, -21);
        ExpectClose(dt, got[static_cast<size_t>(k)], g * b, (8 + 4 * u) * std::fabs(g * b), 1,
                    "k=" + std::to_string(k), 1.0, floor);
      }
    }
  }
}

TEST_P(GeluFatreluDtype, FatreluMulMatchesReference) {
  if (!FatreluOnChip()) GTEST_SKIP();
  const aclDataType dt = GetParam();
  uint32_t seed = 500;
  for (double thr : {0.01, -0.5, 1.25}) {
    for (const Case& c : kCases) {
      SCOPED_TRACE("threshold " + std::to_string(thr) + " seed " + std::to_string(seed));
      std::vector<int64_t> outShape = c.shape;
      outShape.back() /= 2;
      DevTensor x(c.shape, dt, c.inLayout), t({1}, dt), out(outShape, dt, c.outLayout);
      std::vector<double> init = RandomValues(x.numel(), seed++, -3, 3);
      for (size_t i = 0; i < init.size(); i += 7) init[i] = thr;  // exactly at the threshold
      const std::vector<double> xv = x.Set(init);
      const double tv = t.Set({thr})[0];
      const P1 p = Fatrelu(x.get(), t.get(), out.get());
      ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
      ASSERT_EQ(RunPhase2(aclnnFatreluMul, p.ws, p.exec), ACLNN_SUCCESS);
      ExpectNotTrivial(out.Raw(), kSentinel);
      EXPECT_TRUE(out.GapsUntouched());
      const SplitIndex si(c.shape, static_cast<int>(c.shape.size()) - 1);
      const std::vector<double> got = out.Get();
      for (int64_t k = 0; k < out.numel(); ++k) {
        int64_t i0, i1;
        si.Partners(k, &i0, &i1);
        const double a = xv[static_cast<size_t>(i0)], b = xv[static_cast<size_t>(i1)];
        const double ref = (a > tv ? a : 0.0) * b;  // strictly greater keeps
        ExpectClose(dt, got[static_cast<size_t>(k)], ref, ref, 1, "k=" + std::to_string(k));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, GeluFatreluDtype,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(GeluMul, SampleValues) {  // the vendor's documented sample: 0..7 as [2,4], tanh
  if (!GeluMulOnChip()) GTEST_SKIP();
  DevTensor x({2, 4}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
  x.Set({0, 1, 2, 3, 4, 5, 6, 7});
  const P1 p = GeluMul(x.get(), "tanh", out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(aclnnGeluMul, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = out.Get();
  const double expect[] = {0, 2.523576, 23.999579, 34.999998};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(got[i], expect[i], 3e-6) << i;
}

TEST(GeluMul, FailureTable) {
  DevTensor x({2, 4}, ACL_FLOAT), out({2, 2}, ACL_FLOAT), outF16({2, 2}, ACL_FLOAT16);
  DevTensor x1({8}, ACL_FLOAT), xOdd({2, 5}, ACL_FLOAT), xBig({2, 2048}, ACL_FLOAT);
  DevTensor out3({2, 3}, ACL_FLOAT), xInt({2, 4}, ACL_INT64);
  if (!GeluMulOnChip()) {
    EXPECT_EQ(GeluMul(x.get(), "tanh", out.get()).status, ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnGeluMul", "not supported on"});
    return;
  }
  struct Row {
    const aclTensor* x;
    const char* approx;
    const aclTensor* out;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, "tanh", out.get(), ACLNN_ERR_PARAM_NULLPTR, {"aclnnGeluMul", "input"}},
      {x.get(), "tanh", nullptr, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {xInt.get(), "tanh", out.get(), ACLNN_ERR_PARAM_INVALID, {"input dtype INT64"}},
      {x.get(), "tanh", outF16.get(), ACLNN_ERR_PARAM_INVALID, {"out dtype FLOAT16"}},
      {x.get(), "erf", out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"\"erf\" is not supported"}},
      {x1.get(), "tanh", out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"at least 2 dims"}},
      {xOdd.get(), "tanh", out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"odd last dim"}},
      {xBig.get(), "tanh", out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"over 1024"}},
      {x.get(), "tanh", out3.get(), ACLNN_ERR_INNER_TILING_ERROR, {"out shape [2,3]"}},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(GeluMul(r.x, r.approx, r.out).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

TEST(FatreluMul, FailureTable) {
  DevTensor x({2, 4}, ACL_FLOAT), t({1}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
  DevTensor t2({2}, ACL_FLOAT), tF16({1}, ACL_FLOAT16), x1({8}, ACL_FLOAT), x0({2, 0}, ACL_FLOAT);
  if (!FatreluOnChip()) {
    EXPECT_EQ(Fatrelu(x.get(), t.get(), out.get()).status, ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnFatreluMul", "not supported on"});
    return;
  }
  struct Row {
    const aclTensor* x;
    const aclTensor* t;
    const aclTensor* out;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, t.get(), out.get(), ACLNN_ERR_PARAM_NULLPTR, {"aclnnFatreluMul", "input"}},
      {x.get(), nullptr, out.get(), ACLNN_ERR_PARAM_NULLPTR, {"threshold"}},
      {x.get(), t.get(), nullptr, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {x.get(), tF16.get(), out.get(), ACLNN_ERR_PARAM_INVALID, {"threshold dtype FLOAT16"}},
      {x1.get(), t.get(), out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"at least 2 dims"}},
      {x0.get(), t.get(), out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"empty last dim"}},
      {x.get(), t2.get(), out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"exactly one element"}},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(Fatrelu(r.x, r.t, r.out).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

}  // namespace
