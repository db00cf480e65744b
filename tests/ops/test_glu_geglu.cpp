// aclnnGeGlu / aclnnGeGluV3 and their backwards through the public API: the vendor's check order
// and codes per chip, messages, and results against float64 references (fp16: gelu rounded to
// fp16 before the product, as the vendor's kernels do) over dtypes, both gelu forms, both gate
// sides, dims, layouts and empty tensors.
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_geglu_backward.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

double GeluRef(double x, bool erf) {
  if (erf) return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
  return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
}
double GeluGradRef(double x, bool erf) {
  if (erf) {
    return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))) +
           x * std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI);
  }
  const double k = std::sqrt(2.0 / M_PI), u = k * (x + 0.044715 * x * x * x);
  const double t = std::tanh(u);
  return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3 * 0.044715 * x * x);
}

struct P1 {
  aclnnStatus status;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

// V3 when `v3`, else the V1 entry point (activateLeft must then be false).
P1 GeGlu(bool v3, const aclTensor* self, int64_t dim, int64_t approx, bool left, aclTensor* out,
         aclTensor* gelu) {
  P1 r{0};
  r.status = v3 ? aclnnGeGluV3GetWorkspaceSize(self, dim, approx, left, out, gelu, &r.ws, &r.exec)
                : aclnnGeGluGetWorkspaceSize(self, dim, approx, out, gelu, &r.ws, &r.exec);
  return r;
}
P1 GeGluBwd(bool v3, const aclTensor* g, const aclTensor* self, const aclTensor* gelu, int64_t dim,
            int64_t approx, bool left, aclTensor* gi) {
  P1 r{0};
  r.status =
      v3 ? aclnnGeGluV3BackwardGetWorkspaceSize(g, self, gelu, dim, approx, left, gi, &r.ws,
                                                &r.exec)
         : aclnnGeGluBackwardGetWorkspaceSize(g, self, gelu, dim, approx, gi, &r.ws, &r.exec);
  return r;
}

struct Case {
  std::vector<int64_t> shape;
  int64_t dim;
  Layout inLayout;
  Layout outLayout;
  bool v3;
  bool left;
  int64_t approx;
};

const Case kCases[] = {
    {{2, 2}, -1, Layout::kContiguous, Layout::kContiguous, false, false, 1},
    {{3, 8, 5}, 1, Layout::kTransposed, Layout::kEveryOther, false, false, 0},
    {{3, 8, 5}, -2, Layout::kContiguous, Layout::kContiguous, true, true, 1},
    {{4, 6}, 0, Layout::kEveryOther, Layout::kTransposed, true, true, 0},
    {{2, 20000}, -1, Layout::kContiguous, Layout::kContiguous, true, false, 1},
};

std::vector<int64_t> Halved(std::vector<int64_t> s, int d) {
  s[static_cast<size_t>(d)] /= 2;
  return s;
}

class GeGluDtype : public ::testing::TestWithParam<aclDataType> {};

TEST_P(GeGluDtype, ForwardMatchesReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  uint32_t seed = 200;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " approx " + std::to_string(c.approx) + " left " +
                 std::to_string(c.left) + " seed " + std::to_string(seed));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    DevTensor x(c.shape, dt, c.inLayout, 2);
    DevTensor out(Halved(c.shape, d), dt, c.outLayout), gelu(Halved(c.shape, d), dt, c.outLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -6, 6));
    const P1 p = GeGlu(c.v3, x.get(), c.dim, c.approx, c.left, out.get(), gelu.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(c.v3 ? aclnnGeGluV3 : aclnnGeGlu, p.ws, p.exec), ACLNN_SUCCESS);
    ExpectNotTrivial(out.Raw(), kSentinel);
    EXPECT_TRUE(out.GapsUntouched());
    EXPECT_TRUE(gelu.GapsUntouched());
    const SplitIndex si(c.shape, d);
    const std::vector<double> gotOut = out.Get(), gotGelu = gelu.Get();
    for (int64_t k = 0; k < out.numel(); ++k) {
      int64_t i0, i1;
      si.Partners(k, &i0, &i1);
      const double gate = xv[static_cast<size_t>(c.left ? i0 : i1)];
      const double other = xv[static_cast<size_t>(c.left ? i1 : i0)];
      double g = GeluRef(gate, c.approx == 0);
      const std::string where = "k=" + std::to_string(k);
      // Both forms are x / (1 + exp(u)): the fp32 rounding of u (|u| ~ 1.6 |x| (1 + 0.045 x^2))
      // becomes a relative error of about |u| ulps where the gate is negative. The erf form is
      // the vendor's polynomial (within ~2e-7 of erf): an absolute floor.
      const double u = 1.6 * std::fabs(gate) * (1.0 + 0.045 * gate * gate);
      const double rel = (8.0 + 4.0 * u) * std::ldexp(1.0, -23);
      const double floor = c.approx == 0 ? 4e-7 : 0.0;
      if (dt == ACL_FLOAT) {
        EXPECT_NEAR(gotGelu[static_cast<size_t>(k)], g, rel * std::fabs(g) + floor) << where;
        EXPECT_NEAR(gotOut[static_cast<size_t>(k)], other * g,
                    (rel * std::fabs(g) + floor) * std::fabs(other) + 1e-30)
            << where;
        continue;
      }
      // One ulp of the format, plus the erf polynomial's absolute error in the tail.
      ExpectClose(dt, gotGelu[static_cast<size_t>(k)], g, g, 0, where + " gelu", 1.0, floor);
      // fp16: gelu rounded before the product; a gelu one fp16 ulp off (an fp32 value next to a
      // rounding tie) moves the product by up to two ulps.
      if (dt == ACL_FLOAT16) g = RoundTo(ACL_FLOAT16, g);
      ExpectClose(dt, gotOut[static_cast<size_t>(k)], other * g, 0, 0, where + " out",
                  dt == ACL_FLOAT16 ? 2.5 : 1.0, floor * std::fabs(other));
    }
  }
}

