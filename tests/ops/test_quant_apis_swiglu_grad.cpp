// aclnnSwigluGroupQuantGrad through the public API: the chip refusal, the checks and codes in
// the vendor's order, and results against a float64 reference (weights, clamp masks, group row
// limits, strided views, the three dtypes).
#include "aclnnop/aclnn_swiglu_group_quant_grad.h"
#include "quant_test_util.h"

using namespace quanttest;

namespace {

struct P1 {
  aclnnStatus status = 0;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

P1 Phase1(const aclTensor* gy, const aclTensor* x, const aclTensor* w, const aclTensor* yo,
          const aclTensor* gi, double clamp, const aclTensor* gx, const aclTensor* gw) {
  P1 p;
  p.status =
      aclnnSwigluGroupQuantGradGetWorkspaceSize(gy, x, w, yo, gi, clamp, gx, gw, &p.ws, &p.exec);
  return p;
}

TEST(SwigluGroupQuantGrad, OtherChipsRefuse) {
  if (ChipIs950()) GTEST_SKIP() << "Ascend 950 runs the operator";
  DevTensor gy({2, 4}, ACL_FLOAT), x({2, 8}, ACL_FLOAT), gx({2, 8}, ACL_FLOAT);
  const P1 p = Phase1(gy.get(), x.get(), nullptr, nullptr, nullptr, -1.0, gx.get(), nullptr);
  EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"aclnnSwigluGroupQuantGrad", "not supported on", "Ascend 950"});
}

