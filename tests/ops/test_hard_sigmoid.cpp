// aclnnHardsigmoid / aclnnInplaceHardsigmoid / aclnnHardsigmoidBackward through the public API:
// checks in the vendor's order (codes, messages, per chip), INT32's 0-or-1 results, promotion
// and casts, boundaries, and values against a float64 reference.
#include <algorithm>
#include <cmath>

#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardsigmoid_backward.h"
#include "hard_test_util.h"

using namespace hardtest;

namespace {

double HardsigmoidRef(double x) {
  if (std::isnan(x)) return NAN;
  return std::min(std::max(x / 6 + 0.5, 0.0), 1.0);
}

// Within one unit of the dtype at the reference, plus fp32 steps (x·(1/6) + 0.5 cancels near
// x = −3: the fp32 part is measured in ulps of the terms).
void ExpectClose(aclDataType dt, double got, double ref, double terms, const std::string& what) {
  if (!std::isfinite(ref)) return ExpectSame(got, ref, what);
  const int bits = dt == ACL_FLOAT ? 23 : (dt == ACL_FLOAT16 ? 10 : 7);
  const double bar = 4 * std::ldexp(terms, -24) +
                     std::ldexp(std::max(std::fabs(ref), std::ldexp(1.0, -14)), -bits);
  EXPECT_LE(std::fabs(got - ref), bar) << what << " got " << got << " want " << ref;
}

Result Hardsigmoid(const DevTensor* self, const DevTensor* out, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnHardsigmoidGetWorkspaceSize(self ? self->get() : nullptr,
                                                out ? out->get() : nullptr, ws, ex);
      },
      aclnnHardsigmoid, nullWs);
}

struct Case {
  const char* what;
  Result r;
  aclnnStatus status;
  const char* part;
};
void ExpectCases(const std::vector<Case>& cases, const char* api) {
  for (const Case& c : cases) {
    EXPECT_EQ(c.r.status, c.status) << c.what << ": " << c.r.message;
    EXPECT_NE(c.r.message.find(c.part), std::string::npos) << c.what << ": " << c.r.message;
    if (c.status != ACLNN_SUCCESS) {
      EXPECT_EQ(c.r.message.rfind(api, 0), 0u) << c.what << ": " << c.r.message;
    }
  }
}

