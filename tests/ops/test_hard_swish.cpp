// aclnnHardswish / aclnnInplaceHardswish / aclnnHardswishBackward / aclnnHardswishBackwardV2
// through the public API: the vendor's checks in order with codes and messages per chip, 0-d,
// empty, 9-d, special values at the boundaries, and values against a float64 reference.
#include <algorithm>
#include <cmath>

#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "hard_test_util.h"

using namespace hardtest;

namespace {

double HardswishRef(double x) {
  if (std::isnan(x)) return NAN;
  if (x <= -3) return 0.0;
  if (x >= 3) return x;
  return x * (x + 3) / 6;
}
double HardswishGradRef(double g, double x, bool v2) {
  if (std::isnan(x)) return g;
  if (v2 ? x <= -3 : x < -3) return g * 0.0;
  if (v2 ? x >= 3 : x > 3) return g;
  return g * (x / 3 + 0.5);
}
// Within `ulps` units of the dtype at the reference (fp32: 2 for the rounded constants and
// steps; 16-bit: the single rounding of an fp32 value close to the reference).
void ExpectClose(aclDataType dt, double got, double ref, const std::string& what) {
  if (!std::isfinite(ref)) return ExpectSame(got, ref, what);
  const int bits = dt == ACL_FLOAT ? 23 : (dt == ACL_FLOAT16 ? 10 : 7);
  const int minExp = dt == ACL_FLOAT16 ? -14 : -126;
  const double ulps = dt == ACL_FLOAT ? 3.0 : 1.0;
  EXPECT_LE(optest::UlpsApart(got, ref, bits, minExp), ulps) << what << " got " << got;
}

Result Hardswish(const DevTensor& self, const DevTensor& out, bool nullSelf = false,
                 bool nullOut = false, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnHardswishGetWorkspaceSize(nullSelf ? nullptr : self.get(),
                                              nullOut ? nullptr : out.get(), ws, ex);
      },
      aclnnHardswish, nullWs);
}

TEST(Hardswish, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  DevTensor f32({2, 3}, ACL_FLOAT, {}), f32b({2, 3}, ACL_FLOAT, {}), i32({2, 3}, ACL_INT32, {}),
      f64({2, 3}, ACL_DOUBLE, {}), bf({2, 3}, ACL_BF16, {}), other({3, 2}, ACL_FLOAT, {});
  Result r = Hardswish(f32, f32b, true, false, true);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(r.message.find("aclnnHardswish: workspaceSize must not be null"), std::string::npos)
      << r.message;
  r = Hardswish(f32, f32b, true);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(r.message.find("self must not be null"), std::string::npos) << r.message;
  r = Hardswish(f32, f32b, false, true);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(r.message.find("out must not be null"), std::string::npos) << r.message;
  r = Hardswish(i32, other);  // dtype before shape
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(r.message.find("self dtype INT32 is not supported"), std::string::npos) << r.message;
  r = Hardswish(f32, f64);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(r.message.find("out dtype DOUBLE is not supported"), std::string::npos) << r.message;
  r = Hardswish(bf, f32b);
  EXPECT_EQ(r.status, bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID) << r.message;
  if (!bf16) {
    EXPECT_NE(r.message.find("self dtype BFLOAT16"), std::string::npos) << r.message;
  }
  r = Hardswish(f32, other);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(r.message.find("shape [3,2] must equal self shape [2,3]"), std::string::npos)
      << r.message;
}

TEST(Hardswish, NoRankLimitZeroDimAndEmpty) {
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 1};
  DevTensor a(nine, ACL_FLOAT, {2.0, -1.0}), b(nine, ACL_FLOAT, {});
  ASSERT_EQ(Hardswish(a, b).status, ACLNN_SUCCESS);
  const std::vector<double> v = b.Read();
  ExpectClose(ACL_FLOAT, v[0], HardswishRef(2.0), "9-d [0]");
  ExpectClose(ACL_FLOAT, v[1], HardswishRef(-1.0), "9-d [1]");
  DevTensor s({}, ACL_FLOAT, {1.5}), so({}, ACL_FLOAT, {});
  ASSERT_EQ(Hardswish(s, so).status, ACLNN_SUCCESS);
  ExpectClose(ACL_FLOAT, so.Read()[0], HardswishRef(1.5), "0-d");
  DevTensor e({2, 0}, ACL_FLOAT, {}), eo({2, 0}, ACL_FLOAT, {});
  EXPECT_EQ(Hardswish(e, eo).status, ACLNN_SUCCESS);
}

