// aclnnGelu, aclnnGeluV2, aclnnGeluBackward(V2), aclnnFastGelu(Backward) through the public API:
// the vendor's phase-1 order and codes per chip, special values, and results against float64
// references written here.
#include <cmath>

#include "aclnnop/aclnn_fast_gelu.h"
#include "aclnnop/aclnn_fast_gelu_backward.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "gelu_op_test.h"

using namespace geluop;

namespace {

constexpr double kPi = 3.14159265358979323846;
double Sig(double v) { return 1 / (1 + std::exp(-v)); }
double GeluTanh(double x) {
  return 0.5 * x * (1 + std::tanh(std::sqrt(2 / kPi) * (x + 0.044715 * x * x * x)));
}
double GeluErf(double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }
double GeluTanhGrad(double x) {
  const double k = std::sqrt(2 / kPi), u = k * (x + 0.044715 * x * x * x);
  const double t = std::tanh(u);
  return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * k * (1 + 3 * 0.044715 * x * x);
}
double GeluErfGrad(double x) {
  return 0.5 * (1 + std::erf(x / std::sqrt(2.0))) + x * std::exp(-0.5 * x * x) / std::sqrt(2 * kPi);
}
double FastGelu(double x) { return x * Sig(1.702 * x); }
double FastGeluGrad(double x) {
  const double s = Sig(1.702 * x);
  return s * (1 + 1.702 * x * (1 - s));
}

const std::vector<double> kXs = {-6, -3, -1.25, -0.5, 0.25, 0.75, 1, 2.5, 4, 7};

Phase1Fn Gelu() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnGeluGetWorkspaceSize(t[0], t[1], ws, ex);
  };
}
Phase1Fn GeluV2(int64_t approximate) {
  return [approximate](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnGeluV2GetWorkspaceSize(t[0], approximate, t[1], ws, ex);
  };
}
Phase1Fn GeluBackward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnGeluBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
  };
}
Phase1Fn GeluBackwardV2(const char* approximate) {
  return [approximate](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnGeluBackwardV2GetWorkspaceSize(t[0], t[1], const_cast<char*>(approximate), t[2], ws,
                                               ex);
  };
}
Phase1Fn FastGelu() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnFastGeluGetWorkspaceSize(t[0], t[1], ws, ex);
  };
}
Phase1Fn FastGeluBackward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnFastGeluBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
  };
}

std::vector<aclDataType> FloatDtypes() {
  if (optest::ChipHasBf16()) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return {ACL_FLOAT, ACL_FLOAT16};
}

TEST(GeluOps, GeluForwardValues) {
  for (aclDataType dt : FloatDtypes()) {
    const Arg x{{2, 5}, dt, kXs};
    const Outcome o = RunOp({x, Arg{{2, 5}, dt}}, Gelu(), aclnnGelu);
    ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
    const Outcome erf = RunOp({x, Arg{{2, 5}, dt}}, GeluV2(0), aclnnGeluV2);
    const Outcome other = RunOp({x, Arg{{2, 5}, dt}}, GeluV2(-7), aclnnGeluV2);
    const Outcome tanhV2 = RunOp({x, Arg{{2, 5}, dt}}, GeluV2(1), aclnnGeluV2);
    for (size_t i = 0; i < kXs.size(); ++i) {
      const double in = o.values[0][i];
      ExpectNear(o.values[1][i], GeluTanh(in), RelTol(dt), AbsTol(dt, 1e-6));
      ExpectNear(erf.values[1][i], GeluErf(in), RelTol(dt), AbsTol(dt, 1e-6));
      EXPECT_EQ(other.values[1][i], erf.values[1][i]);  // any approximate but 1 is "none"
      EXPECT_EQ(tanhV2.values[1][i], o.values[1][i]);
    }
  }
}

