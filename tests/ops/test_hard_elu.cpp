// aclnnElu / aclnnInplaceElu / aclnnEluBackward through the public API: checks in the vendor's
// order (Elu has no workspaceSize/executor check of its own), the three compute paths of Elu
// (AICore fp32, DOUBLE on the AICPU kernel with 6-decimal scalars, the Threshold path for an
// inf/NaN α or inputScale), EluBackward's two formulas, against float64 references.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "hard_test_util.h"

using namespace hardtest;

namespace {

double EluRef(double x, double a, double s, double is) {
  return x > 0 ? s * x : a * s * std::expm1(x * is);
}

Result Elu(const DevTensor* self, const aclScalar* a, const aclScalar* s, const aclScalar* is,
           const DevTensor* out, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEluGetWorkspaceSize(self ? self->get() : nullptr, a, s, is,
                                        out ? out->get() : nullptr, ws, ex);
      },
      aclnnElu, nullWs);
}

void ExpectMsg(const Result& r, aclnnStatus status, const char* part, const char* what) {
  EXPECT_EQ(r.status, status) << what << ": " << r.message;
  EXPECT_NE(r.message.find(part), std::string::npos) << what << ": " << r.message;
}

TEST(Elu, ChecksInVendorOrder) {
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), i32(s, ACL_INT32, {}), d(s, ACL_DOUBLE, {}),
      c64(s, ACL_COMPLEX64, {}), small({3}, ACL_FLOAT, {}), f9(nine, ACL_FLOAT, {}),
      o9(nine, ACL_FLOAT, {});
  Scalar one(1.0);
  const double complexBytes[2] = {1.0, 0.0};
  aclScalar* cplx = aclCreateScalar(const_cast<double*>(complexBytes), ACL_COMPLEX128);
  ExpectMsg(Elu(nullptr, one.s, one.s, one.s, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
            "aclnnElu: self must not be null", "tensors before workspaceSize");
  ExpectMsg(Elu(&f, one.s, nullptr, one.s, &fo), ACLNN_ERR_PARAM_NULLPTR, "scale must not be null",
            "null scale");
  ExpectMsg(Elu(&f, one.s, one.s, one.s, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
            "workspaceSize must not be null", "null workspaceSize");
  ExpectMsg(Elu(&i32, one.s, one.s, one.s, &fo), ACLNN_ERR_PARAM_INVALID,
            "self dtype INT32 is not supported", "INT32");
  ExpectMsg(Elu(&f, cplx, cplx, one.s, &fo), ACLNN_ERR_PARAM_INVALID, "scale",
            "scale checked before alpha");
  ExpectMsg(Elu(&d, one.s, one.s, one.s, &i32), ACLNN_ERR_PARAM_INVALID,
            "self dtype DOUBLE cannot be cast to out dtype INT32", "CanCast");
  ExpectMsg(Elu(&f, one.s, one.s, one.s, &small), ACLNN_ERR_PARAM_INVALID,
            "out shape [3] must equal self shape [2,3]", "shape");
  ExpectMsg(Elu(&f9, one.s, one.s, one.s, &o9), ACLNN_ERR_PARAM_INVALID, "self", "rank 9");
  ExpectMsg(Elu(&f, one.s, one.s, one.s, &c64), ACLNN_SUCCESS, "", "complex out");
  aclDestroyScalar(cplx);
}

TEST(Elu, Fp32AndSixteenBitPaths) {
  Scalar a(1.25), s(1.0507), is(0.75);
  std::vector<double> x = {-2, -1, -0.1, -0.05, -0.0, 0, 0.05, 1, -100, INFINITY, -INFINITY, NAN};
  optest::Rng rng(21);
  for (int i = 0; i < 200; ++i) x.push_back(rng.Uniform(-6, 3));
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE("dtype " + std::to_string(dt));
    std::vector<double> xs = x;
    for (double& v : xs) v = InDtype(dt, v);
    const std::vector<int64_t> shape = {static_cast<int64_t>(xs.size())};
    DevTensor self(shape, dt, xs), out(shape, ACL_FLOAT, {});
    ASSERT_EQ(Elu(&self, a.s, s.s, is.s, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = out.Read();
    ExpectSame(y[9], INFINITY, "inf");
    ExpectSame(y[11], NAN, "NaN");
    for (size_t i = 0; i < xs.size(); ++i) {
      const double ref = EluRef(xs[i], 1.25f, 1.0507f, 0.75f);
      if (!std::isfinite(ref)) continue;
      // fp32 steps after an fp32 exp: a few ulps of |α·scale| (the exp − 1 subtraction), and
      // the 16-bit rows' final rounding.
      const double bar =
          8 * std::ldexp(1.32, -24) * (1 + std::fabs(ref)) +
          (dt == ACL_FLOAT ? 0 : std::ldexp(std::fabs(ref), dt == ACL_FLOAT16 ? -10 : -7));
      EXPECT_LE(std::fabs(y[i] - ref), bar) << "x=" << xs[i];
    }
  }
}

TEST(Elu, DoubleUsesSixDecimalScalars) {
  // α = 1.2345678 reaches the AICPU kernel as 1.234568.
  Scalar a(1.2345678), s(1.0), is(1.0);
  const std::vector<double> x = {-1.0, -0.5, 0.0, 2.0};
  DevTensor self({4}, ACL_DOUBLE, x), out({4}, ACL_DOUBLE, {});
  ASSERT_EQ(Elu(&self, a.s, s.s, is.s, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
  const std::vector<double> y = out.Read();
  const double a6 = 1.234568;
  for (size_t i = 0; i < x.size(); ++i) {
    const double ref = x[i] >= 0 ? x[i] : a6 * (std::exp(x[i]) - 1);
    EXPECT_NEAR(y[i], ref, 4e-16 * (1 + std::fabs(ref))) << "x=" << x[i];
  }
  EXPECT_GT(std::fabs(y[0] - 1.2345678f * std::expm1(-1.0)), 1e-8) << "scalar not rounded";
}

TEST(Elu, InfOrNanAlphaTakesThresholdPath) {
  Scalar infAlpha(INFINITY), nanScale(NAN), two(2.0), one(1.0), minusThree(-3.0);
  const std::vector<double> x = {-1.0, 0.0, 0.5, NAN};
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE}) {
    SCOPED_TRACE("dtype " + std::to_string(dt));
    DevTensor self({4}, dt, x), out({4}, dt, {});
    ASSERT_EQ(Elu(&self, infAlpha.s, two.s, one.s, &out).status, ACLNN_SUCCESS);
    const std::vector<double> y = out.Read();
    ExpectSame(y[0], -INFINITY, "x=-1 → -α·scale");
    ExpectSame(y[1], -INFINITY, "x=0 → -α·scale");
    ExpectSame(y[2], 1.0, "x=0.5");
    ExpectSame(y[3], NAN, "NaN passes");
  }
  // A NaN inputScale also takes it: x ≤ 0 gives −α·scale exactly (here 3·2 = 6).
  DevTensor self({4}, ACL_FLOAT, x), out({4}, ACL_FLOAT, {});
  ASSERT_EQ(Elu(&self, minusThree.s, two.s, nanScale.s, &out).status, ACLNN_SUCCESS);
  const std::vector<double> y = out.Read();
  ExpectSame(y[0], 6.0, "x=-1");
  ExpectSame(y[1], 6.0, "x=0");
  ExpectSame(y[2], 1.0, "x=0.5");
}

TEST(Elu, SampleInplaceAndEmpty) {
  Scalar one(1.0);
  DevTensor self({2, 2}, ACL_FLOAT, {-2, -1, 0, 1});
  Result r = RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceEluGetWorkspaceSize(self.get(), one.s, one.s, one.s, ws, ex);
      },
      aclnnInplaceElu);
  ASSERT_EQ(r.status, ACLNN_SUCCESS) << r.message;
  const std::vector<double> y = self.Read();
  const double want[] = {-0.864665, -0.632121, 0, 1};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[i], want[i], 1e-6) << i;
  DevTensor e({0, 2}, ACL_FLOAT, {}), eo({0, 2}, ACL_FLOAT, {});
  EXPECT_EQ(Elu(&e, one.s, one.s, one.s, &eo).status, ACLNN_SUCCESS);
  DevTensor z({}, ACL_FLOAT, {-1}), zo({}, ACL_FLOAT, {});
  ASSERT_EQ(Elu(&z, one.s, one.s, one.s, &zo).status, ACLNN_SUCCESS);
  EXPECT_NEAR(zo.Read()[0], std::expm1(-1.0), 2e-7);
}

