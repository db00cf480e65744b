// aclSetInputTensorAddr & co. number an operator's tensors as its API declares them, optional ones
// included (spec/api.md): an optional tensor passed as null keeps its number and is refused with
// 161002; one passed but never read (RReluWithNoise's noise in eval mode, LogSigmoidForward's
// buffer) is re-pointed and nothing else changes; the numbers after it are not shifted.
#include <vector>

#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "glu_test_util.h"

using namespace glutest;

namespace {

struct Executor {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ~Executor() {
    if (exec != nullptr) aclDestroyAclOpExecutor(exec);
  }
};

// ClippedSwiglu(x, groupIndexOptional, ..., out) along the last dim of a [2, 4] x whose rows are
// equal: row 1 is computed only when the group sum reaches 2.
TEST(ExecutorOptionalSlots, NullGroupIndexKeepsItsNumber) {
  if (ChipIs910Training()) GTEST_SKIP();
  const std::vector<double> xv = {-1.0, 0.5, 2.0, -0.25, -1.0, 0.5, 2.0, -0.25};
  for (bool withGroups : {false, true}) {
    SCOPED_TRACE(withGroups ? "groupIndex given" : "groupIndex null");
    DevTensor x({2, 4}, ACL_FLOAT), out({2, 2}, ACL_FLOAT), moved({2, 2}, ACL_FLOAT);
    DevTensor groups({1}, ACL_INT64), more({1}, ACL_INT64);
    x.Set(xv);
    out.Set({-7, -7, -7, -7});
    moved.Set({-7, -7, -7, -7});
    groups.Set({1});
    more.Set({2});
    Executor e;
    ASSERT_EQ(aclnnClippedSwigluGetWorkspaceSize(x.get(), withGroups ? groups.get() : nullptr, -1,
                                                 1.702, 7.0, 1.0, false, out.get(), &e.ws, &e.exec),
              ACLNN_SUCCESS)
        << TakeErrMsg();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(e.exec), ACLNN_SUCCESS);
    if (!withGroups) {
      EXPECT_EQ(aclSetInputTensorAddr(e.exec, 1, groups.get(), more.data()),
                ACLNN_ERR_PARAM_INVALID);
      ExpectMessage(TakeErrMsg(), {"input 1", "null at phase 1"});
      EXPECT_EQ(aclSetInputTensorAddr(e.exec, 2, x.get(), x.data()), ACLNN_ERR_PARAM_INVALID);
      ExpectMessage(TakeErrMsg(), {"index 2 is out of range", "2 inputs"});
    } else {
      ASSERT_EQ(RunPhase2(aclnnClippedSwiglu, e.ws, e.exec), ACLNN_SUCCESS) << TakeErrMsg();
      const std::vector<double> first = out.Get();
      EXPECT_NE(first[0], -7.0);
      EXPECT_EQ(first[2], -7.0);  // row 1 is past the group sum
      EXPECT_EQ(first[3], -7.0);
      ASSERT_EQ(aclSetInputTensorAddr(e.exec, 1, groups.get(), more.data()), ACLNN_SUCCESS)
          << TakeErrMsg();
    }
    // aclSetTensorAddr numbers the inputs (x, groupIndexOptional) first: out is index 2.
    ASSERT_EQ(aclSetTensorAddr(e.exec, 2, out.get(), moved.data()), ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnClippedSwiglu, e.ws, e.exec), ACLNN_SUCCESS) << TakeErrMsg();
    const std::vector<double> got = moved.Get();
    EXPECT_NE(got[0], -7.0);
    EXPECT_EQ(got[2], got[0]);  // both rows computed, equal rows give equal results
    EXPECT_EQ(got[3], got[1]);
  }
}

TEST(ExecutorOptionalSlots, RReluEvalNoiseIsReNumberedNotRead) {
  DevTensor self({4}, ACL_FLOAT), noise({4}, ACL_FLOAT), other({4}, ACL_FLOAT), out({4}, ACL_FLOAT);
  self.Set({-2, 3, -4, 5});
  noise.Set({9, 9, 9, 9});
  other.Set({8, 8, 8, 8});
  float lo = 0.125f, hi = 0.375f;
  aclScalar* lower = aclCreateScalar(&lo, ACL_FLOAT);
  aclScalar* upper = aclCreateScalar(&hi, ACL_FLOAT);
  for (bool training : {false, true}) {
    SCOPED_TRACE(training ? "training" : "eval");
    Executor e;
    ASSERT_EQ(aclnnRReluWithNoiseGetWorkspaceSize(self.get(), noise.get(), lower, upper, training,
                                                  3, 0, out.get(), &e.ws, &e.exec),
              ACLNN_SUCCESS)
        << TakeErrMsg();
    // The API has one output: noise is input 1 only.
    EXPECT_EQ(aclSetOutputTensorAddr(e.exec, 1, noise.get(), noise.data()),
              ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"out of range", "1 outputs"});
    ASSERT_EQ(aclSetInputTensorAddr(e.exec, 1, noise.get(), other.data()), ACLNN_SUCCESS)
        << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnRReluWithNoise, e.ws, e.exec), ACLNN_SUCCESS) << TakeErrMsg();
    e.exec = nullptr;  // run once: freed by phase 2
    const std::vector<double> y = out.Get(), n = other.Get();
    EXPECT_EQ(noise.Get(), std::vector<double>(4, 9.0));  // the old noise buffer: untouched
    if (training) {  // the new noise buffer holds the slopes used
      EXPECT_EQ(n[1], 1.0);
      EXPECT_GE(n[0], lo);
      EXPECT_LE(n[0], hi);
      EXPECT_EQ(y[0], -2.0 * n[0]);
    } else {  // the mean slope; the new buffer is not written either
      EXPECT_EQ(n, std::vector<double>(4, 8.0));
      EXPECT_EQ(y[0], -2.0 * 0.25);
      EXPECT_EQ(y[2], -4.0 * 0.25);
    }
    EXPECT_EQ(y[1], 3.0);
    EXPECT_EQ(y[3], 5.0);
    ASSERT_EQ(aclSetRawTensorAddr(noise.get(), noise.data()), ACLNN_SUCCESS);
  }
  aclDestroyScalar(lower);
  aclDestroyScalar(upper);
}