TEST(Hardsigmoid, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), h(s, ACL_FLOAT16, {}), i64(s, ACL_INT64, {}),
      i8(s, ACL_INT8, {}), bf(s, ACL_BF16, {}), bfo(s, ACL_BF16, {}), small({3}, ACL_FLOAT, {}),
      f9(nine, ACL_FLOAT, {}), nchw(s, ACL_FLOAT, {}, ACL_FORMAT_NCHW);
  ExpectCases(
      {
          {"null ws first", Hardsigmoid(nullptr, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
           "aclnnHardsigmoid: workspaceSize must not be null"},
          {"null self", Hardsigmoid(nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "self must not be null"},
          {"null out", Hardsigmoid(&f, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out must not be null"},
          {"INT64", Hardsigmoid(&i64, &fo), ACLNN_ERR_PARAM_INVALID,
           "self dtype INT64 is not supported"},
          {"INT8", Hardsigmoid(&i8, &fo), ACLNN_ERR_PARAM_INVALID, "self dtype INT8"},
          {"rank before shape", Hardsigmoid(&f9, &small), ACLNN_ERR_PARAM_INVALID, "self"},
          {"shape before out dtype", Hardsigmoid(&f, &small), ACLNN_ERR_PARAM_INVALID,
           "out shape [3] must equal self shape [2,3]"},
          {"out dtype", Hardsigmoid(&f, &h), ACLNN_ERR_PARAM_INVALID,
           "out dtype FLOAT16 must equal self dtype FLOAT"},
          {"format", Hardsigmoid(&f, &nchw), ACLNN_ERR_PARAM_INVALID,
           "out format ACL_FORMAT_NCHW must equal self format ACL_FORMAT_ND"},
          {"bf16 per chip", Hardsigmoid(&bf, &bfo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "self dtype BFLOAT16"},
      },
      "aclnnHardsigmoid");
}

TEST(Hardsigmoid, Int32IsZeroOrOne) {
  const std::vector<double> x = {-2147483648.0, -4, -3, -1, 0, 1, 2, 3, 4, 2147483647.0};
  const std::vector<double> want = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  DevTensor self({10}, ACL_INT32, x), out({10}, ACL_INT32, {});
  ASSERT_EQ(Hardsigmoid(&self, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
  const std::vector<double> y = out.Read();
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y[i], want[i]) << "x=" << x[i];
}

TEST(Hardsigmoid, SpecialValuesAndRandomPerDtype) {
  for (aclDataType dt : FloatDtypesOnChip()) {
    SCOPED_TRACE("dtype " + std::to_string(dt));
    std::vector<double> x = {-INFINITY, -3, -0.0, 0, 3, INFINITY, NAN, 1e30, -1e30};
    optest::Rng rng(3);
    for (int i = 0; i < 300; ++i) x.push_back(rng.Uniform(-4, 4));
    for (double& v : x) v = InDtype(dt, v);
    const std::vector<int64_t> shape = {static_cast<int64_t>(x.size())};
    DevTensor self(shape, dt, x), out(shape, dt, {});
    ASSERT_EQ(Hardsigmoid(&self, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = out.Read();
    ExpectSame(y[0], 0.0, "-inf");
    ExpectSame(y[1], 0.0, "-3");
    ExpectSame(y[4], 1.0, "3");
    ExpectSame(y[5], 1.0, "inf");
    ExpectSame(y[6], NAN, "NaN");
    for (size_t i = 0; i < x.size(); ++i) {
      ExpectClose(dt, y[i], HardsigmoidRef(x[i]), std::fabs(x[i]) / 6 + 0.5,
                  "x=" + std::to_string(x[i]));
    }
  }
}

TEST(Hardsigmoid, SampleInplaceZeroDimEmpty) {
  const std::vector<double> x = {-4, -3, -2, 0, 1, 2, 4, 5};
  DevTensor self({4, 2}, ACL_FLOAT, x);
  Result r = RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceHardsigmoidGetWorkspaceSize(self.get(), ws, ex);
      },
      aclnnInplaceHardsigmoid);
  ASSERT_EQ(r.status, ACLNN_SUCCESS) << r.message;
  const std::vector<double> y = self.Read();
  for (size_t i = 0; i < x.size(); ++i) {
    ExpectClose(ACL_FLOAT, y[i], HardsigmoidRef(x[i]), 1.0, "inplace");
  }
  DevTensor s({}, ACL_FLOAT, {1.0}), so({}, ACL_FLOAT, {});
  ASSERT_EQ(Hardsigmoid(&s, &so).status, ACLNN_SUCCESS);
  ExpectClose(ACL_FLOAT, so.Read()[0], 2.0 / 3, 1.0, "0-d");
  DevTensor e({0}, ACL_FLOAT, {}), eo({0}, ACL_FLOAT, {});
  EXPECT_EQ(Hardsigmoid(&e, &eo).status, ACLNN_SUCCESS);
}

// ---- backward ----

Result Backward(const DevTensor* g, const DevTensor* x, const DevTensor* out, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnHardsigmoidBackwardGetWorkspaceSize(
            g ? g->get() : nullptr, x ? x->get() : nullptr, out ? out->get() : nullptr, ws, ex);
      },
      aclnnHardsigmoidBackward, nullWs);
}

TEST(HardsigmoidBackward, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), f2(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), h(s, ACL_FLOAT16, {}),
      i32(s, ACL_INT32, {}), b(s, ACL_BOOL, {}), bf(s, ACL_BF16, {}), small({3}, ACL_FLOAT, {}),
      f9(nine, ACL_FLOAT, {}), x9(nine, ACL_FLOAT, {});
  ExpectCases(
      {
          {"null ws first", Backward(nullptr, &f2, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null"},
          {"null gradOutput", Backward(nullptr, &f2, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "gradOutput must not be null"},
          {"null self", Backward(&f, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "self must not be null"},
          {"null out", Backward(&f, &f2, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out must not be null"},
          {"INT32 gradOutput", Backward(&i32, &f2, &fo), ACLNN_ERR_PARAM_INVALID,
           "gradOutput dtype INT32 is not supported"},
          {"BOOL self", Backward(&f, &b, &fo), ACLNN_ERR_PARAM_INVALID,
           "self dtype BOOL is not supported"},
          {"promoted cannot cast to INT32 out", Backward(&f, &f2, &i32), ACLNN_ERR_PARAM_INVALID,
           "cannot be cast to out dtype INT32"},
          {"rank 9", Backward(&f9, &x9, &x9), ACLNN_ERR_PARAM_INVALID, "gradOutput"},
          {"shape", Backward(&small, &f2, &fo), ACLNN_ERR_PARAM_INVALID,
           "gradOutput shape [3] must equal self shape [2,3]"},
          {"out shape", Backward(&f, &f2, &small), ACLNN_ERR_PARAM_INVALID,
           "out shape [3] must equal self shape [2,3]"},
          {"fp16 grad, fp32 self, fp32 out", Backward(&h, &f2, &fo), ACLNN_SUCCESS, ""},
          {"bf16 per chip", Backward(&bf, &f2, &fo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "gradOutput dtype BFLOAT16"},
      },
      "aclnnHardsigmoidBackward");
}

TEST(HardsigmoidBackward, BoundariesMixedDtypesAndSample) {
  // The vendor's sample: x = g = 0..7 → 0, 1/6, 2/6, then 0 from x = 3 on.
  std::vector<double> v = {0, 1, 2, 3, 4, 5, 6, 7};
  DevTensor g({4, 2}, ACL_FLOAT, v), x({4, 2}, ACL_FLOAT, v), o({4, 2}, ACL_FLOAT, {});
  ASSERT_EQ(Backward(&g, &x, &o).status, ACLNN_SUCCESS);
  const std::vector<double> y = o.Read();
  const double sixth = static_cast<float>(1.0f / 6.0f);
  const std::vector<double> want = {0, sixth, static_cast<float>(2 * sixth), 0, 0, 0, 0, 0};
  for (size_t i = 0; i < v.size(); ++i) ExpectSame(y[i], want[i], "sample " + std::to_string(i));

  // fp16 gradOutput with fp32 self: promoted to fp32, cast to an fp16 out.
  const std::vector<double> xs = {-3, -2.9990234375, 2.9990234375, 3, NAN, -INFINITY, 1.5};
  const std::vector<double> gs = {6, 6, 6, 6, 6, 6, 3};
  DevTensor tg({7}, ACL_FLOAT16, gs), tx({7}, ACL_FLOAT, xs), to({7}, ACL_FLOAT16, {});
  ASSERT_EQ(Backward(&tg, &tx, &to).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
  const std::vector<double> z = to.Read();
  const std::vector<double> wantZ = {0, 1, 1, 0, 0, 0, 0.5};
  for (size_t i = 0; i < xs.size(); ++i) ExpectSame(z[i], wantZ[i], "x=" + std::to_string(xs[i]));
}

TEST(HardsigmoidBackward, RandomPerDtypeAndEmpty) {
  for (aclDataType dt : FloatDtypesOnChip()) {
    SCOPED_TRACE("dtype " + std::to_string(dt));
    optest::Rng rng(9);
    std::vector<double> g, x;
    for (int i = 0; i < 300; ++i) {
      g.push_back(InDtype(dt, rng.Uniform(-10, 10)));
      x.push_back(InDtype(dt, rng.Uniform(-4, 4)));
    }
    DevTensor tg({300}, dt, g), tx({300}, dt, x), to({300}, dt, {});
    ASSERT_EQ(Backward(&tg, &tx, &to).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = to.Read();
    for (size_t i = 0; i < x.size(); ++i) {
      if (std::fabs(std::fabs(x[i]) - 3) < 1e-5) continue;  // fp32 boundary rounding
      const double ref = (x[i] > -3 && x[i] < 3) ? g[i] / 6 : 0.0;
      ExpectClose(dt, y[i], ref, std::fabs(g[i]) / 6, "x=" + std::to_string(x[i]));
    }
  }
  DevTensor e({2, 0}, ACL_FLOAT, {}), e2({2, 0}, ACL_FLOAT, {}), eo({2, 0}, ACL_FLOAT, {});
  EXPECT_EQ(Backward(&e, &e2, &eo).status, ACLNN_SUCCESS);
}

}  // namespace

namespace {

// BFLOAT16 halfway cases: x = 0.01171875 gives t = 0.501953125 in fp32, halfway between the
// bf16 values 0.5 and 0.50390625. The 950 narrows with CAST_ROUND (half away from zero), the
// other chips nearest-even. (Hardswish has the same rule: x = 4.59177481e−40 gives a subnormal
// halfway product.)
TEST(Hardsigmoid, Bf16HalfwayRoundsPerChip) {
  if (!optest::ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  const bool away = !optest::ChipIsLegacy();
  DevTensor self({2}, ACL_BF16, {0.01171875, -0.01171875}), out({2}, ACL_BF16, {});
  ASSERT_EQ(Hardsigmoid(&self, &out).status, ACLNN_SUCCESS);
  const std::vector<double> y = out.Read();
  ExpectSame(y[0], away ? 0.50390625 : 0.5, "t = 0.501953125");
  ExpectSame(y[1], 0.498046875, "t = 0.498046875 (a bf16 value: exact on every chip)");
}

}  // namespace
