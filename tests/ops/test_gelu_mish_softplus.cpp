// aclnnMish / aclnnInplaceMish, aclnnMishBackward, aclnnSoftplus and aclnnSoftplusBackward
// through the public API: phase-1 order and codes per chip, thresholds exactly at the boundary,
// special values, results against float64 references written here.
#include <cmath>

#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_mish_backward.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "gelu_op_test.h"

using namespace geluop;

namespace {

double Softplus(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }
double Mish(double x) { return x * std::tanh(Softplus(x)); }
double MishGrad(double x) {
  const double t = std::tanh(Softplus(x));
  return t + x * (1 / (1 + std::exp(-x))) * (1 - t * t);
}

const std::vector<double> kXs = {-30, -8, -2.5, -1.2, -0.25, 0.5, 1, 3, 9, 40};

Phase1Fn MishOp() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnMishGetWorkspaceSize(t[0], t[1], ws, ex);
  };
}
Phase1Fn InplaceMish() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnInplaceMishGetWorkspaceSize(t[0], ws, ex);
  };
}
Phase1Fn MishBackward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnMishBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
  };
}

// Softplus with scalars of a given dtype (null when `nullBeta` / `nullThreshold`).
struct Scalars {
  float beta = 1, threshold = 20;
  aclDataType dtype = ACL_FLOAT;
  bool nullBeta = false, nullThreshold = false;
};
Phase1Fn SoftplusOp(Scalars s, bool backward) {
  return [s, backward](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    uint8_t b[16] = {}, th[16] = {};
    std::memcpy(b, &s.beta, 4);
    std::memcpy(th, &s.threshold, 4);
    aclScalar* beta = s.nullBeta ? nullptr : aclCreateScalar(b, s.dtype);
    aclScalar* threshold = s.nullThreshold ? nullptr : aclCreateScalar(th, s.dtype);
    const aclnnStatus st =
        backward ? aclnnSoftplusBackwardGetWorkspaceSize(t[0], t[1], beta, threshold, t[2], ws, ex)
                 : aclnnSoftplusGetWorkspaceSize(t[0], beta, threshold, t[1], ws, ex);
    aclDestroyScalar(beta);
    aclDestroyScalar(threshold);
    return st;
  };
}

std::vector<aclDataType> FloatDtypes() {
  if (optest::ChipHasBf16()) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return {ACL_FLOAT, ACL_FLOAT16};
}

TEST(GeluMishOps, MishValues) {
  for (aclDataType dt : FloatDtypes()) {
    const Outcome o = RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}}, MishOp(), aclnnMish);
    const Outcome in = RunOp({Arg{{10}, dt, kXs}}, InplaceMish(), aclnnInplaceMish);
    ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
    ASSERT_EQ(in.status, ACLNN_SUCCESS) << in.message;
    for (size_t i = 0; i < kXs.size(); ++i) {
      ExpectNear(o.values[1][i], Mish(o.values[0][i]), RelTol(dt), AbsTol(dt, 1e-30));
      EXPECT_EQ(in.values[0][i], o.values[1][i]);
    }
  }
  // ±inf: x·num/den with e = exp(−|x|) = 0 gives inf·1/1 and −inf·0/2 = NaN (the kernel's form).
  const Outcome s =
      RunOp({Arg{{4}, ACL_FLOAT, {INFINITY, -INFINITY, NAN, -0.0}}, Arg{{4}}}, MishOp(), aclnnMish);
  ExpectNear(s.values[1][0], INFINITY, 0);
  ExpectNear(s.values[1][1], NAN, 0);
  ExpectNear(s.values[1][2], NAN, 0);
  ExpectNear(s.values[1][3], -0.0, 0);
}

