// aclnnGlu and aclnnGluBackward through the public API: the vendor's check order and codes per
// chip, messages, and results against float64 references (with the vendor's fp16 / bf16 step
// roundings where its kernels have them) over dtypes, dims, layouts and empty tensors.
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_glu_backward.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

double Sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Glu(const aclTensor* self, int64_t dim, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnGluGetWorkspaceSize(self, dim, out, &r.ws, &r.exec);
  return r;
}
P1 GluBwd(const aclTensor* g, const aclTensor* self, int64_t dim, const aclTensor* out) {
  P1 r{0};
  r.status = aclnnGluBackwardGetWorkspaceSize(g, self, dim, out, &r.ws, &r.exec);
  return r;
}

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  Layout inLayout;
  Layout outLayout;
};

const Case kCases[] = {
    {{2, 4, 6}, 0, Layout::kContiguous, Layout::kContiguous},
    {{5, 8}, -1, Layout::kTransposed, Layout::kContiguous},
    {{3, 4, 7}, -2, Layout::kEveryOther, Layout::kEveryOther},
    {{12}, 0, Layout::kContiguous, Layout::kTransposed},
    {{2, 40000}, 1, Layout::kContiguous, Layout::kContiguous},  // several blocks
};

int Norm(int64_t dim, size_t rank) { return static_cast<int>(dim < 0 ? dim + rank : dim); }
std::vector<int64_t> Halved(std::vector<int64_t> s, int d) {
  s[static_cast<size_t>(d)] /= 2;
  return s;
}

class GluDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(GluDtype, ForwardMatchesReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  const bool halfSteps = dt == ACL_FLOAT16 && !ChipIs950();
  uint32_t seed = 10;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " seed " + std::to_string(seed));
    const int d = Norm(c.dim, c.shape.size());
    DevTensor x(c.shape, dt, c.inLayout, 1), out(Halved(c.shape, d), dt, c.outLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -7, 7));
    const P1 p = Glu(x.get(), c.dim, out.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS) << TakeErrMsg();
    ExpectNotTrivial(out.Raw(), kSentinel);
    EXPECT_TRUE(out.GapsUntouched());
    const SplitIndex si(c.shape, d);
    const std::vector<double> got = out.Get();
    for (int64_t k = 0; k < out.numel(); ++k) {
      int64_t i0, i1;
      si.Partners(k, &i0, &i1);
      const double a = xv[static_cast<size_t>(i0)], b = xv[static_cast<size_t>(i1)];
      // Legacy fp16: sigmoid rounded to fp16, then an fp16 product.
      const double ref = halfSteps ? a * RoundTo(ACL_FLOAT16, Sigmoid(b)) : a * Sigmoid(b);
      ExpectClose(dt, got[static_cast<size_t>(k)], ref, ref, 4, "k=" + std::to_string(k));
    }
  }
}

TEST_P(GluDtype, BackwardMatchesReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  const bool bf16Steps = dt == ACL_BF16 && !ChipIs950();
  uint32_t seed = 50;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " seed " + std::to_string(seed));
    const int d = Norm(c.dim, c.shape.size());
    DevTensor x(c.shape, dt, c.inLayout), g(Halved(c.shape, d), dt, c.outLayout, 2);
    DevTensor out(c.shape, dt, c.outLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -7, 7));
    const std::vector<double> gv = g.Set(RandomValues(g.numel(), seed++, -3, 3));
    const P1 p = GluBwd(g.get(), x.get(), c.dim, out.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGluBackward, p.ws, p.exec), ACLNN_SUCCESS) << TakeErrMsg();
    ExpectNotTrivial(out.Raw(), kSentinel);
    EXPECT_TRUE(out.GapsUntouched());
    const SplitIndex si(c.shape, d);
    const std::vector<double> got = out.Get();
    for (int64_t k = 0; k < g.numel(); ++k) {
      int64_t i0, i1;
      si.Partners(k, &i0, &i1);
      const double a = xv[static_cast<size_t>(i0)], b = xv[static_cast<size_t>(i1)];
      const double gk = gv[static_cast<size_t>(k)];
      double ga, gb, scaleB;
      if (bf16Steps) {  // each op of the composite chain rounds to bf16
        const double s = RoundTo(ACL_BF16, Sigmoid(b));
        ga = RoundTo(ACL_BF16, gk * s);
        gb = ga * RoundTo(ACL_BF16, a - RoundTo(ACL_BF16, a * s));
        scaleB = gb;
      } else {
        const double s = Sigmoid(b);
        ga = gk * s;
        gb = ga * (a - a * s);
        scaleB = std::fabs(ga) * (std::fabs(a) + std::fabs(a * s));
      }
      const std::string where = "k=" + std::to_string(k);
      ExpectClose(dt, got[static_cast<size_t>(i0)], ga, ga, 4, where + " grad_a");
      ExpectClose(dt, got[static_cast<size_t>(i1)], gb, scaleB, 6, where + " grad_b",
                  bf16Steps ? 1.0 : 1.0);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, GluDtype,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE));

