// aclnnErfinv / aclnnInplaceErfinv through the public API: the dtype lists per chip, integer and
// BOOL inputs computed as FLOAT (so an integer out, and the inplace form on integers, are
// refused), rank and shape checks, and values against a float64 erfinv (bisection on erf).
#include <algorithm>
#include <cmath>

#include "aclnnop/aclnn_erfinv.h"
#include "hard_test_util.h"

using namespace hardtest;

namespace {

// erfinv by bisection on erf / erfc in double (the test's own reference).
double ErfinvRef(double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return NAN;
  if (std::fabs(x) == 1) return std::copysign(INFINITY, x);
  if (x == 0) return x;
  const double a = std::fabs(x);
  double lo = 0, hi = 7;
  for (int i = 0; i < 1100; ++i) {
    const double mid = 0.5 * (lo + hi);
    const bool below = a > 0.5 ? std::erfc(mid) > 1 - a : std::erf(mid) < a;
    (below ? lo : hi) = mid;
  }
  return std::copysign(0.5 * (lo + hi), x);
}

Result Erfinv(const DevTensor* self, const DevTensor* out, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnErfinvGetWorkspaceSize(self ? self->get() : nullptr, out ? out->get() : nullptr,
                                           ws, ex);
      },
      aclnnErfinv, nullWs);
}
Result InplaceErfinv(const DevTensor* self) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceErfinvGetWorkspaceSize(self ? self->get() : nullptr, ws, ex);
      },
      aclnnInplaceErfinv);
}

void ExpectMsg(const Result& r, aclnnStatus status, const char* part, const char* what) {
  EXPECT_EQ(r.status, status) << what << ": " << r.message;
  EXPECT_NE(r.message.find(part), std::string::npos) << what << ": " << r.message;
}

TEST(Erfinv, ChecksInVendorOrder) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), i64(s, ACL_INT64, {0, 1, 0, 1, 0, 1}),
      i32o(s, ACL_INT32, {}), u16(s, ACL_UINT16, {}), d(s, ACL_DOUBLE, {}),
      b(s, ACL_BOOL, {1, 0, 1, 0, 1, 0}), bf(s, ACL_BF16, {}), small({3}, ACL_FLOAT, {}),
      f9(nine, ACL_FLOAT, {}), o9(nine, ACL_FLOAT, {}),
      nc1hwc0(s, ACL_FLOAT, {}, ACL_FORMAT_NC1HWC0);
  ExpectMsg(Erfinv(nullptr, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
            "aclnnErfinv: workspaceSize must not be null", "COMM first");
  ExpectMsg(Erfinv(nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR, "self must not be null", "self");
  ExpectMsg(Erfinv(&f, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out must not be null", "out");
  ExpectMsg(Erfinv(&u16, &fo), ACLNN_ERR_PARAM_INVALID, "self dtype UINT16 is not supported",
            "UINT16");
  ExpectMsg(Erfinv(&d, &fo), ACLNN_ERR_PARAM_INVALID, "self dtype DOUBLE", "DOUBLE");
  ExpectMsg(Erfinv(&i64, &i32o), ACLNN_ERR_PARAM_INVALID,
            "self (computed as FLOAT) dtype FLOAT cannot be cast to out dtype INT32",
            "integer out");
  ExpectMsg(InplaceErfinv(&i64), ACLNN_ERR_PARAM_INVALID, "aclnnInplaceErfinv: self",
            "inplace on integers");
  ExpectMsg(Erfinv(&f, &small), ACLNN_ERR_PARAM_INVALID,
            "out shape [3] must equal self shape [2,3]", "shape");
  ExpectMsg(Erfinv(&f9, &o9), ACLNN_ERR_PARAM_INVALID, "self", "rank 9");
  ExpectMsg(Erfinv(&nc1hwc0, &fo), ACLNN_SUCCESS, "", "formats unchecked");
  ExpectMsg(Erfinv(&bf, &fo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
            bf16 ? "" : "self dtype BFLOAT16", "bf16 per chip");

  // INT64 and BOOL self with a FLOAT out: computed as FLOAT (erfinv(1) = inf).
  DevTensor o1(s, ACL_FLOAT, {}), o2(s, ACL_FLOAT, {});
  ASSERT_EQ(Erfinv(&i64, &o1).status, ACLNN_SUCCESS);
  ASSERT_EQ(Erfinv(&b, &o2).status, ACLNN_SUCCESS);
  const std::vector<double> y1 = o1.Read(), y2 = o2.Read();
  for (int i = 0; i < 6; ++i) {
    ExpectSame(y1[i], i % 2 ? INFINITY : 0.0, "int64");
    ExpectSame(y2[i], i % 2 ? 0.0 : INFINITY, "bool");
  }
}

TEST(Erfinv, ValuesPerDtypeSpecialsAndInplace) {
  for (aclDataType dt : FloatDtypesOnChip()) {
    SCOPED_TRACE("dtype " + std::to_string(dt));
    std::vector<double> x = {0, -0.0, 1, -1, 1.5, -2, INFINITY, NAN, 0.999, -0.9999, 1e-6};
    optest::Rng rng(13);
    for (int i = 0; i < 300; ++i) x.push_back(rng.Uniform(-1, 1));
    for (double& v : x) v = InDtype(dt, v);
    const std::vector<int64_t> shape = {static_cast<int64_t>(x.size())};
    DevTensor self(shape, dt, x), out(shape, dt, {});
    ASSERT_EQ(Erfinv(&self, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = out.Read();
    const int bits = dt == ACL_FLOAT ? 23 : (dt == ACL_FLOAT16 ? 10 : 7);
    for (size_t i = 0; i < x.size(); ++i) {
      const double ref = ErfinvRef(x[i]);
      if (!std::isfinite(ref) || ref == 0) {
        ExpectSame(y[i], ref, "x=" + std::to_string(x[i]));
        continue;
      }
      // one unit of the dtype (fp16's subnormal step below 2^-14)
      const double unit = std::max(std::ldexp(std::fabs(ref), -bits),
                                   dt == ACL_FLOAT16 ? std::ldexp(1.0, -24) : 0.0);
      EXPECT_LE(std::fabs(y[i] - ref), unit) << "x=" << x[i];
    }
  }
  DevTensor self({4}, ACL_FLOAT, {0.5, -0.25, 0.9, 0});
  ASSERT_EQ(InplaceErfinv(&self).status, ACLNN_SUCCESS);
  const std::vector<double> y = self.Read();
  const double want[] = {0.476936, -0.225312, 1.163087, 0};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[i], want[i], 1e-6) << i;
  DevTensor e({0}, ACL_FLOAT, {}), eo({0}, ACL_FLOAT, {});
  EXPECT_EQ(Erfinv(&e, &eo).status, ACLNN_SUCCESS);
  DevTensor z({}, ACL_FLOAT, {0.5}), zo({}, ACL_FLOAT, {});
  ASSERT_EQ(Erfinv(&z, &zo).status, ACLNN_SUCCESS);
  EXPECT_NEAR(zo.Read()[0], 0.4769362762, 1e-7);
}

}  // namespace