// ---- EluBackward ----

Result EluGrad(const DevTensor* g, const aclScalar* a, const aclScalar* s, const aclScalar* is,
               bool isResult, const DevTensor* x, const DevTensor* gi, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEluBackwardGetWorkspaceSize(g ? g->get() : nullptr, a, s, is, isResult,
                                                x ? x->get() : nullptr, gi ? gi->get() : nullptr,
                                                ws, ex);
      },
      aclnnEluBackward, nullWs);
}

TEST(EluBackward, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), x(s, ACL_FLOAT, {}), gi(s, ACL_FLOAT, {}), h(s, ACL_FLOAT16, {}),
      i32(s, ACL_INT32, {}), c64(s, ACL_COMPLEX64, {}), bf(s, ACL_BF16, {}), bfx(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), g9(nine, ACL_FLOAT, {}), x9(nine, ACL_FLOAT, {}),
      o9(nine, ACL_FLOAT, {});
  Scalar one(1.0), neg(-0.5);
  ExpectMsg(EluGrad(nullptr, one.s, one.s, one.s, true, &x, &gi, true), ACLNN_ERR_PARAM_NULLPTR,
            "aclnnEluBackward: workspaceSize must not be null", "COMM first");
  ExpectMsg(EluGrad(&f, one.s, one.s, nullptr, true, &x, &gi), ACLNN_ERR_PARAM_NULLPTR,
            "inputScale must not be null", "null inputScale");
  ExpectMsg(EluGrad(&f, one.s, one.s, one.s, true, nullptr, &gi), ACLNN_ERR_PARAM_NULLPTR,
            "selfOrResult must not be null", "null selfOrResult");
  ExpectMsg(EluGrad(&i32, one.s, one.s, one.s, true, &x, &gi), ACLNN_ERR_PARAM_INVALID,
            "selfOrResult dtype FLOAT must equal gradOutput dtype INT32", "dtype equality first");
  ExpectMsg(EluGrad(&i32, one.s, one.s, one.s, true, &i32, &gi), ACLNN_ERR_PARAM_INVALID,
            "gradOutput dtype INT32 is not supported", "list");
  ExpectMsg(EluGrad(&f, one.s, one.s, one.s, true, &x, &i32), ACLNN_ERR_PARAM_INVALID,
            "gradOutput dtype FLOAT cannot be cast to gradInput dtype INT32", "CanCast");
  ExpectMsg(EluGrad(&f, one.s, one.s, one.s, true, &x, &c64), ACLNN_SUCCESS, "", "complex out");
  ExpectMsg(EluGrad(&f, one.s, one.s, one.s, true, &small, &gi), ACLNN_ERR_PARAM_INVALID,
            "selfOrResult shape [3] must equal gradOutput shape [2,3]", "shape");
  ExpectMsg(EluGrad(&g9, one.s, one.s, one.s, true, &x9, &o9), ACLNN_ERR_PARAM_INVALID,
            "gradOutput", "rank 9");
  ExpectMsg(EluGrad(&f, neg.s, one.s, one.s, true, &x, &gi), ACLNN_ERR_PARAM_INVALID,
            "alpha must be >= 0 when isResult is true, got -0.5", "negative alpha");
  ExpectMsg(EluGrad(&f, neg.s, one.s, one.s, false, &x, &gi), ACLNN_SUCCESS, "",
            "negative alpha without isResult");
  ExpectMsg(EluGrad(&bf, one.s, one.s, one.s, false, &bfx, &gi),
            bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, bf16 ? "" : "BFLOAT16", "bf16");
  (void)h;
}