TEST(SwigluGroupQuantGrad, FailureTable) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor gy({2, 4}, ACL_FLOAT), x({2, 8}, ACL_FLOAT), gx({2, 8}, ACL_FLOAT);
  DevTensor w({2}, ACL_FLOAT), w3({3}, ACL_FLOAT), w16({2}, ACL_FLOAT16), yo({2, 4}, ACL_FLOAT);
  DevTensor yo16({2, 4}, ACL_FLOAT16), yoBad({2, 3}, ACL_FLOAT), gw({2}, ACL_FLOAT),
      gw16({2}, ACL_FLOAT16), gw21({2, 1}, ACL_FLOAT), gi({2}, ACL_INT64), gi32({2}, ACL_INT32),
      gi2d({1, 2}, ACL_INT64);
  DevTensor x16({2, 8}, ACL_FLOAT16), xOdd({2, 7}, ACL_FLOAT), gyBad({2, 3}, ACL_FLOAT),
      gy3({2, 1, 4}, ACL_FLOAT), gyRows({3, 4}, ACL_FLOAT), gxBad({2, 6}, ACL_FLOAT),
      xInt({2, 8}, ACL_INT32), gx16({2, 8}, ACL_FLOAT16);
  const int nul = ACLNN_ERR_PARAM_NULLPTR, inv = ACLNN_ERR_PARAM_INVALID,
            til = ACLNN_ERR_INNER_TILING_ERROR;
  struct Row {
    const aclTensor *gy, *x, *w, *yo, *gi;
    double clamp;
    const aclTensor *gx, *gw;
    int code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, x.get(), nullptr, nullptr, nullptr, -1, gx.get(), nullptr, nul, {"gradY"}},
      {gy.get(), nullptr, nullptr, nullptr, nullptr, -1, gx.get(), nullptr, nul, {"x must not"}},
      {gy.get(), x.get(), nullptr, nullptr, nullptr, -1, nullptr, nullptr, nul, {"gradXOut"}},
      {xInt.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gx.get(),
       nullptr,
       inv,
       {"gradY dtype INT32"}},
      {gy.get(), x16.get(), nullptr, nullptr, nullptr, -1, gx.get(), nullptr, inv, {"x"}},
      {gy.get(),
       x.get(),
       w16.get(),
       yo.get(),
       nullptr,
       -1,
       gx.get(),
       gw.get(),
       inv,
       {"weightOptional dtype FLOAT16"}},
      {gy.get(),
       x.get(),
       w.get(),
       yo16.get(),
       nullptr,
       -1,
       gx.get(),
       gw.get(),
       inv,
       {"yOriginOptional"}},
      {gy.get(),
       x.get(),
       nullptr,
       nullptr,
       gi32.get(),
       -1,
       gx.get(),
       nullptr,
       inv,
       {"groupIndexOptional dtype INT32"}},
      {gy.get(), x.get(), nullptr, nullptr, nullptr, -1, gx16.get(), nullptr, inv, {"gradXOut"}},
      {gy.get(),
       x.get(),
       w.get(),
       yo.get(),
       nullptr,
       -1,
       gx.get(),
       gw16.get(),
       inv,
       {"gradWeightOutOptional dtype FLOAT16"}},
      {gy.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       0.0,
       gx.get(),
       nullptr,
       til,
       {"clampLimit 0.000000 must be -1"}},
      {gy3.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gx.get(),
       nullptr,
       til,
       {"gradY shape [2,1,4] must have the rank of x shape [2,8]"}},
      {gyRows.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gx.get(),
       nullptr,
       til,
       {"except the last dim"}},
      {gyBad.get(),
       xOdd.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gx.get(),
       nullptr,
       til,
       {"x shape [2,7] needs an even last dim"}},
      {gyBad.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gx.get(),
       nullptr,
       til,
       {"gradY shape [2,3] must have half of x's last dim (8)"}},
      {gy.get(),
       x.get(),
       w3.get(),
       yo.get(),
       nullptr,
       -1,
       gx.get(),
       gw.get(),
       til,
       {"weightOptional shape [3] must hold one value per row (2)"}},
      {gy.get(),
       x.get(),
       w.get(),
       yoBad.get(),
       nullptr,
       -1,
       gx.get(),
       gw.get(),
       til,
       {"yOriginOptional shape [2,3] must equal gradY shape [2,4]"}},
      {gy.get(),
       x.get(),
       w.get(),
       nullptr,
       nullptr,
       -1,
       gx.get(),
       gw.get(),
       til,
       {"yOriginOptional must be given when weightOptional is"}},
      {gy.get(),
       x.get(),
       nullptr,
       nullptr,
       gi2d.get(),
       -1,
       gx.get(),
       nullptr,
       til,
       {"groupIndexOptional shape [1,2] must be 1-D"}},
      {gy.get(),
       x.get(),
       nullptr,
       nullptr,
       nullptr,
       -1,
       gxBad.get(),
       nullptr,
       til,
       {"gradXOut shape [2,6] must equal x shape [2,8]"}},
      {gy.get(),
       x.get(),
       w.get(),
       yo.get(),
       nullptr,
       -1,
       gx.get(),
       nullptr,
       til,
       {"gradWeightOutOptional must be given"}},
      {gy.get(),
       x.get(),
       w.get(),
       yo.get(),
       nullptr,
       -1,
       gx.get(),
       gw21.get(),
       til,
       {"gradWeightOutOptional shape [2,1] must equal weightOptional shape [2]"}},
  };
  for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i) {
    const Row& r = rows[i];
    SCOPED_TRACE("row " + std::to_string(i));
    const P1 p = Phase1(r.gy, r.x, r.w, r.yo, r.gi, r.clamp, r.gx, r.gw);
    EXPECT_EQ(p.status, r.code);
    const std::string msg = TakeErrMsg();
    ExpectMessage(msg, {"aclnnSwigluGroupQuantGrad"});
    ExpectMessage(msg, r.fragments);
  }
  (void)gi;
}

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

struct GradCase {
  aclDataType dt;
  double clamp;
  bool weighted;
  std::vector<double> groups;  // empty: no group index
  Layout layout;
};

