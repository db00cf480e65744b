// aclnnSwiGluGrad through the public API: checks and codes per chip, messages, and results
// against a float64 reference over dtypes, dims, layouts and the merged-block split.
#include "aclnnop/aclnn_swi_glu_grad.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Phase1(const aclTensor* yGrad, const aclTensor* x, int64_t dim, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnSwiGluGradGetWorkspaceSize(yGrad, x, dim, out, &r.ws, &r.exec);
  return r;
}

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  Layout xLayout;
  Layout outLayout;
};

class SwiGluGradDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(SwiGluGradDtype, MatchesReference) {
  if (ChipIs910Training()) GTEST_SKIP() << "aclnnSwiGluGrad does not exist on this chip";
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  const Case cases[] = {
      {{2, 32}, -1, Layout::kContiguous, Layout::kContiguous},
      {{4, 6, 3}, 1, Layout::kTransposed, Layout::kEveryOther},
      {{3, 6, 3}, -3, Layout::kEveryOther, Layout::kContiguous},
      {{5, 3, 2}, 1, Layout::kContiguous, Layout::kContiguous},  // odd dim, merged block
      {{3, 2, 9000}, 1, Layout::kContiguous, Layout::kContiguous},
  };
  uint32_t seed = 100;
  for (const Case& c : cases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " seed " + std::to_string(seed));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    int64_t cut = 1, rows = 1;
    for (size_t i = 0; i < c.shape.size(); ++i)
      (static_cast<int>(i) < d ? rows : cut) *= c.shape[i];
    const int64_t h = cut / 2;
    std::vector<int64_t> gShape = c.shape;
    if (gShape[static_cast<size_t>(d)] % 2 == 0) {
      gShape[static_cast<size_t>(d)] /= 2;
    } else {
      gShape.resize(static_cast<size_t>(d));
      gShape.push_back(h);
    }
    // On the 950 yGrad must be x's shape halved at dim: skip the merged-block case there.
    if (ChipIs950() && c.shape[static_cast<size_t>(d)] % 2 != 0) continue;
    DevTensor x(c.shape, dt, c.xLayout), g(gShape, dt, c.outLayout, 1),
        out(c.shape, dt, c.outLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -6, 6));
    const std::vector<double> gv = g.Set(RandomValues(g.numel(), seed++, -3, 3));
    const P1 p = Phase1(g.get(), x.get(), c.dim, out.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSwiGluGrad, p.ws, p.exec), ACLNN_SUCCESS) << TakeErrMsg();
    ExpectNotTrivial(out.Raw(), kSentinel);
    EXPECT_TRUE(out.GapsUntouched());
    const std::vector<double> got = out.Get();
    for (int64_t k = 0; k < rows * h; ++k) {
      const int64_t ia = (k / h) * cut + k % h, ib = ia + h;
      const double a = xv[static_cast<size_t>(ia)], b = xv[static_cast<size_t>(ib)];
      const double gk = gv[static_cast<size_t>(k)], s = 1.0 / (1.0 + std::exp(-a));
      const double ga = gk * s * (1 + a * (1 - s)) * b, gb = gk * s * a;
      const double scaleA = std::fabs(gk * s * b) * (1 + std::fabs(a * (1 - s)));
      const std::string where = "k=" + std::to_string(k);
      ExpectClose(dt, got[static_cast<size_t>(ia)], ga, scaleA, 8, where + " dA");
      ExpectClose(dt, got[static_cast<size_t>(ib)], gb, gb, 6, where + " dB");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, SwiGluGradDtype,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(SwiGluGrad, FailureTable) {
  if (ChipIs910Training()) {
    DevTensor x({4, 6}, ACL_FLOAT), g({4, 3}, ACL_FLOAT), out({4, 6}, ACL_FLOAT);
    EXPECT_EQ(Phase1(g.get(), x.get(), -1, out.get()).status, ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnSwiGluGrad", "not supported on"});
    return;
  }
  DevTensor x({4, 6}, ACL_FLOAT), g({4, 3}, ACL_FLOAT), out({4, 6}, ACL_FLOAT);
  DevTensor gF16({4, 3}, ACL_FLOAT16), xOdd({4, 5}, ACL_FLOAT), g5({4, 5}, ACL_FLOAT);
  DevTensor out3({4, 3}, ACL_FLOAT), g12({12}, ACL_FLOAT);
  struct Row {
    const aclTensor* g;
    const aclTensor* x;
    int64_t dim;
    const aclTensor* out;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  std::vector<Row> rows = {
      {nullptr, x.get(), -1, out.get(), ACLNN_ERR_PARAM_NULLPTR, {"aclnnSwiGluGrad", "yGrad"}},
      {g.get(), nullptr, -1, out.get(), ACLNN_ERR_PARAM_NULLPTR, {"x"}},
      {g.get(), x.get(), -1, nullptr, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {gF16.get(), x.get(), -1, out.get(), ACLNN_ERR_PARAM_INVALID, {"x dtype FLOAT"}},
      // The tiling's faults are 561002, as an Atlas A2 returns them.
      {g.get(),
       x.get(),
       2,
       out.get(),
       ACLNN_ERR_INNER_TILING_ERROR,
       {"dim 2 is out of range [-2, 1]"}},
      {g.get(), xOdd.get(), -1, out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"x shape [4,5]", "odd"}},
      {g5.get(), x.get(), -1, out.get(), ACLNN_ERR_INNER_TILING_ERROR, {"yGrad shape [4,5]"}},
      {g.get(), x.get(), -1, out3.get(), ACLNN_ERR_PARAM_INVALID, {"out", "[4,3]"}},
  };
  if (!ChipIs950()) {  // A2's tiling never looks at yGrad's shape, only at its size
    const P1 p = Phase1(g12.get(), x.get(), -1, out.get());
    EXPECT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    EXPECT_EQ(RunPhase2(aclnnSwiGluGrad, p.ws, p.exec), ACLNN_SUCCESS);
  } else {
    rows.push_back({g12.get(),
                    x.get(),
                    -1,
                    out.get(),
                    ACLNN_ERR_INNER_TILING_ERROR,
                    {"yGrad shape [12] must be [4,3]"}});
  }
  for (const Row& r : rows) {
    EXPECT_EQ(Phase1(r.g, r.x, r.dim, r.out).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

}  // namespace
