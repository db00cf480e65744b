// aclnnSigmoid / aclnnInplaceSigmoid, aclnnSigmoidBackward, aclnnLogSigmoid(Forward) and
// aclnnLogSigmoidBackward through the public API: phase-1 order and codes per chip, the dtype
// routes (integer inputs cast to out's dtype, DOUBLE in double, complex in
// tests/ops/test_gelu_sigmoid_complex.cpp), special values, results against float64 references
// written here.
#include <cmath>

#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "gelu_op_test.h"

using namespace geluop;

namespace {

double Sig(double x) { return 1 / (1 + std::exp(-x)); }
double LogSig(double x) { return std::fmin(x, 0) - std::log1p(std::exp(-std::fabs(x))); }

const std::vector<double> kXs = {-30, -8, -2.5, -1, -0.25, 0.5, 1, 3, 9, 40};

Phase1Fn Sigmoid() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnSigmoidGetWorkspaceSize(t[0], t[1], ws, ex);
  };
}
Phase1Fn InplaceSigmoid() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnInplaceSigmoidGetWorkspaceSize(t[0], ws, ex);
  };
}
Phase1Fn SigmoidBackward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnSigmoidBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
  };
}
Phase1Fn LogSigmoid() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnLogSigmoidGetWorkspaceSize(t[0], t[1], ws, ex);
  };
}
Phase1Fn LogSigmoidForward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnLogSigmoidForwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex);
  };
}
Phase1Fn LogSigmoidBackward() {
  return [](aclTensor* const* t, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnLogSigmoidBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], ws, ex);
  };
}

std::vector<aclDataType> FloatDtypes() {
  if (optest::ChipHasBf16()) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return {ACL_FLOAT, ACL_FLOAT16};
}

TEST(GeluSigmoidOps, SigmoidValuesPerDtype) {
  std::vector<aclDataType> dtypes = FloatDtypes();
  dtypes.push_back(ACL_DOUBLE);
  for (aclDataType dt : dtypes) {
    SCOPED_TRACE(dt);
    const Outcome o = RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}}, Sigmoid(), aclnnSigmoid);
    ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
    for (size_t i = 0; i < kXs.size(); ++i) {
      ExpectNear(o.values[1][i], Sig(o.values[0][i]), RelTol(dt),
                 AbsTol(dt, dt == ACL_DOUBLE ? 0 : 1e-30));
    }
  }
  // DOUBLE is computed in double (AICPU): far below fp32's precision.
  const Outcome d =
      RunOp({Arg{{1}, ACL_DOUBLE, {0.1}}, Arg{{1}, ACL_DOUBLE}}, Sigmoid(), aclnnSigmoid);
  EXPECT_NEAR(d.values[1][0], Sig(0.1), 1e-16);
  // Specials: 1/(exp(−x) + 1) at ±inf, NaN, −0.
  const Outcome s = RunOp({Arg{{4}, ACL_FLOAT, {INFINITY, -INFINITY, NAN, -0.0}}, Arg{{4}}},
                          Sigmoid(), aclnnSigmoid);
  ExpectNear(s.values[1][0], 1.0, 0);
  ExpectNear(s.values[1][1], 0.0, 0);
  ExpectNear(s.values[1][2], NAN, 0);
  ExpectNear(s.values[1][3], 0.5, 0);
}

TEST(GeluSigmoidOps, SigmoidIntegerSelfIsCastToOut) {
  // INT32 / BOOL / INT8 self: cast to out's dtype first, then computed there.
  const Outcome i =
      RunOp({Arg{{4}, ACL_INT32, {-3, 0, 2, 100}}, Arg{{4}, ACL_FLOAT16}}, Sigmoid(), aclnnSigmoid);
  ASSERT_EQ(i.status, ACLNN_SUCCESS) << i.message;
  for (int k = 0; k < 4; ++k) ExpectNear(i.values[1][k], Sig(i.values[0][k]), 2e-3);
  const Outcome b =
      RunOp({Arg{{2}, ACL_BOOL, {0, 1}}, Arg{{2}, ACL_DOUBLE}}, Sigmoid(), aclnnSigmoid);
  ASSERT_EQ(b.status, ACLNN_SUCCESS) << b.message;
  EXPECT_EQ(b.values[1][0], 0.5);
  EXPECT_NEAR(b.values[1][1], Sig(1), 1e-16);
  // FLOAT self with a FLOAT16 out: computed in FLOAT, then cast.
  const Outcome c =
      RunOp({Arg{{1}, ACL_FLOAT, {0.3}}, Arg{{1}, ACL_FLOAT16}}, Sigmoid(), aclnnSigmoid);
  EXPECT_EQ(c.values[1][0], optest::HalfToFloat(optest::FloatToHalfRne(
                                static_cast<float>(Sig(static_cast<float>(0.3))))));
}