TEST(Glu, CastsToOutDtype) {
  if (!ChipHasBf16()) GTEST_SKIP();
  DevTensor x({2, 4}, ACL_FLOAT), out({1, 4}, ACL_BF16);
  const std::vector<double> xv = x.Set({0.5, -1, 2, 3, 1, 2, -3, 0.25});
  const P1 p = Glu(x.get(), 0, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = out.Get();
  for (int k = 0; k < 4; ++k) {
    ExpectClose(ACL_BF16, got[k], xv[k] * Sigmoid(xv[k + 4]), 0, 0, std::to_string(k));
  }
}

// Computed in self's dtype, then cast: fp16 self into a FLOAT out gives fp16 values; DOUBLE self
// into a FLOAT out rounds the double result once.
TEST(Glu, ComputesInSelfDtypeThenCasts) {
  DevTensor x({2, 3}, ACL_FLOAT16), out({1, 3}, ACL_FLOAT);
  const std::vector<double> xv = x.Set({0.3, -1.7, 2.2, 1.1, 0.45, -2.6});
  P1 p = Glu(x.get(), 0, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS);
  std::vector<double> got = out.Get();
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(got[k], RoundTo(ACL_FLOAT16, got[k])) << "not an fp16 value: " << got[k];
    const double s = ChipIs950() ? Sigmoid(xv[k + 3]) : RoundTo(ACL_FLOAT16, Sigmoid(xv[k + 3]));
    ExpectClose(ACL_FLOAT16, got[k], xv[k] * s, 0, 0, std::to_string(k));
  }
  DevTensor xd({2, 3}, ACL_DOUBLE), outf({1, 3}, ACL_FLOAT);
  const std::vector<double> dv = xd.Set({0.3, -1.7, 2.2, 1.1, 0.45, -2.6});
  p = Glu(xd.get(), 0, outf.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS);
  got = outf.Get();
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(got[k], static_cast<double>(static_cast<float>(dv[k] * Sigmoid(dv[k + 3])))) << k;
  }
}