TEST(GeluOps, GeluSpecialValues) {
  // Tanh form x / (1 + exp(c·(x³ + x/0.044715))): −inf gives −inf / inf = NaN, as the kernel.
  const Arg x{{6}, ACL_FLOAT, {INFINITY, -INFINITY, NAN, -0.0, 0.0, -30}};
  const Outcome o = RunOp({x, Arg{{6}, ACL_FLOAT}}, Gelu(), aclnnGelu);
  ASSERT_EQ(o.status, ACLNN_SUCCESS);
  ExpectNear(o.values[1][0], INFINITY, 0);
  ExpectNear(o.values[1][1], NAN, 0);
  ExpectNear(o.values[1][2], NAN, 0);
  ExpectNear(o.values[1][3], -0.0, 0);
  ExpectNear(o.values[1][4], 0.0, 0);
  ExpectNear(o.values[1][5], -0.0, 0);
  const Outcome e = RunOp({x, Arg{{6}, ACL_FLOAT}}, GeluV2(0), aclnnGeluV2);
  ExpectNear(e.values[1][0], INFINITY, 0);
  ExpectNear(e.values[1][1], NAN, 0);  // (0.5·−inf)·(1 + erf(−inf)) = −inf·0
  ExpectNear(e.values[1][3], -0.0, 0);
}

TEST(GeluOps, GeluBackwardPromotesAndBroadcasts) {
  // INT32 gradOutput [3,1] with FLOAT self [1,4]: promoted to FLOAT, broadcast to [3,4]; the
  // result is cast to a FLOAT16 gradInput, which the vendor never validates.
  const Arg g{{3, 1}, ACL_INT32, {1, 2, -3}};
  const Arg x{{1, 4}, ACL_FLOAT, {-2, -0.5, 1, 3}};
  const Outcome o = RunOp({g, x, Arg{{3, 4}, ACL_FLOAT16}}, GeluBackward(), aclnnGeluBackward);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) {
      const double want = o.values[0][i] * GeluTanhGrad(o.values[1][j]);
      ExpectNear(o.values[2][i * 4 + j], want, 2e-3, 1e-4);
    }
  }
}

TEST(GeluOps, GeluBackwardValues) {
  for (aclDataType dt : FloatDtypes()) {
    const Arg g{{10}, dt, {1, -2, 0.5, 1, 1, 3, 1, 1, -1, 2}};
    const Arg x{{10}, dt, kXs};
    const Outcome t = RunOp({g, x, Arg{{10}, dt}}, GeluBackward(), aclnnGeluBackward);
    const Outcome t2 = RunOp({g, x, Arg{{10}, dt}}, GeluBackwardV2("tanh"), aclnnGeluBackwardV2);
    const Outcome e = RunOp({g, x, Arg{{10}, dt}}, GeluBackwardV2("none"), aclnnGeluBackwardV2);
    ASSERT_EQ(t.status, ACLNN_SUCCESS);
    ASSERT_EQ(e.status, ACLNN_SUCCESS);
    for (size_t i = 0; i < kXs.size(); ++i) {
      const double gi = t.values[0][i], xi = t.values[1][i];
      ExpectNear(t.values[2][i], gi * GeluTanhGrad(xi), RelTol(dt), AbsTol(dt, 1e-5));
      EXPECT_EQ(t2.values[2][i], t.values[2][i]);
      ExpectNear(e.values[2][i], gi * GeluErfGrad(xi), RelTol(dt), AbsTol(dt, 1e-5));
    }
  }
  // x = +inf: r = e·d·q·d = 0·inf is NaN and replaced by 0, so the gradient is dy·1.
  const Outcome s = RunOp({Arg{{3}, ACL_FLOAT, {2}},
                           Arg{{3}, ACL_FLOAT, {INFINITY, -INFINITY, NAN}}, Arg{{3}, ACL_FLOAT}},
                          GeluBackward(), aclnnGeluBackward);
  ExpectNear(s.values[2][0], 2.0, 0);
  ExpectNear(s.values[2][1], 0.0, 0);
  ExpectNear(s.values[2][2], NAN, 0);
}

