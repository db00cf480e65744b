// aclnnSituGlu and aclnnSituGluGrad through the public API: chips, checks and codes, messages,
// and results against float64 references over dtypes, gate sides, beta / linearBeta, dims and
// layouts.
#include "aclnnop/aclnn_situ_glu.h"
#include "aclnnop/aclnn_situ_glu_grad.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Situ(const aclTensor* x, int64_t dim, double beta, double lb, bool left, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnSituGluGetWorkspaceSize(x, dim, beta, lb, left, out, &r.ws, &r.exec);
  return r;
}
P1 SituGrad(const aclTensor* g, const aclTensor* x, int64_t dim, double beta, double lb, bool left,
            const aclTensor* out) {
  P1 r{0};
  r.status = aclnnSituGluGradGetWorkspaceSize(g, x, dim, beta, lb, left, out, &r.ws, &r.exec);
  return r;
}

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  Layout inLayout, outLayout;
  double beta, lb;
  bool left;
};
const Case kCases[] = {
    {{2, 32}, -1, Layout::kContiguous, Layout::kContiguous, 1.0, 0.0, true},
    {{3, 6, 7}, 1, Layout::kTransposed, Layout::kEveryOther, 0.5, 2.0, false},
    {{4, 10}, 0, Layout::kEveryOther, Layout::kContiguous, 2.0, 0.75, true},
    {{2, 20000}, -1, Layout::kContiguous, Layout::kContiguous, 1.5, 0.0, false},
};

std::vector<int64_t> Halved(std::vector<int64_t> s, int d) {
  s[static_cast<size_t>(d)] /= 2;
  return s;
}

class SituDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(SituDtype, ForwardAndBackwardMatchReference) {
  if (ChipIs910Training()) GTEST_SKIP();
  const aclDataType dt = GetParam();
  uint32_t seed = 600;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " seed " + std::to_string(seed));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    DevTensor x(c.shape, dt, c.inLayout), y(Halved(c.shape, d), dt, c.outLayout);
    DevTensor gy(Halved(c.shape, d), dt, c.inLayout), gx(c.shape, dt, c.outLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -4, 4));
    const std::vector<double> gv = gy.Set(RandomValues(gy.numel(), seed++, -2, 2));
    P1 p = Situ(x.get(), c.dim, c.beta, c.lb, c.left, y.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSituGlu, p.ws, p.exec), ACLNN_SUCCESS);
    p = SituGrad(gy.get(), x.get(), c.dim, c.beta, c.lb, c.left, gx.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSituGluGrad, p.ws, p.exec), ACLNN_SUCCESS);
    ExpectNotTrivial(y.Raw(), kSentinel);
    ExpectNotTrivial(gx.Raw(), kSentinel);
    EXPECT_TRUE(y.GapsUntouched());
    EXPECT_TRUE(gx.GapsUntouched());
    const SplitIndex si(c.shape, d);
    const std::vector<double> yv = y.Get(), gxv = gx.Get();
    for (int64_t k = 0; k < y.numel(); ++k) {
      int64_t i0, i1;
      si.Partners(k, &i0, &i1);
      const int64_t ig = c.left ? i0 : i1, iu = c.left ? i1 : i0;
      const double gate = xv[static_cast<size_t>(ig)], upIn = xv[static_cast<size_t>(iu)];
      const double t = std::tanh(gate / c.beta), s = Sig(gate), situ = c.beta * t * s;
      const double tu = c.lb > 0 ? std::tanh(upIn / c.lb) : 0.0;
      const double up = c.lb > 0 ? c.lb * tu : upIn;
      const double g = gv[static_cast<size_t>(k)];
      const double dGate = g * up * s * ((1 - t * t) + c.beta * t * (1 - s));
      const double dUp = g * situ * (c.lb > 0 ? 1 - tu * tu : 1.0);
      const double scaleGate = std::fabs(g * up * s) * (1 + std::fabs(c.beta * t));
      const std::string where = "k=" + std::to_string(k);
      ExpectClose(dt, yv[static_cast<size_t>(k)], situ * up, situ * up, 12, where + " y", 1.0,
                  1e-37);
      ExpectClose(dt, gxv[static_cast<size_t>(ig)], dGate, scaleGate, 16, where + " dGate", 1.0,
                  16 * std::ldexp(scaleGate, -23));
      ExpectClose(dt, gxv[static_cast<size_t>(iu)], dUp, std::fabs(g * situ), 16, where + " dUp",
                  1.0, 16 * std::ldexp(std::fabs(g * situ), -23));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, SituDtype, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(SituGlu, SampleValues) {  // the vendor's documented sample: 0..63 as [2,32], beta 1, lb 0
  if (ChipIs910Training()) GTEST_SKIP();
  DevTensor x({2, 32}, ACL_FLOAT), y({2, 16}, ACL_FLOAT);
  std::vector<double> v(64);
  std::iota(v.begin(), v.end(), 0.0);
  x.Set(v);
  const P1 p = Situ(x.get(), -1, 1.0, 0.0, true, y.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(aclnnSituGlu, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = y.Get();
  const double row0[] = {0, 9.465089, 15.284028, 18.009405, 19.627103};
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(got[i], row0[i], 1e-5) << i;
  EXPECT_NEAR(got[16], 48.0, 1e-5);
}

TEST(SituGlu, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), y({4, 3}, ACL_FLOAT), g({4, 3}, ACL_FLOAT), gx({4, 6}, ACL_FLOAT);
  DevTensor xOdd({4, 5}, ACL_FLOAT), yF16({4, 3}, ACL_FLOAT16), y6({4, 6}, ACL_FLOAT);
  if (ChipIs910Training()) {
    EXPECT_EQ(Situ(x.get(), -1, 1, 0, true, y.get()).status, ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnSituGlu", "not supported on"});
    return;
  }
  EXPECT_EQ(Situ(nullptr, -1, 1, 0, true, y.get()).status, ACLNN_ERR_PARAM_NULLPTR);
  ExpectMessage(TakeErrMsg(), {"aclnnSituGlu", "x"});
  EXPECT_EQ(Situ(x.get(), -1, 1, 0, true, yF16.get()).status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"out dtype FLOAT16"});
  EXPECT_EQ(Situ(x.get(), 2, 1, 0, true, y.get()).status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"dim 2 is out of range"});
  EXPECT_EQ(Situ(xOdd.get(), -1, 1, 0, true, y.get()).status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"odd length 5"});
  EXPECT_EQ(Situ(x.get(), -1, 1, 0, true, y6.get()).status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"out shape [4,6] must be [4,3]"});
  // The gradient: nulls, then the tiling's 561002.
  EXPECT_EQ(SituGrad(nullptr, x.get(), -1, 1, 0, true, gx.get()).status, ACLNN_ERR_PARAM_NULLPTR);
  ExpectMessage(TakeErrMsg(), {"aclnnSituGluGrad", "gradY"});
  EXPECT_EQ(SituGrad(g.get(), x.get(), -3, 1, 0, true, gx.get()).status,
            ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"dim -3"});
  EXPECT_EQ(SituGrad(y6.get(), x.get(), -1, 1, 0, true, gx.get()).status,
            ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"gradY shape [4,6] must be [4,3]"});
  EXPECT_EQ(SituGrad(g.get(), x.get(), -1, 1, 0, true, y.get()).status,
            ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"out shape [4,3] must equal x shape [4,6]"});
}

}  // namespace
