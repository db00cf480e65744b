// aclnnClippedSwiglu, aclnnClippedSwigluV2, aclnnClippedSwigluGrad and aclnnSwigluGroup through
// the public API: chips, checks and codes, messages, group-index row limits, interleaved and
// front/back splits, weights, and results against float64 references.
#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_clipped_swiglu_grad.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "aclnnop/aclnn_swiglu_group.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// Pairs (A index, B index) of x [rows, cut] flattened, for each out element k.
void Pair(int64_t k, int64_t cut, bool interleaved, int64_t* ia, int64_t* ib) {
  const int64_t h = cut / 2, r = k / h, m = k % h;
  *ia = interleaved ? r * cut + 2 * m : r * cut + m;
  *ib = interleaved ? *ia + 1 : *ia + h;
}

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  bool interleaved;
  std::vector<double> groups;  // empty: no group index
  Layout inLayout;
};
const Case kCases[] = {
    {{2, 32}, -1, true, {1}, Layout::kContiguous},
    {{4, 2, 3}, 1, true, {}, Layout::kContiguous},  // pairs straddle the odd last dim
    {{5, 8}, -1, false, {2, 1}, Layout::kTransposed},
    {{6, 4, 2}, -2, false, {3, 2, 9}, Layout::kEveryOther},  // sum past the rows: all rows
    {{3, 2, 4}, 1, true, {}, Layout::kTransposed},           // not mergeable: last-dim pairs
};

class ClippedDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(ClippedDtype, ForwardAndBackwardMatchReference) {
  if (ChipIs910Training()) GTEST_SKIP();
  const aclDataType dt = GetParam();
  const double alpha = 1.702, limit = 1.5, bias = 0.5;
  uint32_t seed = 700;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " seed " + std::to_string(seed));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    std::vector<int64_t> half = c.shape;
    half[static_cast<size_t>(d)] /= 2;
    int64_t rows = 1, cut = 1;
    for (size_t i = 0; i < c.shape.size(); ++i)
      (static_cast<int>(i) < d ? rows : cut) *= c.shape[i];
    DevTensor x(c.shape, dt, c.inLayout), y(half, dt), gy(half, dt), gx(c.shape, dt);
    std::vector<double> init = RandomValues(x.numel(), seed++, -3, 3);
    init[0] = limit;  // the clamp edges: gradient passes at |x| = limit
    init[1] = -limit;
    const std::vector<double> xv = x.Set(init);
    const std::vector<double> gv = gy.Set(RandomValues(gy.numel(), seed++, -2, 2));
    std::unique_ptr<DevTensor> gi;
    double sum = 0;
    for (double g : c.groups) sum += g;
    const int64_t used =
        c.groups.empty() ? rows : std::min<int64_t>(rows, static_cast<int64_t>(sum));
    if (!c.groups.empty()) {
      gi = std::make_unique<DevTensor>(std::vector<int64_t>{static_cast<int64_t>(c.groups.size())},
                                       ACL_INT64);
      gi->Set(c.groups);
    }
    const aclTensor* gIndex = gi ? gi->get() : nullptr;
    P1 p{0};
    p.status = aclnnClippedSwigluGetWorkspaceSize(x.get(), gIndex, c.dim, alpha, limit, bias,
                                                  c.interleaved, y.get(), &p.ws, &p.exec);
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnClippedSwiglu, p.ws, p.exec), ACLNN_SUCCESS);
    p.status =
        aclnnClippedSwigluGradGetWorkspaceSize(gy.get(), x.get(), gIndex, c.dim, alpha, limit, bias,
                                               c.interleaved, gx.get(), &p.ws, &p.exec);
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnClippedSwigluGrad, p.ws, p.exec), ACLNN_SUCCESS);
    ExpectNotTrivial(y.Raw(), kSentinel);
    const std::vector<uint8_t> yRaw = y.Raw();
    const std::vector<double> yv = y.Get(), gxv = gx.Get();
    const int64_t h = cut / 2;
    for (int64_t k = 0; k < rows * h; ++k) {
      int64_t ia, ib;
      Pair(k, cut, c.interleaved, &ia, &ib);
      const std::string where = "k=" + std::to_string(k);
      if (k / h >= used) {  // rows past the group sum: forward leaves them, backward zeroes
        for (size_t b = 0; b < ItemBytes(dt); ++b) {
          ASSERT_EQ(yRaw[static_cast<size_t>(k) * ItemBytes(dt) + b], kSentinel) << where;
        }
        EXPECT_EQ(gxv[static_cast<size_t>(ia)], 0.0) << where;
        EXPECT_EQ(gxv[static_cast<size_t>(ib)], 0.0) << where;
        continue;
      }
      const double a0 = xv[static_cast<size_t>(ia)], b0 = xv[static_cast<size_t>(ib)];
      const double a = std::min(a0, limit), b = std::max(std::min(b0, limit), -limit);
      const double s = Sig(alpha * a), ref = a * s * (b + bias);
      ExpectClose(dt, yv[static_cast<size_t>(k)], ref, std::fabs(a * s) * (std::fabs(b) + bias), 8,
                  where + " y");
      const double g = gv[static_cast<size_t>(k)];
      const double ga = a0 <= limit ? g * (b + bias) * s * (1 + alpha * a * (1 - s)) : 0.0;
      const double gb = (b0 >= -limit && b0 <= limit) ? g * a * s : 0.0;
      const double scaleA = std::fabs(g * (b + bias) * s) * (1 + std::fabs(alpha * a));
      ExpectClose(dt, gxv[static_cast<size_t>(ia)], ga, scaleA, 12, where + " dA");
      ExpectClose(dt, gxv[static_cast<size_t>(ib)], gb, gb, 8, where + " dB");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ClippedDtype, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

// The vendor's documented samples: 0..63 as [2,32], groupIndex [1], alpha 1, limit 7, bias 1.702,
// interleaved; row 1 keeps its initial zeros.
TEST(ClippedSwiglu, SampleValues) {
  if (ChipIs910Training()) GTEST_SKIP();
  for (int v2 = 0; v2 < 2; ++v2) {
    if (v2 == 1 && !ChipIs950()) continue;
    DevTensor x({2, 32}, ACL_FLOAT), y({2, 16}, ACL_FLOAT), gi({1}, ACL_INT64);
    std::vector<double> v(64);
    std::iota(v.begin(), v.end(), 0.0);
    x.Set(v);
    gi.Set({1});
    y.Set(std::vector<double>(32, 0.0));
    P1 p{0};
    p.status = v2 ? aclnnClippedSwigluV2GetWorkspaceSize(x.get(), gi.get(), -1, 1.0, 7.0, 1.702,
                                                         true, 1, y.get(), &p.ws, &p.exec)
                  : aclnnClippedSwigluGetWorkspaceSize(x.get(), gi.get(), -1, 1.0, 7.0, 1.702, true,
                                                       y.get(), &p.ws, &p.exec);
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(v2 ? aclnnClippedSwigluV2 : aclnnClippedSwiglu, p.ws, p.exec),
              ACLNN_SUCCESS);
    const std::vector<double> got = y.Get();
    const double v1[] = {0, 8.283016, 26.325826, 52.082899, 60.858504};
    const double m1[] = {0, 5.284782, 19.640276, 41.896150, 49.0};
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(got[i], v2 ? m1[i] : v1[i], 2e-5) << i;
    EXPECT_NEAR(got[15], v2 ? 49.0 : 60.858504, 2e-5);
    for (int i = 16; i < 32; ++i) EXPECT_EQ(got[i], 0.0);
  }
}