TEST(EluBackward, BothFormulasAndSample) {
  Scalar one(1.0);
  DevTensor g({2, 2}, ACL_FLOAT, {-2, -1, 0, 1}), x({2, 2}, ACL_FLOAT, {-2, -1, 0, 1}),
      gi({2, 2}, ACL_FLOAT, {});
  ASSERT_EQ(EluGrad(&g, one.s, one.s, one.s, true, &x, &gi).status, ACLNN_SUCCESS);
  std::vector<double> y = gi.Read();
  ExpectSame(y[0], 2.0, "sample 0");
  ExpectSame(y[1], -0.0, "sample 1: (-1)·0");
  ExpectSame(y[2], 0.0, "sample 2");
  ExpectSame(y[3], 1.0, "sample 3");

  const double a = 1.5, s = 0.75, is = 2.0;
  Scalar sa(a), ss(s), sis(is);
  std::vector<double> gv, xv;
  optest::Rng rng(4);
  for (int i = 0; i < 200; ++i) {
    gv.push_back(rng.Uniform(-3, 3));
    xv.push_back(rng.Uniform(-4, 2));
  }
  xv[0] = NAN;
  xv[1] = -INFINITY;
  for (bool isResult : {true, false}) {
    DevTensor tg({200}, ACL_FLOAT, gv), tx({200}, ACL_FLOAT, xv), to({200}, ACL_FLOAT, {});
    ASSERT_EQ(EluGrad(&tg, sa.s, ss.s, sis.s, isResult, &tx, &to).status, ACLNN_SUCCESS);
    y = to.Read();
    for (size_t i = 0; i < gv.size(); ++i) {
      const double g0 = static_cast<float>(gv[i]), x0 = static_cast<float>(xv[i]);
      double ref;
      if (!(x0 <= 0)) {
        ref = static_cast<float>(g0 * s);  // one fp32 multiply: exact bits
      } else if (isResult) {
        ref = g0 * is * (x0 + a * s);
      } else {
        ref = g0 * is * a * s * std::exp(x0 * is);
      }
      if (!std::isfinite(ref) || std::isnan(x0)) {
        ExpectSame(y[i], ref, "x=" + std::to_string(x0));
        continue;
      }
      const double terms = std::fabs(g0) * is * (std::fabs(x0) + a * s) + std::fabs(g0) * s;
      EXPECT_NEAR(y[i], ref, 4 * std::ldexp(terms, -24) + 1e-30)
          << "isResult " << isResult << " x=" << x0;
    }
  }
}