TEST(GeluMishOps, MishRefusals) {
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}};
  RunTable(
      {
          {"ok 0-d", {Arg{{}}, Arg{{}}}, ACLNN_SUCCESS, ""},
          {"null self before workspaceSize",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnMish: self must not be null",
           true},
          {"null executor after the checks",
           {f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "executor must not be null",
           false,
           true},
          {"double",
           {Arg{{2, 3}, ACL_DOUBLE}, f},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype DOUBLE is not supported"},
          {"int32 out",
           {f, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype INT32 is not supported"},
          {"mixed",
           {f, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype FLOAT16 must equal self dtype FLOAT"},
          {"bf16",
           {Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "BFLOAT16 is not supported"},
          {"rank 9 of out",
           {f, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "out rank 9 exceeds the maximum of 8"},
          {"shape", {f, Arg{{6}}}, ACLNN_ERR_PARAM_INVALID, "out shape [6] must equal self shape"},
      },
      MishOp(), aclnnMish);
  RunTable({{"inplace int32",
             {Arg{{2}, ACL_INT32}},
             ACLNN_ERR_PARAM_INVALID,
             "aclnnInplaceMish: self dtype INT32 is not supported"}},
           InplaceMish(), aclnnInplaceMish);
}

TEST(GeluMishOps, MishBackward) {
  // FLOAT16 gradOutput [3,1] with FLOAT self [1,4]: promoted to FLOAT, broadcast to [3,4].
  const Outcome o = RunOp({Arg{{3, 1}, ACL_FLOAT16, {1, -2, 0.5}},
                           Arg{{1, 4}, ACL_FLOAT, {-3, -1.2, 0.4, 5}}, Arg{{3, 4}, ACL_FLOAT}},
                          MishBackward(), aclnnMishBackward);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) {
      ExpectNear(o.values[2][i * 4 + j], o.values[0][i] * MishGrad(o.values[1][j]), 1e-6, 1e-7);
    }
  }
  const Outcome s =
      RunOp({Arg{{3}, ACL_FLOAT, {1}}, Arg{{3}, ACL_FLOAT, {INFINITY, -INFINITY, -0.0}}, Arg{{3}}},
            MishBackward(), aclnnMishBackward);
  ExpectNear(s.values[2][0], NAN, 0);  // (t² − 1)·x = 0·inf
  ExpectNear(s.values[2][1], NAN, 0);  // inf / inf
  EXPECT_NEAR(s.values[2][2], MishGrad(0), 1e-6);
  const Arg f{{2, 3}};
  RunTable(
      {
          {"null workspaceSize first",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnMishBackward: workspaceSize must not be null",
           true},
          {"cast check first",
           {Arg{{2, 3}, ACL_INT32}, f, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype FLOAT cannot be cast to gradInput dtype INT32"},
          {"gradOutput dtype",
           {Arg{{2, 3}, ACL_INT32}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput dtype INT32 is not supported"},
          {"rank 9",
           {f, f, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput rank 9"},
          {"broadcast shape",
           {Arg{{2, 1}}, Arg{{1, 3}}, Arg{{1, 3}}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [1,3] must equal the broadcast shape [2,3]"},
          {"empty", {Arg{{0, 3}}, Arg{{0, 3}}, Arg{{0, 3}}}, ACLNN_SUCCESS, ""},
      },
      MishBackward(), aclnnMishBackward);
}

TEST(GeluSoftplusOps, SoftplusValuesAndThreshold) {
  for (aclDataType dt : FloatDtypes()) {
    for (Scalars sc : {Scalars{1, 20}, Scalars{2, 5}, Scalars{-1.5f, 3}}) {
      // x = threshold / β lies exactly on the boundary: β·x > threshold is false there.
      const std::vector<double> xs = {-30, -2, -0.5, 0, 1, 2.5, 3, 10, 20, 25};
      const Outcome o =
          RunOp({Arg{{10}, dt, xs}, Arg{{10}, dt}}, SoftplusOp(sc, false), aclnnSoftplus);
      ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
      for (size_t i = 0; i < xs.size(); ++i) {
        const double x = o.values[0][i], bx = static_cast<double>(sc.beta * static_cast<float>(x));
        const double want = bx > sc.threshold ? x : Softplus(bx) / sc.beta;
        ExpectNear(o.values[1][i], want, RelTol(dt), AbsTol(dt, 1e-30));
      }
    }
  }
  // At the boundary exactly: x = 2.5, β = 2, threshold = 5: the log branch, not x.
  const Outcome b =
      RunOp({Arg{{1}, ACL_FLOAT, {2.5}}, Arg{{1}}}, SoftplusOp({2, 5}, false), aclnnSoftplus);
  EXPECT_NEAR(b.values[1][0], Softplus(5) / 2, 1e-6);
  EXPECT_NE(b.values[1][0], 2.5);
  // β = 0: 1/β is +inf (|β| <= FLT_EPSILON), log1p(exp(0))·inf = inf.
  const Outcome z =
      RunOp({Arg{{1}, ACL_FLOAT, {3}}, Arg{{1}}}, SoftplusOp({0, 20}, false), aclnnSoftplus);
  ExpectNear(z.values[1][0], INFINITY, 0);
  // FLOAT self with a FLOAT16 out: computed in FLOAT, then cast.
  const Outcome c = RunOp({Arg{{1}, ACL_FLOAT, {1}}, Arg{{1}, ACL_FLOAT16}},
                          SoftplusOp({1, 20}, false), aclnnSoftplus);
  ASSERT_EQ(c.status, ACLNN_SUCCESS) << c.message;
  EXPECT_NEAR(c.values[1][0], Softplus(1), 1e-3);
  // out is checked only by CanCast(self -> out), not against the list: a DOUBLE out holds the
  // FLOAT result.
  const Outcome d = RunOp({Arg{{2}, ACL_FLOAT, {1, -2}}, Arg{{2}, ACL_DOUBLE}},
                          SoftplusOp({1, 20}, false), aclnnSoftplus);
  ASSERT_EQ(d.status, ACLNN_SUCCESS) << d.message;
  EXPECT_EQ(d.values[1][0], static_cast<double>(static_cast<float>(d.values[1][0])));
  EXPECT_NEAR(d.values[1][1], Softplus(-2), 1e-6);
}

TEST(GeluSoftplusOps, SoftplusRefusals) {
  const Arg f{{2, 3}};
  const Arg nul{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true};
  RunTable({{"null beta", {f, f}, ACLNN_ERR_PARAM_NULLPTR, "aclnnSoftplus: beta must not be null"}},
           SoftplusOp(Scalars{1, 20, ACL_FLOAT, true}, false), aclnnSoftplus);
  RunTable(
      {{"null self before threshold", {nul, f}, ACLNN_ERR_PARAM_NULLPTR, "self must not be null"}},
      SoftplusOp(Scalars{1, 20, ACL_FLOAT, false, true}, false), aclnnSoftplus);
  RunTable({{"complex beta",
             {f, f},
             ACLNN_ERR_PARAM_INVALID,
             "beta dtype COMPLEX64 cannot be cast to self dtype FLOAT"}},
           SoftplusOp(Scalars{1, 20, ACL_COMPLEX64}, false), aclnnSoftplus);
  RunTable(
      {
          {"ok 0-d", {Arg{{}}, Arg{{}}}, ACLNN_SUCCESS, ""},
          {"null workspaceSize first",
           {nul, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null",
           true},
          {"int32",
           {Arg{{2, 3}, ACL_INT32}, f},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype INT32 is not supported"},
          {"float16 self to float out", {Arg{{2, 3}, ACL_FLOAT16}, f}, ACLNN_SUCCESS, ""},
          {"float self to int32 out",
           {f, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype FLOAT cannot be cast to out dtype INT32"},
          {"rank 9",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "self rank 9"},
          {"shape", {f, Arg{{3, 2}}}, ACLNN_ERR_PARAM_INVALID, "out shape [3,2]"},
      },
      SoftplusOp(Scalars{}, false), aclnnSoftplus);
}

TEST(GeluSoftplusOps, SoftplusBackward) {
  // g where β·x > threshold, else g/(1 + exp(−β·x)); INT32 self and DOUBLE gradOutput are computed
  // in FLOAT, the result cast to gradInput's dtype.
  const std::vector<double> xs = {-20, -1, 0, 0.5, 1, 2, 3, 50};
  const Outcome o = RunOp({Arg{{8}, ACL_DOUBLE, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}},
                           Arg{{8}, ACL_INT32, xs}, Arg{{8}, ACL_DOUBLE}},
                          SoftplusOp({1.1f, 2.2f}, true), aclnnSoftplusBackward);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  for (size_t i = 0; i < xs.size(); ++i) {
    const float g = static_cast<float>(o.values[0][i]);
    const float t = 1.1f * static_cast<float>(o.values[1][i]);
    const double want = t > 2.2f ? g : g / (1 + std::exp(-static_cast<double>(t)));
    EXPECT_NEAR(o.values[2][i], want, 1e-7) << i;
    // Computed in FLOAT: the DOUBLE result is an fp32 value.
    EXPECT_EQ(o.values[2][i], static_cast<double>(static_cast<float>(o.values[2][i])));
  }
  // β and threshold are never dtype-checked: a complex scalar reads as 0 (the vendor's ToFloat),
  // so t = 0 > threshold 0 is false and every result is g / 2.
  const Outcome c = RunOp({Arg{{8}, ACL_FLOAT, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}},
                           Arg{{8}, ACL_FLOAT, xs}, Arg{{8}, ACL_FLOAT}},
                          SoftplusOp(Scalars{3, 2, ACL_COMPLEX64}, true), aclnnSoftplusBackward);
  ASSERT_EQ(c.status, ACLNN_SUCCESS) << c.message;
  for (size_t i = 0; i < xs.size(); ++i) {
    EXPECT_EQ(c.values[2][i], static_cast<double>(static_cast<float>(c.values[0][i]) / 2.0f)) << i;
  }
  const Arg f{{2, 3}};
  const Arg nul{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true};
  RunTable(
      {
          {"null beta after the tensor checks",
           {f, f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnSoftplusBackward: beta must not be null"},
          {"tensor checks first",
           {f, Arg{{2, 3}, ACL_COMPLEX64}, f},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype COMPLEX64 is not supported"},
          // The vendor returns for empty tensors before it reads the scalars.
          {"empty: null beta never read",
           {Arg{{0, 3}}, Arg{{0, 3}}, Arg{{0, 3}}},
           ACLNN_SUCCESS,
           ""},
      },
      SoftplusOp(Scalars{1, 20, ACL_FLOAT, true}, true), aclnnSoftplusBackward);
  RunTable(
      {
          {"ok bool self", {f, Arg{{2, 3}, ACL_BOOL}, f}, ACLNN_SUCCESS, ""},
          {"null gradInput", {f, f, nul}, ACLNN_ERR_PARAM_NULLPTR, "gradInput must not be null"},
          {"int32 gradOutput",
           {Arg{{2, 3}, ACL_INT32}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput dtype INT32 is not supported"},
          {"rank 9",
           {f, f, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput rank 9"},
          {"gradOutput shape",
           {Arg{{3, 2}}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput shape [3,2] must equal self shape [2,3]"},
      },
      SoftplusOp(Scalars{}, true), aclnnSoftplusBackward);
}

}  // namespace
