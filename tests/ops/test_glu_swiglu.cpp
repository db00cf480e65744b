// aclnnSwiGlu through the public API: checks and codes per chip, messages, and results against
// a float64 reference for every dtype, dims (negative too), layouts, the merged-block split of
// an odd dim, and empty tensors.
#include "aclnnop/aclnn_swi_glu.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Phase1(const aclTensor* x, int64_t dim, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnSwiGluGetWorkspaceSize(x, dim, out, &r.ws, &r.exec);
  return r;
}

// out[k] = silu(A) B over x as [rows, cut], A / B the halves of each row's cut block.
std::vector<double> SwiGluRef(const std::vector<double>& x, const std::vector<int64_t>& shape,
                              int dim, std::vector<double>* scale) {
  int64_t cut = 1;
  for (size_t i = static_cast<size_t>(dim); i < shape.size(); ++i) cut *= shape[i];
  const int64_t n = static_cast<int64_t>(x.size()) / 2, h = cut / 2;
  std::vector<double> out(static_cast<size_t>(n));
  scale->resize(out.size());
  for (int64_t k = 0; k < n; ++k) {
    const double a = x[static_cast<size_t>((k / h) * cut + k % h)];
    const double b = x[static_cast<size_t>((k / h) * cut + h + k % h)];
    out[static_cast<size_t>(k)] = a / (1.0 + std::exp(-a)) * b;
    (*scale)[static_cast<size_t>(k)] = std::fabs(out[static_cast<size_t>(k)]);
  }
  return out;
}

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  Layout xLayout;
  Layout outLayout;
};

class SwiGluDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(SwiGluDtype, MatchesReference) {
  if (ChipIs910Training()) GTEST_SKIP() << "aclnnSwiGlu does not exist on this chip";
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  const Case cases[] = {
      {{4, 64}, -1, Layout::kContiguous, Layout::kContiguous},
      {{3, 6, 5}, 1, Layout::kContiguous, Layout::kContiguous},
      {{3, 6, 5}, -2, Layout::kTransposed, Layout::kEveryOther},
      {{2, 3, 4}, 1, Layout::kContiguous, Layout::kContiguous},  // odd dim: merged-block split
      {{10}, 0, Layout::kEveryOther, Layout::kContiguous},
      {{6, 2, 4100}, 0, Layout::kContiguous, Layout::kTransposed},  // several blocks
  };
  uint32_t seed = 1;
  for (const Case& c : cases) {
    SCOPED_TRACE("shape rank " + std::to_string(c.shape.size()) + " dim " + std::to_string(c.dim) +
                 " seed " + std::to_string(seed));
    DevTensor x(c.shape, dt, c.xLayout, 3);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -8, 8));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    std::vector<int64_t> outShape = c.shape;
    int64_t cut = 1;
    for (size_t i = static_cast<size_t>(d); i < c.shape.size(); ++i) cut *= c.shape[i];
    if (outShape[static_cast<size_t>(d)] % 2 == 0) {
      outShape[static_cast<size_t>(d)] /= 2;
    } else {  // any shape holding rows * cut / 2 elements
      outShape.resize(static_cast<size_t>(d));
      outShape.push_back(cut / 2);
    }
    DevTensor out(outShape, dt, c.outLayout);
    const P1 p = Phase1(x.get(), c.dim, out.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSwiGlu, p.ws, p.exec), ACLNN_SUCCESS) << TakeErrMsg();
    ExpectNotTrivial(out.Raw(), kSentinel);
    EXPECT_TRUE(out.GapsUntouched());
    std::vector<double> scale;
    const std::vector<double> ref = SwiGluRef(xv, c.shape, d, &scale);
    const std::vector<double> got = out.Get();
    for (size_t k = 0; k < ref.size(); ++k) {
      ExpectClose(dt, got[k], ref[k], scale[k], 6, "k=" + std::to_string(k));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, SwiGluDtype, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(SwiGlu, SampleValues) {
  if (ChipIs910Training()) GTEST_SKIP();
  DevTensor x({2, 32}, ACL_FLOAT), out({2, 16}, ACL_FLOAT);
  std::vector<double> v(64);
  std::iota(v.begin(), v.end(), 0.0);
  x.Set(v);
  const P1 p = Phase1(x.get(), -1, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnSwiGlu, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = out.Get();
  const double row0[] = {0, 12.427996, 31.708695, 54.296725, 78.561103, 104.297251};
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(got[static_cast<size_t>(i)], row0[i], 2e-5) << i;
  EXPECT_NEAR(got[16], 1536.0, 1e-3);
}

TEST(SwiGlu, EmptyNeedsNoWork) {
  if (ChipIs910Training()) GTEST_SKIP();
  DevTensor x({0, 4}, ACL_FLOAT), out({0, 2}, ACL_FLOAT);
  const P1 p = Phase1(x.get(), -1, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(RunPhase2(aclnnSwiGlu, p.ws, p.exec), ACLNN_SUCCESS);
  // A non-empty out for an empty x: refused by the 950 tiling only; elsewhere nothing is written.
  DevTensor outFull({2, 2}, ACL_FLOAT);
  const P1 q = Phase1(x.get(), -1, outFull.get());
  if (ChipIs950()) {
    EXPECT_EQ(q.status, ACLNN_ERR_PARAM_INVALID);
    return;
  }
  ASSERT_EQ(q.status, ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(RunPhase2(aclnnSwiGlu, q.ws, q.exec), ACLNN_SUCCESS);
}

TEST(SwiGlu, FailureTable) {
  if (ChipIs910Training()) GTEST_SKIP();
  DevTensor x({4, 6}, ACL_FLOAT), out({4, 3}, ACL_FLOAT), outF16({4, 3}, ACL_FLOAT16);
  DevTensor xInt({4, 6}, ACL_INT64), xOdd({4, 5}, ACL_FLOAT), out5({4, 5}, ACL_FLOAT);
  DevTensor x9({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT),
      out9({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
  struct Row {
    const aclTensor* x;
    int64_t dim;
    const aclTensor* out;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, -1, out.get(), ACLNN_ERR_PARAM_NULLPTR, {"aclnnSwiGlu", "x"}},
      {x.get(), -1, nullptr, ACLNN_ERR_PARAM_NULLPTR, {"aclnnSwiGlu", "out"}},
      {xInt.get(), -1, out.get(), ACLNN_ERR_PARAM_INVALID, {"x dtype INT64"}},
      {x.get(), -1, outF16.get(), ACLNN_ERR_PARAM_INVALID, {"out dtype FLOAT16"}},
      {x.get(), 2, out.get(), ACLNN_ERR_PARAM_INVALID, {"dim 2 is out of range [-2, 1]"}},
      {x.get(), -3, out.get(), ACLNN_ERR_PARAM_INVALID, {"dim -3"}},
      {xOdd.get(), -1, out.get(), ACLNN_ERR_PARAM_INVALID, {"x shape [4,5]", "odd"}},
      {x.get(), -1, out5.get(), ACLNN_ERR_PARAM_INVALID, {"out shape [4,5]", "gives 12"}},
      {x9.get(), -1, out9.get(), ACLNN_ERR_PARAM_INVALID, {"x rank 9"}},
  };
  for (const Row& r : rows) {
    const P1 p = Phase1(r.x, r.dim, r.out);
    EXPECT_EQ(p.status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
  // An output overlapping x is refused.
  const P1 p = Phase1(x.get(), 0, x.get());
  EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
  TakeErrMsg();
}

TEST(SwiGlu, RefusedOnAtlasTraining) {
  if (!ChipIs910Training()) GTEST_SKIP();
  DevTensor x({4, 6}, ACL_FLOAT), out({4, 3}, ACL_FLOAT);
  EXPECT_EQ(Phase1(x.get(), -1, out.get()).status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"aclnnSwiGlu", "not supported on"});
}

}  // namespace
