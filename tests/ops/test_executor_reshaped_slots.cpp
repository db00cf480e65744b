// Address setters on operators that keep their own view of an argument: Prelu's weight (viewed
// along the channel dim), Heaviside's out when its shape is not the broadcast shape, and
// RReluWithNoise's noise (the API's input 1, written in training). The tensor phase 1 was given
// is accepted and re-points that slot; the next run reads and writes the new buffers.
#include <vector>

#include "aclnnop/aclnn_heaviside.h"
#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "op_test_util.h"

using namespace optest;

namespace {

TEST(ExecutorReshapedSlots, PreluWeight) {
  FloatTensor self({2, 3, 2}, std::vector<float>(12, -1.0f)), weight({3}, {0.25f, 0.5f, 0.75f});
  FloatTensor moved({3}, {2.0f, 3.0f, 4.0f}), out({2, 3, 2}, std::vector<float>(12, 0.0f));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnPreluGetWorkspaceSize(self.get(), weight.get(), out.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetInputTensorAddr(exec, 1, weight.get(), moved.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnPrelu, 0, exec), ACLNN_SUCCESS) << TakeErrMsg();
  const std::vector<float> got = out.Read();
  for (int i = 0; i < 12; ++i) EXPECT_EQ(got[i], -(2.0f + static_cast<float>(i / 2 % 3))) << i;
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST(ExecutorReshapedSlots, HeavisideOutOfTheElementCountShape) {
  FloatTensor input({3, 4}, {-1, 0, 2, -3, 4, 0, -5, 6, 0, 7, -8, 9}), values({1, 1, 1}, {0.5f});
  FloatTensor out({3, 4}, std::vector<float>(12, -7.0f)), moved({3, 4}, std::vector<float>(12));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnHeavisideGetWorkspaceSize(input.get(), values.get(), out.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, out.get(), moved.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnHeaviside, 0, exec), ACLNN_SUCCESS) << TakeErrMsg();
  const std::vector<float> x = {-1, 0, 2, -3, 4, 0, -5, 6, 0, 7, -8, 9};
  const std::vector<float> got = moved.Read(), old = out.Read();
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(got[i], x[i] > 0 ? 1.0f : (x[i] == 0 ? 0.5f : 0.0f)) << i;
    EXPECT_EQ(old[i], -7.0f) << i;  // the old out was not written
  }
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST(ExecutorReshapedSlots, RReluNoiseIsInputOne) {
  FloatTensor self({8}, {-1, 2, -3, 4, -5, 6, -7, 8}), noise({8}, std::vector<float>(8, -9.0f));
  FloatTensor moved({8}, std::vector<float>(8, -9.0f)), out({8}, std::vector<float>(8));
  float lo = 0.125f, hi = 0.25f;
  aclScalar* lower = aclCreateScalar(&lo, ACL_FLOAT);
  aclScalar* upper = aclCreateScalar(&hi, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnRReluWithNoiseGetWorkspaceSize(self.get(), noise.get(), lower, upper, true, 7, 0,
                                                out.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetInputTensorAddr(exec, 1, noise.get(), moved.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnRReluWithNoise, 0, exec), ACLNN_SUCCESS) << TakeErrMsg();
  const std::vector<float> n = moved.Read(), old = noise.Read(), y = out.Read();
  const std::vector<float> x = {-1, 2, -3, 4, -5, 6, -7, 8};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(old[i], -9.0f) << i;  // the old noise was not written
    if (x[i] > 0) {
      EXPECT_EQ(n[i], 1.0f) << i;
      EXPECT_EQ(y[i], x[i]) << i;
    } else {
      EXPECT_GE(n[i], lo) << i;
      EXPECT_LE(n[i], hi) << i;
      EXPECT_EQ(y[i], x[i] * n[i]) << i;
    }
  }
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  aclDestroyScalar(lower);
  aclDestroyScalar(upper);
}

}  // namespace