TEST(Hardswish, SpecialValuesAndRandomPerDtype) {
  const std::vector<double> specials = {-INFINITY, -4, -3, -2, -0.0, 0, 1, 3, 4, INFINITY, NAN};
  for (aclDataType dt : FloatDtypesOnChip()) {
    optest::Rng rng(11);
    std::vector<double> x = specials;
    for (int i = 0; i < 200; ++i) x.push_back(rng.Uniform(-7, 7));
    for (double& v : x) v = InDtype(dt, v);
    const std::vector<int64_t> shape = {static_cast<int64_t>(x.size())};
    DevTensor self(shape, dt, x), out(shape, dt, {});
    ASSERT_EQ(Hardswish(self, out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = out.Read();
    for (size_t i = 0; i < x.size(); ++i) {
      const std::string what = "dtype " + std::to_string(dt) + " x=" + std::to_string(x[i]);
      if (x[i] <= -3) {
        EXPECT_EQ(y[i], 0.0) << what;  // -inf gives 0, not NaN
      } else {
        ExpectClose(dt, y[i], HardswishRef(x[i]), what);
      }
    }
  }
}

TEST(Hardswish, CastsToOutDtypeAndInplace) {
  const std::vector<double> x = {-4, -3, -2, 0, 1, 2, 4, 5};
  const std::vector<double> want = {0, 0, -1.0 / 3, 0, 2.0 / 3, 5.0 / 3, 4, 5};
  DevTensor self({4, 2}, ACL_FLOAT, x), out16({4, 2}, ACL_FLOAT16, {});
  ASSERT_EQ(Hardswish(self, out16).status, ACLNN_SUCCESS);
  const std::vector<double> y = out16.Read();
  for (size_t i = 0; i < x.size(); ++i) ExpectClose(ACL_FLOAT16, y[i], want[i], "f32->f16");
  Result r = RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceHardswishGetWorkspaceSize(self.get(), ws, ex);
      },
      aclnnInplaceHardswish);
  ASSERT_EQ(r.status, ACLNN_SUCCESS) << r.message;
  const std::vector<double> z = self.Read();
  for (size_t i = 0; i < x.size(); ++i) ExpectClose(ACL_FLOAT, z[i], want[i], "inplace");
  r = RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceHardswishGetWorkspaceSize(nullptr, ws, ex);
      },
      aclnnInplaceHardswish);
  EXPECT_EQ(r.status, ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(r.message.find("aclnnInplaceHardswish: self must not be null"), std::string::npos)
      << r.message;
}

// A subnormal halfway product in bf16: x = 5·2^−133 gives max(x,−3)·(x + 3)·(1/6) = 2.5·2^−133
// in fp32, halfway between the bf16 subnormals 2·2^−133 and 3·2^−133: half away from zero on the
// 950 (CAST_ROUND), nearest-even (to 2·2^−133) elsewhere.
TEST(Hardswish, Bf16HalfwayRoundsPerChip) {
  if (!optest::ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  const double q = std::ldexp(1.0, -133);
  DevTensor self({1}, ACL_BF16, {5 * q}), out({1}, ACL_BF16, {});
  ASSERT_EQ(Hardswish(self, out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read()[0], optest::ChipIsLegacy() ? 2 * q : 3 * q, "2.5 ulp");
}

// ---- backward ----

using BwdPhase1 = aclnnStatus (*)(const aclTensor*, const aclTensor*, aclTensor*, uint64_t*,
                                  aclOpExecutor**);
struct BwdApi {
  const char* name;
  BwdPhase1 phase1;
  Phase2Fn phase2;
  bool v2;
};
const BwdApi kBwd[] = {
    {"aclnnHardswishBackward", aclnnHardswishBackwardGetWorkspaceSize, aclnnHardswishBackward,
     false},
    {"aclnnHardswishBackwardV2", aclnnHardswishBackwardV2GetWorkspaceSize, aclnnHardswishBackwardV2,
     true},
};

Result RunBwd(const BwdApi& api, const DevTensor* g, const DevTensor* x, const DevTensor* out,
              bool nullWs = false, bool nullExec = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return api.phase1(g ? g->get() : nullptr, x ? x->get() : nullptr,
                          out ? out->get() : nullptr, ws, ex);
      },
      api.phase2, nullWs, nullExec);
}