// ---- Celu ----

Result Celu(const DevTensor* self, const aclScalar* a, const DevTensor* out, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCeluGetWorkspaceSize(self ? self->get() : nullptr, a,
                                         out ? out->get() : nullptr, ws, ex);
      },
      aclnnCelu, nullWs);
}

TEST(Celu, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const bool current = !optest::ChipIsLegacy();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> ten = {1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {1, 2, 3, 4, 5, 6}), fo(s, ACL_FLOAT, {}), d(s, ACL_DOUBLE, {}),
      i32(s, ACL_INT32, {}), c64(s, ACL_COMPLEX64, {}), bf(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), f10(ten, ACL_FLOAT, {}), o10(ten, ACL_FLOAT, {});
  Scalar one(1.0), zero(0.0), nan(NAN), tiny(1e-8), neg(-2.0), u8(3, ACL_UINT8);
  ExpectMsg(Celu(nullptr, nullptr, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
            "aclnnCelu: workspaceSize must not be null", "COMM first");
  ExpectMsg(Celu(&f, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR, "alpha must not be null", "alpha");
  ExpectMsg(Celu(&d, one.s, &fo), ACLNN_ERR_PARAM_INVALID, "self dtype DOUBLE is not supported",
            "DOUBLE");
  ExpectMsg(Celu(&f, one.s, &i32), ACLNN_ERR_PARAM_INVALID,
            "self dtype FLOAT cannot be cast to out dtype INT32", "CanCast");
  ExpectMsg(Celu(&f10, one.s, &o10), ACLNN_ERR_PARAM_INVALID, "self", "rank 10");
  ExpectMsg(Celu(&f, one.s, &small), ACLNN_ERR_PARAM_INVALID,
            "out shape [3] must equal self shape [2,3]", "shape");
  ExpectMsg(Celu(&f, zero.s, &fo), ACLNN_ERR_PARAM_INVALID, "alpha must be nonzero, got 0",
            "alpha 0");
  ExpectMsg(Celu(&f, nan.s, &fo), ACLNN_ERR_PARAM_INVALID, "alpha must be nonzero", "alpha NaN");
  ExpectMsg(Celu(&f, tiny.s, &fo), current ? ACLNN_ERR_INNER_TILING_ERROR : ACLNN_SUCCESS,
            current ? "below 1e-7" : "", "tiny alpha (950 tiling)");
  ExpectMsg(Celu(&f, neg.s, &c64), ACLNN_SUCCESS, "", "negative alpha, complex out");
  ExpectMsg(Celu(&f, u8.s, &fo), ACLNN_SUCCESS, "", "uint8 alpha");
  ExpectMsg(Celu(&bf, one.s, &fo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
            bf16 ? "" : "self dtype BFLOAT16", "bf16 per chip");
}

TEST(Celu, ValuesPerDtypeSampleAndInplace) {
  for (double alpha : {1.0, 0.7, -1.5}) {
    Scalar a(alpha);
    const double af = static_cast<float>(alpha);
    for (aclDataType dt : FloatDtypesOnChip()) {
      SCOPED_TRACE("alpha " + std::to_string(alpha) + " dtype " + std::to_string(dt));
      std::vector<double> x = {-1e-8, 0.25, -0.25, 1, -100, INFINITY, -INFINITY, NAN};
      optest::Rng rng(8);
      for (int i = 0; i < 200; ++i) x.push_back(rng.Uniform(-6, 4));
      for (double& v : x) v = InDtype(dt, v);
      const std::vector<int64_t> shape = {static_cast<int64_t>(x.size())};
      DevTensor self(shape, dt, x), out(shape, ACL_FLOAT, {});
      ASSERT_EQ(Celu(&self, a.s, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
      const std::vector<double> y = out.Read();
      for (size_t i = 0; i < x.size(); ++i) {
        if (std::isnan(x[i])) {
          ExpectSame(y[i], NAN, "NaN");
          continue;
        }
        // u = x·(1/α) with the fp32 reciprocal and product, as the kernel forms it (at u ≈ 67
        // their rounding moves exp(u) by ~1e-6 relative)
        const float u = static_cast<float>(x[i]) * (1.0f / static_cast<float>(af));
        const double ref = std::max(x[i], 0.0) + std::min(af * std::expm1(double(u)), 0.0);
        if (!std::isfinite(ref) || (dt == ACL_FLOAT16 && std::fabs(ref) >= 65520)) {
          // computed in self's dtype: fp16 overflows to inf before the cast to out
          ExpectSame(y[i], std::isfinite(ref) ? std::copysign(INFINITY, ref) : ref,
                     "x=" + std::to_string(x[i]));
          continue;
        }
        const double bar =
            8 * std::ldexp(1.0, -24) * (std::fabs(ref) + std::fabs(af)) +
            (dt == ACL_FLOAT ? 0 : std::ldexp(std::fabs(ref), dt == ACL_FLOAT16 ? -10 : -7));
        EXPECT_LE(std::fabs(y[i] - ref), bar) << "x=" << x[i];
      }
    }
  }
  Scalar one(1.0);
  DevTensor self({2, 2}, ACL_FLOAT, {-2, -1, 0, 1});
  Result r = RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceCeluGetWorkspaceSize(self.get(), one.s, ws, ex);
      },
      aclnnInplaceCelu);
  ASSERT_EQ(r.status, ACLNN_SUCCESS) << r.message;
  const std::vector<double> y = self.Read();
  const double want[] = {-0.864665, -0.632121, 0, 1};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[i], want[i], 1e-6) << i;
  DevTensor e({0}, ACL_FLOAT, {}), eo({0}, ACL_FLOAT, {});
  EXPECT_EQ(Celu(&e, one.s, &eo).status, ACLNN_SUCCESS);
}

}  // namespace