TEST(Glu, SmallFp32Case) {
  DevTensor x({2, 4, 6}, ACL_FLOAT), out({1, 4, 6}, ACL_FLOAT);
  std::vector<double> v(48);
  for (int i = 0; i < 48; ++i) v[i] = std::sin(0.7 * i) * 2;  // our own data
  const std::vector<double> xv = x.Set(v);
  const P1 p = Glu(x.get(), 0, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = out.Get();
  for (int k = 0; k < 24; ++k) EXPECT_NEAR(got[k], xv[k] * Sigmoid(xv[k + 24]), 1e-6) << k;
}

TEST(Glu, EmptySucceedsAfterTheChecks) {
  DevTensor x({2, 0, 6}, ACL_FLOAT), out({2, 0, 3}, ACL_FLOAT), bad({2, 0, 6}, ACL_FLOAT);
  P1 p = Glu(x.get(), -1, out.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(RunPhase2(aclnnGlu, p.ws, p.exec), ACLNN_SUCCESS);
  EXPECT_EQ(Glu(x.get(), -1, bad.get()).status, ACLNN_ERR_PARAM_INVALID);  // shape still checked
  TakeErrMsg();
}

struct FailRow {
  const aclTensor* a;
  const aclTensor* b;
  const aclTensor* c;
  int64_t dim;
  aclnnStatus code;
  std::vector<std::string> fragments;
};

TEST(Glu, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), out({4, 3}, ACL_FLOAT), xInt({4, 6}, ACL_INT64);
  DevTensor outInt({4, 3}, ACL_INT64), xOdd({4, 5}, ACL_FLOAT), out6({4, 6}, ACL_FLOAT);
  DevTensor x0({}, ACL_FLOAT), x9({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT);
  DevTensor xBf({4, 6}, ACL_BF16), outBf({4, 3}, ACL_BF16);
  std::vector<FailRow> rows = {
      {nullptr, out.get(), nullptr, -1, ACLNN_ERR_PARAM_NULLPTR, {"aclnnGlu", "self"}},
      {x.get(), nullptr, nullptr, -1, ACLNN_ERR_PARAM_NULLPTR, {"aclnnGlu", "out"}},
      {xInt.get(), out.get(), nullptr, -1, ACLNN_ERR_PARAM_INVALID, {"self dtype INT64"}},
      {x.get(), outInt.get(), nullptr, -1, ACLNN_ERR_PARAM_INVALID, {"out dtype INT64"}},
      {x9.get(), out.get(), nullptr, -1, ACLNN_ERR_PARAM_INVALID, {"self rank 9"}},
      {x0.get(), out.get(), nullptr, 0, ACLNN_ERR_PARAM_INVALID, {"0-dimensional"}},
      {x.get(), out.get(), nullptr, 2, ACLNN_ERR_PARAM_INVALID, {"dim 2 is out of range [-2, 1]"}},
      {x.get(), out.get(), nullptr, -3, ACLNN_ERR_PARAM_INVALID, {"dim -3"}},
      {xOdd.get(), out.get(), nullptr, -1, ACLNN_ERR_PARAM_INVALID, {"odd length 5"}},
      {x.get(),
       out6.get(),
       nullptr,
       -1,
       ACLNN_ERR_PARAM_INVALID,
       {"out shape [4,6] must be [4,3]"}},
  };
  if (!ChipHasBf16()) {
    rows.push_back({xBf.get(),
                    outBf.get(),
                    nullptr,
                    -1,
                    ACLNN_ERR_PARAM_INVALID,
                    {"self dtype BFLOAT16 is not supported on"}});
  }
  for (const FailRow& r : rows) {
    EXPECT_EQ(Glu(r.a, r.dim, r.b).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

TEST(GluBackward, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), g({4, 3}, ACL_FLOAT), out({4, 6}, ACL_FLOAT);
  DevTensor gF16({4, 3}, ACL_FLOAT16), outF16({4, 6}, ACL_FLOAT16), g6({4, 6}, ACL_FLOAT);
  DevTensor out3({4, 3}, ACL_FLOAT), xOdd({4, 5}, ACL_FLOAT), xInt({4, 6}, ACL_INT64);
  const std::vector<FailRow> rows = {
      // null order: self, gradOut, out
      {nullptr, nullptr, nullptr, -1, ACLNN_ERR_PARAM_NULLPTR, {"aclnnGluBackward", "self"}},
      {nullptr, x.get(), nullptr, -1, ACLNN_ERR_PARAM_NULLPTR, {"gradOut"}},
      {g.get(), x.get(), nullptr, -1, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {g.get(), xInt.get(), out.get(), -1, ACLNN_ERR_PARAM_INVALID, {"self dtype INT64"}},
      {gF16.get(), x.get(), out.get(), -1, ACLNN_ERR_PARAM_INVALID, {"gradOut dtype FLOAT16"}},
      {g.get(), x.get(), outF16.get(), -1, ACLNN_ERR_PARAM_INVALID, {"out dtype FLOAT16"}},
      {g.get(), x.get(), out.get(), 2, ACLNN_ERR_PARAM_INVALID, {"dim 2 is out of range"}},
      {g.get(), xOdd.get(), out.get(), -1, ACLNN_ERR_PARAM_INVALID, {"odd length 5"}},
      {g6.get(),
       x.get(),
       out.get(),
       -1,
       ACLNN_ERR_PARAM_INVALID,
       {"gradOut shape [4,6] must be [4,3]"}},
      {g.get(), x.get(), out3.get(), -1, ACLNN_ERR_PARAM_INVALID, {"out", "[4,3]"}},
  };
  for (const FailRow& r : rows) {
    EXPECT_EQ(GluBwd(r.a, r.b, r.dim, r.c).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

TEST(GluBackward, InPlaceOverSelf) {  // out may be self exactly: each pair is read, then written
  DevTensor x({3, 8}, ACL_FLOAT), g({3, 4}, ACL_FLOAT);
  const std::vector<double> xv = x.Set(RandomValues(24, 5, -4, 4));
  const std::vector<double> gv = g.Set(RandomValues(12, 6, -2, 2));
  const P1 p = GluBwd(g.get(), x.get(), 1, x.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnGluBackward, p.ws, p.exec), ACLNN_SUCCESS);
  const std::vector<double> got = x.Get();
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < 4; ++j) {
      const double a = xv[r * 8 + j], b = xv[r * 8 + 4 + j], s = Sigmoid(b);
      EXPECT_NEAR(got[r * 8 + j], gv[r * 4 + j] * s, 1e-6);
      EXPECT_NEAR(got[r * 8 + 4 + j], gv[r * 4 + j] * s * (a - a * s), 1e-6);
    }
  }
}

}  // namespace