TEST(ExecutorOptionalSlots, LogSigmoidBackwardBufferIsInputTwo) {
  DevTensor grad({2}, ACL_FLOAT), self({2}, ACL_FLOAT), buffer({2}, ACL_FLOAT), out({2}, ACL_FLOAT);
  grad.Set({1, 1});
  self.Set({0, 0});
  buffer.Set({4, 4});
  Executor e;
  ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(grad.get(), self.get(), buffer.get(), out.get(),
                                                    &e.ws, &e.exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetInputTensorAddr(e.exec, 2, buffer.get(), grad.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  // aclSetTensorAddr: three inputs, then gradInput is index 3.
  ASSERT_EQ(aclSetTensorAddr(e.exec, 3, out.get(), out.data()), ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnLogSigmoidBackward, e.ws, e.exec), ACLNN_SUCCESS) << TakeErrMsg();
  e.exec = nullptr;
  EXPECT_EQ(out.Get(), std::vector<double>(2, 0.5));  // d/dx log sigmoid(x) at 0
  EXPECT_EQ(buffer.Get(), std::vector<double>(2, 4.0));
  ASSERT_EQ(aclSetRawTensorAddr(buffer.get(), buffer.data()), ACLNN_SUCCESS);
}

TEST(ExecutorOptionalSlots, LogSigmoidForwardBufferIsOutputOne) {
  DevTensor self({3}, ACL_FLOAT), out({3}, ACL_FLOAT), buffer({3}, ACL_FLOAT),
      moved({3}, ACL_FLOAT);
  self.Set({-1, 0, 2});
  buffer.Set({5, 5, 5});
  moved.Set({6, 6, 6});
  {
    Executor e;
    ASSERT_EQ(
        aclnnLogSigmoidForwardGetWorkspaceSize(self.get(), out.get(), buffer.get(), &e.ws, &e.exec),
        ACLNN_SUCCESS)
        << TakeErrMsg();
    ASSERT_EQ(aclSetOutputTensorAddr(e.exec, 1, buffer.get(), moved.data()), ACLNN_SUCCESS)
        << TakeErrMsg();
    ASSERT_EQ(RunPhase2(aclnnLogSigmoidForward, e.ws, e.exec), ACLNN_SUCCESS) << TakeErrMsg();
    e.exec = nullptr;
    const std::vector<double> y = out.Get();
    for (int i = 0; i < 3; ++i) {
      const double x = i == 0 ? -1.0 : (i == 1 ? 0.0 : 2.0);
      EXPECT_NEAR(y[static_cast<size_t>(i)], -std::log1p(std::exp(-x)), 1e-6) << i;
    }
    EXPECT_EQ(buffer.Get(), std::vector<double>(3, 5.0));
    EXPECT_EQ(moved.Get(), std::vector<double>(3, 6.0));
  }
  {  // a null buffer keeps its number; aclnnLogSigmoid has no output 1
    Executor e;
    ASSERT_EQ(
        aclnnLogSigmoidForwardGetWorkspaceSize(self.get(), out.get(), nullptr, &e.ws, &e.exec),
        ACLNN_SUCCESS)
        << TakeErrMsg();
    EXPECT_EQ(aclSetOutputTensorAddr(e.exec, 1, buffer.get(), moved.data()),
              ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"output 1", "null at phase 1"});
    Executor plain;
    ASSERT_EQ(aclnnLogSigmoidGetWorkspaceSize(self.get(), out.get(), &plain.ws, &plain.exec),
              ACLNN_SUCCESS);
    EXPECT_EQ(aclSetOutputTensorAddr(plain.exec, 1, buffer.get(), moved.data()),
              ACLNN_ERR_PARAM_INVALID);
    ExpectMessage(TakeErrMsg(), {"out of range"});
  }
}

}  // namespace