TEST(SwigluGroupQuantGrad, MatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  const GradCase cases[] = {
      {ACL_FLOAT, -1.0, true, {}, Layout::kContiguous},
      {ACL_FLOAT16, 1.5, true, {2, 3}, Layout::kTransposed},
      {ACL_BF16, 2.0, false, {4}, Layout::kEveryOther},
      {ACL_FLOAT, 0.75, false, {-1}, Layout::kTransposed},  // uint32 sum wraps: every row
      {ACL_FLOAT16, -1.0, true, {0}, Layout::kContiguous},  // no row: all zero
  };
  const int64_t a = 2, b = 3, h = 20, rows = a * b;
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); ++k) {
    const GradCase& c = cases[k];
    SCOPED_TRACE("case " + std::to_string(k));
    DevTensor gy({a, b, h}, c.dt, c.layout), x({a, b, 2 * h}, c.dt, c.layout);
    DevTensor yo({a, b, h}, c.dt),
        gx({a, b, 2 * h}, c.dt,
           c.layout == Layout::kTransposed ? Layout::kEveryOther : Layout::kContiguous);
    DevTensor w({rows}, ACL_FLOAT, Layout::kEveryOther), gw({rows}, ACL_FLOAT, Layout::kEveryOther);
    DevTensor gi({static_cast<int64_t>(std::max<size_t>(c.groups.size(), 1))}, ACL_INT64);
    const std::vector<double> gyv = gy.Set(RandomValues(rows * h, 10 + k, -2, 2));
    std::vector<double> xr = RandomValues(rows * 2 * h, 20 + k, -3, 3);
    if (c.clamp > 0) {  // the mask edges: exactly at +-c
      xr[0] = c.clamp;
      xr[static_cast<size_t>(h)] = -c.clamp;
      xr[static_cast<size_t>(h + 1)] = c.clamp;
    }
    const std::vector<double> xv = x.Set(xr);
    const std::vector<double> yov = yo.Set(RandomValues(rows * h, 30 + k, -1, 1));
    const std::vector<double> wv = w.Set(RandomValues(rows, 40 + k, 0.5, 2));
    if (!c.groups.empty()) gi.Set(c.groups);
    const P1 p = Phase1(gy.get(), x.get(), c.weighted ? w.get() : nullptr,
                        c.weighted ? yo.get() : nullptr, c.groups.empty() ? nullptr : gi.get(),
                        c.clamp, gx.get(), c.weighted ? gw.get() : nullptr);
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnSwigluGroupQuantGrad, p.ws, p.exec), ACLNN_SUCCESS);
    int64_t limit = rows;
    if (!c.groups.empty()) {
      uint32_t sum = 0;
      for (double g : c.groups) sum += static_cast<uint32_t>(static_cast<int64_t>(g));
      limit = std::min<int64_t>(sum, rows);
    }
    const std::vector<double> gxv = gx.Get();
    const std::vector<double> gwv = gw.Get();
    if (limit > 0) ExpectNotTrivial(gx.Raw(), kSentinel);
    EXPECT_TRUE(gx.GapsUntouched());
    for (int64_t r = 0; r < rows; ++r) {
      double gwRef = 0;
      for (int64_t j = 0; j < h; ++j) {
        const size_t iy = static_cast<size_t>(r * h + j);
        const size_t i0 = static_cast<size_t>(r * 2 * h + j), i1 = i0 + static_cast<size_t>(h);
        const std::string where = "r " + std::to_string(r) + " j " + std::to_string(j);
        if (r >= limit) {
          ASSERT_EQ(gxv[i0], 0.0) << where;
          ASSERT_EQ(gxv[i1], 0.0) << where;
          continue;
        }
        double g = gyv[iy];
        if (c.weighted) {
          gwRef += g * yov[iy];
          g *= wv[static_cast<size_t>(r)];
        }
        double x0 = xv[i0], x1 = xv[i1];
        const double a0 = c.clamp > 0 ? std::min(x0, c.clamp) : x0;
        const double b1 = c.clamp > 0 ? std::max(std::min(x1, c.clamp), -c.clamp) : x1;
        const double s = Sig(a0);
        double g0 = g * b1 * s * (1 + a0 * (1 - s));
        double g1 = g * a0 * s;
        if (c.clamp > 0) {
          if (!(x0 < c.clamp)) g0 = 0;
          if (!(x1 > -c.clamp && x1 < c.clamp)) g1 = 0;
        }
        const double scale0 = std::fabs(g * b1) + 1e-30, scale1 = std::fabs(g * a0) + 1e-30;
        ExpectClose(c.dt, gxv[i0], g0, scale0, 16, where + " gradX0", 1.0, 1e-30);
        ExpectClose(c.dt, gxv[i1], g1, scale1, 16, where + " gradX1", 1.0, 1e-30);
      }
      if (c.weighted) {
        const double got = gwv[static_cast<size_t>(r)];
        if (r >= limit) {
          EXPECT_EQ(got, 0.0) << "row " << r;
        } else {
          EXPECT_NEAR(got, gwRef, 1e-5 * (std::fabs(gwRef) + 1)) << "row " << r;
        }
      }
    }
  }
}

}  // namespace