TEST(GeluOps, FastGeluValues) {
  if (!optest::ChipHasBf16()) GTEST_SKIP() << "no FastGelu dtype on " << optest::SocName();
  for (aclDataType dt : FloatDtypes()) {
    const Outcome f = RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}}, FastGelu(), aclnnFastGelu);
    const Outcome b =
        RunOp({Arg{{10}, dt, {1, 2, -1, 0.5, 1, 1, 1, 1, 1, 3}}, Arg{{10}, dt, kXs}, Arg{{10}, dt}},
              FastGeluBackward(), aclnnFastGeluBackward);
    ASSERT_EQ(f.status, ACLNN_SUCCESS);
    ASSERT_EQ(b.status, ACLNN_SUCCESS);
    for (size_t i = 0; i < kXs.size(); ++i) {
      ExpectNear(f.values[1][i], FastGelu(f.values[0][i]), RelTol(dt), AbsTol(dt, 1e-6));
      ExpectNear(b.values[2][i], b.values[0][i] * FastGeluGrad(b.values[1][i]), RelTol(dt),
                 AbsTol(dt, 1e-5));
    }
  }
}

// ---- failure tables ----

TEST(GeluOps, GeluRefusals) {
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}, ACL_FLOAT};
  RunTable(
      {
          {"ok 0-d", {Arg{{}, ACL_FLOAT}, Arg{{}, ACL_FLOAT}}, ACLNN_SUCCESS, ""},
          {"ok empty", {Arg{{0, 3}, ACL_FLOAT}, Arg{{0, 3}, ACL_FLOAT}}, ACLNN_SUCCESS, ""},
          {"null workspaceSize first",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnGelu: workspaceSize must not be null",
           true},
          {"null executor",
           {f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "executor must not be null",
           false,
           true},
          {"null self",
           {Arg{{2, 3}, ACL_INT32, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnGelu: self must not be null"},
          {"null out",
           {f, Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}},
           ACLNN_ERR_PARAM_NULLPTR,
           "out must not be null"},
          {"bf16",
           {Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "BFLOAT16 is not supported"},
          {"int32 self",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype INT32 is not supported"},
          {"out dtype differs",
           {f, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype FLOAT16 must equal self dtype FLOAT"},
          {"private format before shape",
           {f, Arg{{3, 2}, ACL_FLOAT, {}, ACL_FORMAT_NC1HWC0}},
           ACLNN_ERR_PARAM_INVALID,
           "out format ACL_FORMAT_NC1HWC0 is a private format"},
          {"rank 9",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "self rank 9 exceeds the maximum of 8"},
          {"shape differs",
           {f, Arg{{3, 2}}},
           ACLNN_ERR_PARAM_INVALID,
           "out shape [3,2] must equal self shape [2,3]"},
      },
      Gelu(), aclnnGelu);
}

TEST(GeluOps, GeluV2Refusals) {
  const Arg f{{2, 3}, ACL_FLOAT};
  RunTable(
      {
          {"null x before null workspaceSize",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnGeluV2: x must not be null",
           true},
          {"null workspaceSize after the checks",
           {f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null",
           true},
          {"y dtype first",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "y dtype FLOAT16 must equal x dtype INT32"},
          {"x dtype",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "x dtype INT32 is not supported"},
          {"no rank limit",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_SUCCESS,
           ""},
          {"shape", {f, Arg{{6}}}, ACLNN_ERR_PARAM_INVALID, "y shape [6] must equal x shape [2,3]"},
      },
      GeluV2(0), aclnnGeluV2);
}

TEST(GeluOps, GeluBackwardRefusals) {
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}, ACL_FLOAT};
  const Arg nullF{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true};
  RunTable(
      {
          {"ok 0-d", {Arg{{}}, Arg{{}}, Arg{{}}}, ACLNN_SUCCESS, ""},
          {"ok empty", {Arg{{0}}, Arg{{0}}, Arg{{0}}}, ACLNN_SUCCESS, ""},
          {"null gradOutput first",
           {nullF, f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "gradOutput must not be null",
           true},
          {"null gradInput", {f, f, nullF}, ACLNN_ERR_PARAM_NULLPTR, "gradInput must not be null"},
          {"null executor last",
           {f, f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "executor must not be null",
           false,
           true},
          {"int32 + int32",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_INT32}, f},
           ACLNN_ERR_PARAM_INVALID,
           "promoted dtype INT32 of gradOutput and self is not supported"},
          {"bool + float16",
           {Arg{{2, 3}, ACL_BOOL}, Arg{{2, 3}, ACL_FLOAT16}, f},
           ACLNN_SUCCESS,
           ""},
          {"float16 + bf16 promote to float",
           {Arg{{2, 3}, ACL_FLOAT16}, Arg{{2, 3}, ACL_BF16}, f},
           ACLNN_SUCCESS,
           ""},
          {"bf16",
           {Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "BFLOAT16"},
          {"double",
           {Arg{{2, 3}, ACL_DOUBLE}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "promoted dtype DOUBLE"},
          {"rank 9 before broadcast",
           {Arg{std::vector<int64_t>(9, 2)}, Arg{{3}}, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput rank 9 exceeds the maximum of 8"},
          {"no broadcast",
           {Arg{{2, 3}}, Arg{{2, 4}}, f},
           ACLNN_ERR_PARAM_INVALID,
           "cannot broadcast"},
          {"gradInput shape",
           {Arg{{2, 1}}, Arg{{1, 3}}, Arg{{3, 2}}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [3,2] must equal the broadcast shape [2,3]"},
          {"empty against non-empty",
           {Arg{{0, 3}}, Arg{{2, 3}}, f},
           ACLNN_ERR_PARAM_INVALID,
           "cannot broadcast"},
      },
      GeluBackward(), aclnnGeluBackward);
}

TEST(GeluOps, GeluBackwardV2Refusals) {
  const Arg f{{2, 3}, ACL_FLOAT};
  RunTable(
      {{"null approximate", {f, f, f}, ACLNN_ERR_PARAM_NULLPTR, "approximate must not be null"}},
      GeluBackwardV2(nullptr), aclnnGeluBackwardV2);
  RunTable(
      {
          {"gradInput must be the promoted dtype",
           {Arg{{2, 3}, ACL_INT32}, f, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput dtype FLOAT16 must equal the promoted dtype"},
          {"shape before approximate",
           {f, f, Arg{{6}}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [6]"},
      },
      GeluBackwardV2("Tanh"), aclnnGeluBackwardV2);
  RunTable({{"approximate is case-sensitive",
             {f, f, f},
             ACLNN_ERR_PARAM_INVALID,
             "approximate \"Tanh\" is not supported; expected \"none\" or \"tanh\""}},
           GeluBackwardV2("Tanh"), aclnnGeluBackwardV2);
}

TEST(GeluOps, FastGeluRefusals) {
  const bool supported = optest::ChipHasBf16();  // A2 / A3 / 950 only
  const Arg f{{2, 3}, ACL_FLOAT};
  const aclnnStatus okOrNot = supported ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID;
  const char* okMsg = supported ? "" : "the operator has no kernel for this chip";
  RunTable(
      {
          {"float", {f, f}, okOrNot, okMsg},
          {"0-d", {Arg{{}}, Arg{{}}}, okOrNot, okMsg},
          {"null workspaceSize first",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null",
           true},
          {"out dtype before self dtype",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype FLOAT16 must equal self dtype INT32"},
          {"int32",
           {Arg{{2, 3}, ACL_INT32}, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype INT32 is not supported"},
          {"format mismatch",
           {f, Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_NCHW}},
           ACLNN_ERR_PARAM_INVALID,
           supported ? "out format ACL_FORMAT_NCHW must equal self format ACL_FORMAT_ND" : okMsg},
      },
      FastGelu(), aclnnFastGelu);
  RunTable(
      {
          {"float", {f, f, f}, okOrNot, okMsg},
          {"self dtype first",
           {Arg{{2, 3}, ACL_FLOAT16}, f, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype FLOAT must equal gradOutput dtype FLOAT16"},
          {"null workspaceSize after the checks",
           {f, f, f},
           supported ? ACLNN_ERR_PARAM_NULLPTR : ACLNN_ERR_PARAM_INVALID,
           supported ? "workspaceSize must not be null" : okMsg,
           true},
          {"rank 9",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)},
            Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           supported ? "self rank 9" : okMsg},
      },
      FastGeluBackward(), aclnnFastGeluBackward);
}

}  // namespace