TEST(ClippedSwiglu, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), y({4, 3}, ACL_FLOAT), gy({4, 3}, ACL_FLOAT),
      gx({4, 6}, ACL_FLOAT);
  DevTensor gi32({2}, ACL_INT32), gi2d({1, 2}, ACL_INT64), xOdd({4, 5}, ACL_FLOAT);
  DevTensor y6({4, 6}, ACL_FLOAT);
  auto fwd = [&](const aclTensor* xx, const aclTensor* g, int64_t dim, double limit,
                 const aclTensor* out) {
    P1 p{0};
    p.status =
        aclnnClippedSwigluGetWorkspaceSize(xx, g, dim, 1.0, limit, 0.0, false, out, &p.ws, &p.exec);
    return p.status;
  };
  auto bwd = [&](const aclTensor* g, const aclTensor* xx, int64_t dim, double limit,
                 const aclTensor* out) {
    P1 p{0};
    p.status = aclnnClippedSwigluGradGetWorkspaceSize(g, xx, nullptr, dim, 1.0, limit, 0.0, false,
                                                      out, &p.ws, &p.exec);
    return p.status;
  };
  if (ChipIs910Training()) {
    EXPECT_EQ(fwd(x.get(), nullptr, -1, 7, y.get()), ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnClippedSwiglu", "not supported on"});
    EXPECT_EQ(bwd(gy.get(), x.get(), -1, 7, gx.get()), ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnClippedSwigluGrad", "not supported on"});
    return;
  }
  EXPECT_EQ(fwd(nullptr, nullptr, -1, 7, y.get()), ACLNN_ERR_PARAM_NULLPTR);
  ExpectMessage(TakeErrMsg(), {"aclnnClippedSwiglu", "x"});
  EXPECT_EQ(fwd(x.get(), gi32.get(), -1, 7, y.get()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"groupIndexOptional dtype INT32"});
  EXPECT_EQ(fwd(x.get(), gi2d.get(), -1, 7, y.get()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"groupIndexOptional shape [1,2] must be 1-D"});
  EXPECT_EQ(fwd(x.get(), nullptr, 2, 7, y.get()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"dim 2 is out of range"});
  EXPECT_EQ(fwd(xOdd.get(), nullptr, -1, 7, y.get()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"odd length 5"});
  EXPECT_EQ(fwd(x.get(), nullptr, -1, 7, y6.get()), ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {"out shape [4,6] must be [4,3]"});
  // limit <= 0: refused by the 950 tiling only (the A2 tiling never checks it).
  P1 p{0};
  p.status = aclnnClippedSwigluGetWorkspaceSize(x.get(), nullptr, -1, 1.0, -1.0, 0.0, false,
                                                y.get(), &p.ws, &p.exec);
  if (ChipIs950()) {
    EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"limit", "greater than 0"});
  } else {
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    EXPECT_EQ(RunPhase2(aclnnClippedSwiglu, p.ws, p.exec), ACLNN_SUCCESS);
  }
  // V2 exists on the 950 only; clampMode in {0, 1}.
  p.status = aclnnClippedSwigluV2GetWorkspaceSize(x.get(), nullptr, -1, 1.0, 7.0, 0.0, false, 2,
                                                  y.get(), &p.ws, &p.exec);
  EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
  ExpectMessage(TakeErrMsg(), {ChipIs950() ? "clampMode 2" : "not supported on"});
  // The gradient: nulls 161001, then 561002 for shapes and attributes.
  EXPECT_EQ(bwd(nullptr, x.get(), -1, 7, gx.get()), ACLNN_ERR_PARAM_NULLPTR);
  ExpectMessage(TakeErrMsg(), {"aclnnClippedSwigluGrad", "gradY"});
  EXPECT_EQ(bwd(gy.get(), x.get(), -1, 0, gx.get()), ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"limit", "greater than 0"});
  EXPECT_EQ(bwd(y6.get(), x.get(), -1, 7, gx.get()), ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"gradY shape [4,6] must be [4,3]"});
  EXPECT_EQ(bwd(gy.get(), x.get(), -1, 7, y.get()), ACLNN_ERR_INNER_TILING_ERROR);
  ExpectMessage(TakeErrMsg(), {"gradXOut shape [4,3] must equal x shape [4,6]"});
}

