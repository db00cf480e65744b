// aclnnSoftshrinkBackward: gradInput = gradOutput where |self| > λ or self is NaN, else 0.
// gradOutput and self broadcast; the kernel runs in their dtype when they match, else in FLOAT.
// A negative λ is refused; λ's dtype is not checked.
#include "aclnnop/aclnn_softshrink_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftshrinkBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSoftshrinkBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* lambda,
                     const aclTensor* gradInput, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(lambda);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = ops::hard::FloatDtypes(*soc);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(gradInput, dtypes);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  float lambd = 0.0f;
  double lambdExact = 0.0;
  ops::hard::ReadScalar(lambda, &lambd, &lambdExact);
  if (lambd < 0.0f) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": lambda must be >= 0, got " + trace::FloatText(lambd));
  }

  const aclDataType compute = gradOutput->dtype == self->dtype ? gradOutput->dtype : ACL_FLOAT;
  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {gradInput}, compute, {}};
  call.params.SetScalar(0, lambd, lambdExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                    const aclTensor* self, const aclScalar* lambda,
                                                    aclTensor* gradInput, uint64_t* workspaceSize,
                                                    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Scalar("lambda", lambda);
        c.Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, lambda, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftshrinkBackward)