TEST_P(GeGluDtype, BackwardMatchesReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP();
  uint32_t seed = 300;
  for (const Case& c : kCases) {
    SCOPED_TRACE("dim " + std::to_string(c.dim) + " approx " + std::to_string(c.approx) + " left " +
                 std::to_string(c.left) + " seed " + std::to_string(seed));
    const int d =
        static_cast<int>(c.dim < 0 ? c.dim + static_cast<int64_t>(c.shape.size()) : c.dim);
    DevTensor x(c.shape, dt, c.inLayout), gi(c.shape, dt, c.outLayout);
    DevTensor g(Halved(c.shape, d), dt, c.outLayout, 1), gelu(Halved(c.shape, d), dt, c.inLayout);
    const std::vector<double> xv = x.Set(RandomValues(x.numel(), seed++, -5, 5));
    const std::vector<double> gv = g.Set(RandomValues(g.numel(), seed++, -2, 2));
    const std::vector<double> sv = gelu.Set(RandomValues(g.numel(), seed++, -1, 4));
    const P1 p = GeGluBwd(c.v3, g.get(), x.get(), gelu.get(), c.dim, c.approx, c.left, gi.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(c.v3 ? aclnnGeGluV3Backward : aclnnGeGluBackward, p.ws, p.exec),
              ACLNN_SUCCESS);
    ExpectNotTrivial(gi.Raw(), kSentinel);
    EXPECT_TRUE(gi.GapsUntouched());
    const SplitIndex si(c.shape, d);
    const std::vector<double> got = gi.Get();
    for (int64_t k = 0; k < g.numel(); ++k) {
      int64_t i0, i1;
      si.Partners(k, &i0, &i1);
      const int64_t iGate = c.left ? i0 : i1, iOther = c.left ? i1 : i0;
      const double gate = xv[static_cast<size_t>(iGate)], other = xv[static_cast<size_t>(iOther)];
      const double dy = gv[static_cast<size_t>(k)];
      const double dOther = dy * sv[static_cast<size_t>(k)];
      const double dGate = GeluGradRef(gate, c.approx == 0) * dy * other;
      const std::string where = "k=" + std::to_string(k);
      ExpectClose(dt, got[static_cast<size_t>(iOther)], dOther, dOther, 2, where + " dOther");
      // gelu' in fp32 has a few ulps of error, relative to its largest term (~1.13).
      // (near gelu's zero slope at x = -0.75 that absolute error dominates a 16-bit result too).
      const double scale = 1.2 * std::fabs(dy * other);
      ExpectClose(dt, got[static_cast<size_t>(iGate)], dGate, scale, 16, where + " dGate", 1.0,
                  16 * std::ldexp(scale, -23));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, GeGluDtype, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(GeGlu, SampleValues) {  // the vendor's documented sample: self [[0,1],[2,3]], dim -1, tanh
  for (bool v3 : {false, true}) {
    DevTensor x({2, 2}, ACL_FLOAT), out({2, 1}, ACL_FLOAT), gelu({2, 1}, ACL_FLOAT);
    x.Set({0, 1, 2, 3});
    const P1 p = GeGlu(v3, x.get(), -1, 1, false, out.get(), gelu.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(v3 ? aclnnGeGluV3 : aclnnGeGlu, p.ws, p.exec), ACLNN_SUCCESS);
    const std::vector<double> o = out.Get(), g = gelu.Get();
    EXPECT_NEAR(o[0], 0.0, 1e-6);
    EXPECT_NEAR(o[1], 5.992725, 2e-6);
    EXPECT_NEAR(g[0], 0.841192, 2e-6);
    EXPECT_NEAR(g[1], 2.996363, 2e-6);
  }
}

TEST(GeGlu, EmptyAndZeroDimSucceed) {
  DevTensor x({0, 4}, ACL_FLOAT), out({0, 2}, ACL_FLOAT), gelu({0, 2}, ACL_FLOAT);
  P1 p = GeGlu(false, x.get(), -1, 1, false, out.get(), gelu.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(RunPhase2(aclnnGeGlu, p.ws, p.exec), ACLNN_SUCCESS);
  DevTensor x0({}, ACL_FLOAT), o0({1}, ACL_FLOAT), g0({1}, ACL_FLOAT);
  p = GeGlu(false, x0.get(), 0, 0, false, o0.get(), g0.get());
  ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
  EXPECT_EQ(RunPhase2(aclnnGeGlu, p.ws, p.exec), ACLNN_SUCCESS);
}

TEST(GeGlu, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), out({4, 3}, ACL_FLOAT), gelu({4, 3}, ACL_FLOAT);
  DevTensor outF16({4, 3}, ACL_FLOAT16), xInt({4, 6}, ACL_INT64), xOdd({4, 5}, ACL_FLOAT);
  DevTensor out6({4, 6}, ACL_FLOAT), out1d({12}, ACL_FLOAT), xBf({4, 6}, ACL_BF16);
  DevTensor outBf({4, 3}, ACL_BF16), geluBf({4, 3}, ACL_BF16);
  struct Row {
    const aclTensor* x;
    aclTensor* out;
    aclTensor* gelu;
    int64_t dim, approx;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  std::vector<Row> rows = {
      {nullptr, out.get(), gelu.get(), -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"aclnnGeGlu", "self"}},
      {x.get(), nullptr, gelu.get(), -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"out"}},
      {x.get(), out.get(), nullptr, -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"outGelu"}},
      {xInt.get(), out.get(), gelu.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"self dtype INT64"}},
      {x.get(), outF16.get(), gelu.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"out dtype FLOAT16"}},
      {x.get(), out.get(), outF16.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"outGelu dtype"}},
      {x.get(), out.get(), gelu.get(), 2, 1, ACLNN_ERR_PARAM_INVALID, {"dim 2 is out of range"}},
      {xOdd.get(), out.get(), gelu.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"odd length 5"}},
      {x.get(), out6.get(), gelu.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"out shape [4,6]"}},
      {x.get(), out.get(), out1d.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"outGelu shape [12]"}},
      {x.get(), out.get(), gelu.get(), -1, 2, ACLNN_ERR_PARAM_INVALID, {"approximate 2"}},
  };
  if (!ChipHasBf16()) {
    rows.push_back({xBf.get(),
                    outBf.get(),
                    geluBf.get(),
                    -1,
                    1,
                    ACLNN_ERR_PARAM_INVALID,
                    {"self dtype BFLOAT16 is not supported on"}});
  }
  for (const Row& r : rows) {
    EXPECT_EQ(GeGlu(false, r.x, r.dim, r.approx, false, r.out, r.gelu).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

TEST(GeGluBackward, FailureTable) {
  DevTensor x({4, 6}, ACL_FLOAT), g({4, 3}, ACL_FLOAT), gelu({4, 3}, ACL_FLOAT);
  DevTensor gi({4, 6}, ACL_FLOAT), gF16({4, 3}, ACL_FLOAT16), gelu6({4, 6}, ACL_FLOAT);
  DevTensor gi3({4, 3}, ACL_FLOAT), g6({4, 6}, ACL_FLOAT), g1d({12}, ACL_FLOAT);
  struct Row {
    const aclTensor* g;
    const aclTensor* x;
    const aclTensor* gelu;
    aclTensor* gi;
    int64_t dim, approx;
    aclnnStatus code;
    std::vector<std::string> fragments;
  };
  const Row rows[] = {
      {nullptr, x.get(), gelu.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"gradOutput"}},
      {g.get(), nullptr, gelu.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"self"}},
      {g.get(), x.get(), nullptr, gi.get(), -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"gelu"}},
      {g.get(), x.get(), gelu.get(), nullptr, -1, 1, ACLNN_ERR_PARAM_NULLPTR, {"gradInput"}},
      {gF16.get(), x.get(), gelu.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"self dtype"}},
      {g.get(), x.get(), gelu6.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"gelu", "[4,6]"}},
      {g.get(), x.get(), gelu.get(), gi3.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"gradInput"}},
      {g.get(), x.get(), gelu.get(), gi.get(), 2, 1, ACLNN_ERR_PARAM_INVALID, {"dim 2"}},
      {g6.get(), x.get(), g6.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"gradOutput shape"}},
      {g1d.get(), x.get(), g1d.get(), gi.get(), -1, 1, ACLNN_ERR_PARAM_INVALID, {"rank"}},
      {g.get(), x.get(), gelu.get(), gi.get(), -1, 3, ACLNN_ERR_PARAM_INVALID, {"approximate 3"}},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(GeGluBwd(true, r.g, r.x, r.gelu, r.dim, r.approx, false, r.gi).status, r.code);
    ExpectMessage(TakeErrMsg(), r.fragments);
  }
}

}  // namespace

