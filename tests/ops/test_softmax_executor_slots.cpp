// The executor slots of the softmax family follow the API's parameter order (what
// aclSetInputTensorAddr / aclSetOutputTensorAddr number), whatever order the kernel takes its
// operands in: SoftmaxBackward and LogSoftmaxBackward's input 0 is gradOutput, and
// SoftmaxCrossEntropyWithLogits' output 0 is loss.
#include <cmath>
#include <vector>

#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "op_test_util.h"

using namespace optest;

namespace {

TEST(SoftmaxExecutorSlots, BackwardInputZeroIsGradOutput) {
  for (bool logForm : {false, true}) {
    SCOPED_TRACE(logForm ? "LogSoftmaxBackward" : "SoftmaxBackward");
    FloatTensor grad({1, 4}, {1, 2, 3, 4}), y({1, 4}, {-1.5f, -1.5f, -1.5f, -1.5f});
    FloatTensor out({1, 4}, {0, 0, 0, 0}), tens({1, 4}, {10, 10, 10, 10});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    const aclnnStatus st =
        logForm
            ? aclnnLogSoftmaxBackwardGetWorkspaceSize(grad.get(), y.get(), 1, out.get(), &ws, &exec)
            : aclnnSoftmaxBackwardGetWorkspaceSize(grad.get(), y.get(), 1, out.get(), &ws, &exec);
    ASSERT_EQ(st, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, grad.get(), tens.data()), ACLNN_SUCCESS)
        << TakeErrMsg();
    ASSERT_EQ(RunPhase2(logForm ? aclnnLogSoftmaxBackward : aclnnSoftmaxBackward, 0, exec),
              ACLNN_SUCCESS)
        << TakeErrMsg();
    // gradOutput = 10 everywhere, output = -1.5: softmax' y (g - sum g y) = -1.5 (10 + 60),
    // log-softmax' g - exp(y) sum g = 10 - 40 e^-1.5.
    const double want = logForm ? 10.0 - 40.0 * std::exp(-1.5) : -105.0;
    for (float v : out.Read()) EXPECT_NEAR(v, want, 1e-4);
    // Input 1 is output: re-pointed to the tens, y = 10 with g = 1..4.
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, grad.get(), grad.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetInputTensorAddr(exec, 1, y.get(), tens.data()), ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(RunPhase2(logForm ? aclnnLogSoftmaxBackward : aclnnSoftmaxBackward, 0, exec),
              ACLNN_SUCCESS)
        << TakeErrMsg();
    const std::vector<float> got = out.Read();
    for (int j = 0; j < 4; ++j) {
      const double g = j + 1;
      const double ref = logForm ? g - std::exp(10.0) * 10.0 : 10.0 * (g - 100.0);
      EXPECT_NEAR(got[j], ref, 1e-5 * std::fabs(ref)) << j;
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  }
}

TEST(SoftmaxExecutorSlots, CrossEntropyOutputZeroIsLoss) {
  FloatTensor features({2, 4}, {1, 2, 3, 4, 4, 3, 2, 1}), labels({2, 4}, {0, 0, 0, 1, 1, 0, 0, 0});
  FloatTensor loss({2}, {0, 0}), backprop({2, 4}, std::vector<float>(8, 0)), moved({2}, {-7, -7});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(
                features.get(), labels.get(), loss.get(), backprop.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, loss.get(), moved.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  // aclSetTensorAddr numbers inputs then outputs: index 3 is backprop.
  ASSERT_EQ(aclSetTensorAddr(exec, 3, backprop.get(), backprop.data()), ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnSoftmaxCrossEntropyWithLogits, 0, exec), ACLNN_SUCCESS) << TakeErrMsg();
  // Both rows: -log softmax of the labelled logit 4 of {1, 2, 3, 4}.
  const double want = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0) + std::exp(4.0)) - 4;
  for (float v : moved.Read()) EXPECT_NEAR(v, want, 1e-5);
  for (float v : loss.Read()) EXPECT_EQ(v, 0.0f);  // the old loss buffer was not written
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

}  // namespace