TEST(GeluSigmoidOps, InplaceSigmoid) {
  const Outcome o =
      RunOp({Arg{{2, 2}, ACL_FLOAT, {0, 1, 2, 3}}}, InplaceSigmoid(), aclnnInplaceSigmoid);
  ASSERT_EQ(o.status, ACLNN_SUCCESS);
  const double want[] = {0.5, 0.731059, 0.880797, 0.952574};
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(o.values[0][k], want[k], 1e-6);
  RunTable(
      {
          {"null selfRef",
           {Arg{{2}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnInplaceSigmoid: selfRef must not be null"},
          {"int64 selfRef",
           {Arg{{2}, ACL_INT64}},
           ACLNN_ERR_PARAM_INVALID,
           "selfRef dtype INT64 is not supported"},
      },
      InplaceSigmoid(), aclnnInplaceSigmoid);
}

TEST(GeluSigmoidOps, SigmoidRefusals) {
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}};
  RunTable(
      {
          {"ok 0-d", {Arg{{}}, Arg{{}}}, ACLNN_SUCCESS, ""},
          {"ok empty", {Arg{{2, 0}}, Arg{{2, 0}}}, ACLNN_SUCCESS, ""},
          {"null self before workspaceSize",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnSigmoid: self must not be null",
           true},
          {"null workspaceSize after the checks",
           {f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null",
           true},
          {"int16 self, float out", {Arg{{2, 3}, ACL_INT16}, f}, ACLNN_SUCCESS, ""},
          {"uint32 self",
           {Arg{{2, 3}, ACL_UINT32}, f},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype UINT32 is not supported"},
          {"int16 out",
           {f, Arg{{2, 3}, ACL_INT16}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype INT16 is not supported"},
          {"bf16 self",
           {Arg{{2, 3}, ACL_BF16}, f},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "self dtype BFLOAT16 is not supported on"},
          {"bf16 out is not chip-checked",
           {Arg{{2, 3}, ACL_INT8}, Arg{{2, 3}, ACL_BF16}},
           ACLNN_SUCCESS,
           ""},
          {"shape before rank",
           {Arg{std::vector<int64_t>(9, 1)}, f},
           ACLNN_ERR_PARAM_INVALID,
           "out shape [2,3] must equal self shape"},
          {"rank 9",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_ERR_PARAM_INVALID,
           "self rank 9 exceeds the maximum of 8"},
      },
      Sigmoid(), aclnnSigmoid);
}

TEST(GeluSigmoidOps, SigmoidBackward) {
  // (g·(1 − y))·y: arithmetic only, bit-exact in fp32; broadcast [3,1] x [1,2]; F16 + F32
  // promote to F32; DOUBLE in double.
  const Outcome o = RunOp({Arg{{3, 1}, ACL_FLOAT16, {1, -2, 0.5}},
                           Arg{{1, 2}, ACL_FLOAT, {0.25, 3}}, Arg{{3, 2}, ACL_FLOAT}},
                          SigmoidBackward(), aclnnSigmoidBackward);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 2; ++j) {
      const float g = static_cast<float>(o.values[0][i]), y = static_cast<float>(o.values[1][j]);
      EXPECT_EQ(o.values[2][i * 2 + j], (g * (1.0f - y)) * y);
    }
  }
  const Outcome d =
      RunOp({Arg{{2}, ACL_DOUBLE, {1, 3}}, Arg{{2}, ACL_DOUBLE, {0.1, 0.7}}, Arg{{2}, ACL_DOUBLE}},
            SigmoidBackward(), aclnnSigmoidBackward);
  EXPECT_EQ(d.values[2][0], (1 * (1 - 0.1)) * 0.1);
  EXPECT_EQ(d.values[2][1], (3 * (1 - 0.7)) * 0.7);
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}};
  RunTable(
      {
          {"ok 0-d", {Arg{{}}, Arg{{}}, Arg{{}}}, ACLNN_SUCCESS, ""},
          {"null output",
           {f, Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnSigmoidBackward: output must not be null"},
          {"int32 gradOutput",
           {Arg{{2, 3}, ACL_INT32}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput dtype INT32 is not supported"},
          {"int32 gradInput",
           {f, f, Arg{{2, 3}, ACL_INT32}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput dtype INT32 is not supported"},
          {"bf16 gradOutput",
           {Arg{{2, 3}, ACL_BF16}, f, f},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "gradOutput dtype BFLOAT16"},
          {"bf16 output is not chip-checked", {f, Arg{{2, 3}, ACL_BF16}, f}, ACLNN_SUCCESS, ""},
          {"rank 9 before broadcast",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{{5}}, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradOutput rank 9"},
          {"complex promoted cannot cast to float",
           {Arg{{2, 3}, ACL_COMPLEX64}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "cannot be cast to gradInput dtype FLOAT"},
          {"broadcast shape",
           {Arg{{2, 1}}, Arg{{1, 3}}, Arg{{2, 1}}},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [2,1] must equal the broadcast shape [2,3]"},
          {"null executor last",
           {f, f, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "executor must not be null",
           false,
           true},
      },
      SigmoidBackward(), aclnnSigmoidBackward);
}

TEST(GeluSigmoidOps, LogSigmoidValues) {
  for (aclDataType dt : FloatDtypes()) {
    const Outcome o = RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}}, LogSigmoid(), aclnnLogSigmoid);
    // The buffer output of LogSigmoidForward is neither checked nor written (null is fine).
    const Outcome fw =
        RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}, Arg{{10}, ACL_INT8, {7}, ACL_FORMAT_ND, true}},
              LogSigmoidForward(), aclnnLogSigmoidForward);
    const Outcome buf = RunOp({Arg{{10}, dt, kXs}, Arg{{10}, dt}, Arg{{3}, ACL_INT8, {7}}},
                              LogSigmoidForward(), aclnnLogSigmoidForward);
    ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
    ASSERT_EQ(fw.status, ACLNN_SUCCESS) << fw.message;
    ASSERT_EQ(buf.status, ACLNN_SUCCESS) << buf.message;
    for (double v : buf.values[2]) EXPECT_EQ(v, 7);
    for (size_t i = 0; i < kXs.size(); ++i) {
      ExpectNear(o.values[1][i], LogSig(o.values[0][i]), RelTol(dt), AbsTol(dt, 1e-30));
      EXPECT_EQ(fw.values[1][i], o.values[1][i]);
    }
  }
  const Outcome s = RunOp({Arg{{4}, ACL_FLOAT, {INFINITY, -INFINITY, NAN, -0.0}}, Arg{{4}}},
                          LogSigmoid(), aclnnLogSigmoid);
  ExpectNear(s.values[1][0], 0.0, 0);  // min(inf, 0) − log1p(0) = 0 − 0
  ExpectNear(s.values[1][1], -INFINITY, 0);
  ExpectNear(s.values[1][2], NAN, 0);
  EXPECT_NEAR(s.values[1][3], -std::log(2.0), 1e-7);
}

TEST(GeluSigmoidOps, LogSigmoidRefusals) {
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}};
  RunTable(
      {
          {"ok 9-d: no rank limit",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_SUCCESS,
           ""},
          {"null workspaceSize first",
           {Arg{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true}, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnLogSigmoid: workspaceSize must not be null",
           true},
          {"double",
           {Arg{{2, 3}, ACL_DOUBLE}, Arg{{2, 3}, ACL_DOUBLE}},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype DOUBLE is not supported"},
          {"bf16",
           {Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "BFLOAT16 is not supported"},
          {"out dtype",
           {f, Arg{{2, 3}, ACL_FLOAT16}},
           ACLNN_ERR_PARAM_INVALID,
           "out dtype FLOAT16 must equal self dtype FLOAT"},
          {"shape", {f, Arg{{3, 2}}}, ACLNN_ERR_PARAM_INVALID, "out shape [3,2]"},
      },
      LogSigmoid(), aclnnLogSigmoid);
}

TEST(GeluSigmoidOps, LogSigmoidBackward) {
  // g·σ(−x), from e = exp(−|x|); buffer is null-checked only.
  const Outcome o = RunOp({Arg{{10}, ACL_FLOAT, {1, 2, -1, 0.5}}, Arg{{10}, ACL_FLOAT, kXs},
                           Arg{{1}, ACL_INT64}, Arg{{10}}},
                          LogSigmoidBackward(), aclnnLogSigmoidBackward);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  for (size_t i = 0; i < kXs.size(); ++i) {
    ExpectNear(o.values[3][i], o.values[0][i] * Sig(-o.values[1][i]), 1e-6, 1e-30);
  }
  const bool bf16 = optest::ChipHasBf16();
  const Arg f{{2, 3}};
  const Arg nul{{2, 3}, ACL_FLOAT, {}, ACL_FORMAT_ND, true};
  RunTable(
      {
          {"ok 9-d",
           {Arg{std::vector<int64_t>(9, 1)}, Arg{std::vector<int64_t>(9, 1)}, f,
            Arg{std::vector<int64_t>(9, 1)}},
           ACLNN_SUCCESS,
           ""},
          {"null buffer",
           {f, f, nul, f},
           ACLNN_ERR_PARAM_NULLPTR,
           "aclnnLogSigmoidBackward: buffer must not be null"},
          {"null gradInput after buffer",
           {f, f, nul, nul},
           ACLNN_ERR_PARAM_NULLPTR,
           "buffer must not be null"},
          {"self dtype",
           {f, Arg{{2, 3}, ACL_DOUBLE}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "self dtype DOUBLE is not supported"},
          {"mixed dtypes",
           {f, Arg{{2, 3}, ACL_FLOAT16}, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput dtype FLOAT must equal self dtype FLOAT16"},
          {"bf16",
           {Arg{{2, 3}, ACL_BF16}, Arg{{2, 3}, ACL_BF16}, f, Arg{{2, 3}, ACL_BF16}},
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "" : "BFLOAT16 is not supported"},
          {"no broadcasting",
           {Arg{{1, 3}}, f, f, f},
           ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [2,3] must equal gradOutput shape [1,3]"},
      },
      LogSigmoidBackward(), aclnnLogSigmoidBackward);
}

}  // namespace