namespace {

// The vendor's GeGluBackward sample fills FLOAT16 tensors from float vectors byte for byte: the
// device sees the 16-bit halves of the floats. The library computes on those bytes, as the NPU.
TEST(GeGluBackward, VendorSampleWithFloatBytesInHalfTensors) {
  // The halves of -2.0f are (0, -2) in fp16, those of -1.0f (0, -1.875).
  const std::vector<float> gradOut = {-2, 0}, self = {-2, -1, 0, 0}, gelu = {-2, 0};
  DeviceBuffer dg(8), dx(16), dgelu(8), dgi(16);
  dg.Upload(gradOut.data(), 8);
  dx.Upload(self.data(), 16);
  dgelu.Upload(gelu.data(), 8);
  const std::vector<float> zeros(4, 0.0f);
  dgi.Upload(zeros.data(), 16);
  const std::vector<int64_t> half = {2, 1}, full = {2, 2};
  Tensor tg(half, ACL_FLOAT16, dg.data()), tx(full, ACL_FLOAT16, dx.data());
  Tensor tgelu(half, ACL_FLOAT16, dgelu.data()), tgi(full, ACL_FLOAT16, dgi.data());
  for (bool v3 : {false, true}) {
    const P1 p = GeGluBwd(v3, tg.get(), tx.get(), tgelu.get(), -1, 1, false, tgi.get());
    ASSERT_EQ(p.status, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(v3 ? aclnnGeGluV3Backward : aclnnGeGluBackward, p.ws, p.exec),
              ACLNN_SUCCESS);
    const std::vector<uint8_t> bytes = dgi.Download();
    uint16_t h[4];
    std::memcpy(h, bytes.data(), 8);
    // Seen as fp16: gradOutput [0, -2], self [[0, -2], [0, -1.875]], gelu [0, -2].
    EXPECT_EQ(HalfToFloat(h[0]), 0.0f);
    EXPECT_EQ(HalfToFloat(h[1]), 0.0f);  // +-0
    EXPECT_EQ(HalfToFloat(h[2]), 4.0f);
    EXPECT_EQ(HalfToFloat(h[3]), 0.0f);  // +-0
  }
}

}  // namespace
