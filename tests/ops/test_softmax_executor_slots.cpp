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

// A device buffer of floats and an fp32 tensor over it.
struct Buf {
  void* dev = nullptr;
  aclTensor* t = nullptr;
  int64_t n;
  Buf(std::vector<int64_t> shape, const std::vector<float>& values) {
    n = 1;
    for (int64_t d : shape) n *= d;
    EXPECT_EQ(aclrtMalloc(&dev, n * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    Write(values);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d) {
      strides[d] = strides[d + 1] * shape[d + 1];
    }
    t = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                        shape.data(), shape.size(), dev);
  }
  ~Buf() {
    aclDestroyTensor(t);
    aclrtFree(dev);
  }
  void Write(const std::vector<float>& v) {
    EXPECT_EQ(aclrtMemcpy(dev, n * 4, v.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  }
  std::vector<float> Read() const {
    std::vector<float> v(n);
    EXPECT_EQ(aclrtMemcpy(v.data(), n * 4, dev, n * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return v;
  }
};

void RunPhase2On(aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream),
                 aclOpExecutor* exec) {
  ASSERT_EQ(phase2(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
}

TEST(SoftmaxExecutorSlots, BackwardInputZeroIsGradOutput) {
  for (bool logForm : {false, true}) {
    SCOPED_TRACE(logForm ? "LogSoftmaxBackward" : "SoftmaxBackward");
    Buf grad({1, 4}, {1, 2, 3, 4}), y({1, 4}, {-1.5f, -1.5f, -1.5f, -1.5f});
    Buf out({1, 4}, {0, 0, 0, 0}), tens({1, 4}, {10, 10, 10, 10});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    const aclnnStatus st =
        logForm ? aclnnLogSoftmaxBackwardGetWorkspaceSize(grad.t, y.t, 1, out.t, &ws, &exec)
                : aclnnSoftmaxBackwardGetWorkspaceSize(grad.t, y.t, 1, out.t, &ws, &exec);
    ASSERT_EQ(st, ACLNN_SUCCESS) << TakeErrMsg();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, grad.t, tens.dev), ACLNN_SUCCESS) << TakeErrMsg();
    RunPhase2On(logForm ? aclnnLogSoftmaxBackward : aclnnSoftmaxBackward, exec);
    // gradOutput = 10 everywhere, output = -1.5: softmax' y (g - sum g y) = -1.5 (10 + 60),
    // log-softmax' g - exp(y) sum g = 10 - 40 e^-1.5.
    const double want = logForm ? 10.0 - 40.0 * std::exp(-1.5) : -105.0;
    for (float v : out.Read()) EXPECT_NEAR(v, want, 1e-4);
    // Input 1 is output: re-pointed to the tens, y = 10 with g = 1..4.
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, grad.t, grad.dev), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetInputTensorAddr(exec, 1, y.t, tens.dev), ACLNN_SUCCESS) << TakeErrMsg();
    RunPhase2On(logForm ? aclnnLogSoftmaxBackward : aclnnSoftmaxBackward, exec);
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
  Buf features({2, 4}, {1, 2, 3, 4, 4, 3, 2, 1}), labels({2, 4}, {0, 0, 0, 1, 1, 0, 0, 0});
  Buf loss({2}, {0, 0}), backprop({2, 4}, std::vector<float>(8, 0)), moved({2}, {-7, -7});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(features.t, labels.t, loss.t,
                                                               backprop.t, &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, loss.t, moved.dev), ACLNN_SUCCESS) << TakeErrMsg();
  // aclSetTensorAddr numbers inputs then outputs: index 3 is backprop.
  ASSERT_EQ(aclSetTensorAddr(exec, 3, backprop.t, backprop.dev), ACLNN_SUCCESS) << TakeErrMsg();
  RunPhase2On(aclnnSoftmaxCrossEntropyWithLogits, exec);
  // Both rows: -log softmax of the labelled logit 4 of {1, 2, 3, 4}.
  const double want = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0) + std::exp(4.0)) - 4;
  for (float v : moved.Read()) EXPECT_NEAR(v, want, 1e-5);
  for (float v : loss.Read()) EXPECT_EQ(v, 0.0f);  // the old loss buffer was not written
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

}  // namespace