TEST(HardswishBackward, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  DevTensor f(s, ACL_FLOAT, {}), f2(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), h(s, ACL_FLOAT16, {}),
      i64(s, ACL_INT64, {}), bf(s, ACL_BF16, {}), bf2(s, ACL_BF16, {}), bfo(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), smallOut({3}, ACL_FLOAT, {});
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor g9(nine, ACL_FLOAT, {}), x9(nine, ACL_FLOAT, {});
  struct Case {
    const char* what;
    Result r;
    aclnnStatus status;
    const char* part;
  };
  for (const BwdApi& api : kBwd) {
    SCOPED_TRACE(api.name);
    const std::vector<Case> cases = {
        {"null ws first", RunBwd(api, nullptr, &f2, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
         "workspaceSize must not be null"},
        {"null executor", RunBwd(api, &f, &f2, &fo, false, true), ACLNN_ERR_PARAM_NULLPTR,
         "executor must not be null"},
        {"null gradOutput", RunBwd(api, nullptr, &f2, &fo), ACLNN_ERR_PARAM_NULLPTR,
         "gradOutput must not be null"},
        {"null self", RunBwd(api, &f, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
         "self must not be null"},
        {"null out", RunBwd(api, &f, &f2, nullptr), ACLNN_ERR_PARAM_NULLPTR,
         "out must not be null"},
        {"self dtype before gradOutput's", RunBwd(api, &i64, &i64, &fo), ACLNN_ERR_PARAM_INVALID,
         "self dtype INT64 is not supported"},
        {"gradOutput dtype must equal self's", RunBwd(api, &h, &f2, &fo), ACLNN_ERR_PARAM_INVALID,
         "gradOutput dtype FLOAT16 must equal self dtype FLOAT"},
        {"out dtype must equal self's", RunBwd(api, &f, &f2, &h), ACLNN_ERR_PARAM_INVALID,
         "out dtype FLOAT16 must equal self dtype FLOAT"},
        {"rank 9", RunBwd(api, &g9, &x9, &x9), ACLNN_ERR_PARAM_INVALID, "gradOutput"},
        {"shape", RunBwd(api, &small, &f2, &fo), ACLNN_ERR_PARAM_INVALID,
         "gradOutput shape [3] must equal self shape [2,3]"},
        {"out shape", RunBwd(api, &f, &f2, &smallOut), ACLNN_ERR_PARAM_INVALID,
         "out shape [3] must equal self shape [2,3]"},
        {"bf16 per chip", RunBwd(api, &bf, &bf2, &bfo),
         bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, bf16 ? "" : "BFLOAT16"},
    };
    for (const Case& c : cases) {
      EXPECT_EQ(c.r.status, c.status) << c.what << ": " << c.r.message;
      EXPECT_NE(c.r.message.find(c.part), std::string::npos) << c.what << ": " << c.r.message;
      if (c.status != ACLNN_SUCCESS) {
        EXPECT_EQ(c.r.message.rfind(api.name, 0), 0u) << c.what << ": " << c.r.message;
      }
    }
  }
}

TEST(HardswishBackward, BoundariesAndRandomPerDtype) {
  for (const BwdApi& api : kBwd) {
    for (aclDataType dt : FloatDtypesOnChip()) {
      SCOPED_TRACE(std::string(api.name) + " dtype " + std::to_string(dt));
      std::vector<double> x = {-INFINITY, -4, -3, -2.5, 0, 1, 3, 3.5, INFINITY, NAN};
      std::vector<double> g(x.size(), 2.0);
      optest::Rng rng(5);
      for (int i = 0; i < 200; ++i) {
        x.push_back(rng.Uniform(-5, 5));
        g.push_back(rng.Uniform(-3, 3));
      }
      for (size_t i = 0; i < x.size(); ++i) {
        x[i] = InDtype(dt, x[i]);
        g[i] = InDtype(dt, g[i]);
      }
      const std::vector<int64_t> shape = {static_cast<int64_t>(x.size())};
      DevTensor tg(shape, dt, g), tx(shape, dt, x), to(shape, dt, {});
      ASSERT_EQ(RunBwd(api, &tg, &tx, &to).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
      const std::vector<double> y = to.Read();
      // x = 3: 1.5·g (V1) or g (V2); x = −3: −0.5·g (V1) or 0 (V2); NaN x: g.
      ExpectSame(y[6], api.v2 ? 2.0 : 3.0, "x = 3");
      ExpectSame(y[2], api.v2 ? 0.0 : -1.0, "x = -3");
      ExpectSame(y[9], 2.0, "x = NaN");
      ExpectSame(y[0], 0.0, "x = -inf");
      ExpectSame(y[8], 2.0, "x = inf");
      // x/3 + 0.5 cancels near x = −1.5: the bar is in fp32 ulps of the terms |g|·(|x|/3 + 0.5)
      // plus one unit of the dtype at the result.
      const int bits = dt == ACL_FLOAT ? 23 : (dt == ACL_FLOAT16 ? 10 : 7);
      for (size_t i = 10; i < x.size(); ++i) {
        const double ref = HardswishGradRef(g[i], x[i], api.v2);
        const double terms = std::fabs(g[i]) * (std::fabs(x[i]) / 3 + 0.5);
        const double bar = 4 * std::ldexp(terms, -24) +
                           std::ldexp(std::max(std::fabs(ref), std::ldexp(1.0, -14)), -bits);
        EXPECT_LE(std::fabs(y[i] - ref), bar) << "g=" << g[i] << " x=" << x[i];
      }
    }
  }
}

TEST(HardswishBackward, ZeroDimAndEmpty) {
  for (const BwdApi& api : kBwd) {
    DevTensor g({}, ACL_FLOAT, {4.0}), x({}, ACL_FLOAT, {1.0}), o({}, ACL_FLOAT, {});
    ASSERT_EQ(RunBwd(api, &g, &x, &o).status, ACLNN_SUCCESS);
    ExpectClose(ACL_FLOAT, o.Read()[0], 4.0 * (1.0 / 3 + 0.5), api.name);
    DevTensor eg({0, 3}, ACL_FLOAT, {}), ex({0, 3}, ACL_FLOAT, {}), eo({0, 3}, ACL_FLOAT, {});
    EXPECT_EQ(RunBwd(api, &eg, &ex, &eo).status, ACLNN_SUCCESS) << api.name;
  }
}

}  // namespace