// SwigluGroup (Ascend 950 only): weights per row, clamp, group rows.
TEST(SwigluGroup, MatchesReference) {
  if (!ChipIs950()) {
    DevTensor x({2, 8}, ACL_FLOAT), y({2, 4}, ACL_FLOAT);
    P1 p{0};
    EXPECT_EQ(
        aclnnSwigluGroupGetWorkspaceSize(x.get(), nullptr, nullptr, -1.0, y.get(), &p.ws, &p.exec),
        ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"aclnnSwigluGroup", "not supported on", "Ascend 950"});
    return;
  }
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (double clamp : {-1.0, 1.25}) {
      SCOPED_TRACE("dtype " + std::to_string(dt) + " clamp " + std::to_string(clamp));
      DevTensor x({3, 4, 10}, dt, Layout::kTransposed), y({3, 4, 5}, dt, Layout::kEveryOther);
      DevTensor w({12}, ACL_FLOAT, Layout::kEveryOther), gi({3}, ACL_INT64);
      const std::vector<double> xv = x.Set(RandomValues(120, 31, -3, 3));
      const std::vector<double> wv = w.Set(RandomValues(12, 32, 0.5, 2));
      gi.Set({4, 3, 2});  // 9 of 12 rows
      P1 p{0};
      p.status = aclnnSwigluGroupGetWorkspaceSize(x.get(), w.get(), gi.get(), clamp, y.get(), &p.ws,
                                                  &p.exec);
      ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
      ASSERT_EQ(RunPhase2(aclnnSwigluGroup, p.ws, p.exec), ACLNN_SUCCESS);
      const std::vector<uint8_t> raw = y.Raw();
      const std::vector<double> yv = y.Get();
      ExpectNotTrivial(raw, kSentinel);
      for (int64_t k = 0; k < 60; ++k) {
        const int64_t row = k / 5;
        const std::string where = "k=" + std::to_string(k);
        if (row >= 9) {  // not written
          const uint8_t* e = &raw[static_cast<size_t>(k * 2) * ItemBytes(dt)];
          for (size_t b = 0; b < ItemBytes(dt); ++b) ASSERT_EQ(e[b], kSentinel) << where;
          continue;
        }
        double a = xv[static_cast<size_t>(row * 10 + k % 5)];
        double b = xv[static_cast<size_t>(row * 10 + 5 + k % 5)];
        if (clamp > 0) {
          a = std::min(a, clamp);
          b = std::max(std::min(b, clamp), -clamp);
        }
        const double ref = a * Sig(a) * b * wv[static_cast<size_t>(row)];
        ExpectClose(dt, yv[static_cast<size_t>(k)], ref, ref, 8, where);
      }
    }
  }
}

TEST(SwigluGroup, FailureTable) {
  if (!ChipIs950()) GTEST_SKIP();
  DevTensor x({4, 6}, ACL_FLOAT), y({4, 3}, ACL_FLOAT), w({4}, ACL_FLOAT), w5({5}, ACL_FLOAT);
  DevTensor wF16({4}, ACL_FLOAT16), gi({2}, ACL_INT64), gi0({0}, ACL_INT64),
      xOdd({4, 5}, ACL_FLOAT);
  struct Row {
    const aclTensor* x;
    const aclTensor* w;
    const aclTensor* g;
    double clamp;
    const aclTensor* y;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, w.get(), gi.get(), -1, y.get(), ACLNN_ERR_PARAM_NULLPTR, {"aclnnSwigluGroup", "x"}},
      {x.get(), w.get(), gi.get(), -1, nullptr, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {x.get(),
       wF16.get(),
       gi.get(),
       -1,
       y.get(),
       ACLNN_ERR_PARAM_INVALID,
       {"weightOptional dtype"}},
      {x.get(), w.get(), gi0.get(), -1, y.get(), ACLNN_ERR_INNER_TILING_ERROR, {"empty"}},
      {x.get(), w.get(), gi.get(), 0.0, y.get(), ACLNN_ERR_INNER_TILING_ERROR, {"clampLimit"}},
      {xOdd.get(), w.get(), gi.get(), -1, y.get(), ACLNN_ERR_INNER_TILING_ERROR, {"even"}},
      {x.get(),
       w5.get(),
       gi.get(),
       -1,
       y.get(),
       ACLNN_ERR_INNER_TILING_ERROR,
       {"one element per row"}},
      {x.get(), w.get(), gi.get(), -1, x.get(), ACLNN_ERR_INNER_TILING_ERROR, {"out shape [4,6]"}},
  };
  for (const Row& r : rows) {
    P1 p{0};
    EXPECT_EQ(aclnnSwigluGroupGetWorkspaceSize(r.x, r.w, r.g, r.clamp, r.y, &p.ws, &p.exec),
              r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

}  // namespace
