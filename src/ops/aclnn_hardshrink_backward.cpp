// aclnnHardshrinkBackward: gradInput = gradOutput where |self| > λ, else 0. gradOutput and self
// broadcast and are promoted to a common dtype; the result is cast to gradInput's dtype. A
// negative λ is taken as 0; λ's dtype is not checked. Empty inputs succeed before the
// broadcast check, as the vendor's code does.
#include "aclnnop/aclnn_hardshrink_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardshrinkBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kHardshrinkBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* lambd,
                     const aclTensor* gradInput, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(lambd);
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
  ACLCPU_CHECK_MAX_RANK(gradInput, kMaxRank);
  const aclDataType promoted = ops::hard::PromoteFloat(gradOutput->dtype, self->dtype);
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckCanCast(kOpName, "promoted gradOutput/self", promoted,
                                                 "gradInput", gradInput->dtype));

  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {gradInput}, promoted, {}};
  float lambda = 0.0f;
  double lambdaExact = 0.0;
  ops::hard::ReadScalar(lambd, &lambda, &lambdaExact);
  if (lambda < 0.0f) lambda = 0.0f;
  if (lambdaExact < 0.0) lambdaExact = 0.0;
  call.params.SetScalar(0, lambda, lambdaExact);
  if (!opcheck::IsEmpty(gradOutput) && !opcheck::IsEmpty(self)) {
    std::vector<int64_t> shape;
    ACLCPU_RETURN_IF_ERROR(
        ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
    ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  }
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                    const aclTensor* self, const aclScalar* lambd,
                                                    aclTensor* gradInput, uint64_t* workspaceSize,
                                                    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Scalar("lambd", lambd);
        c.Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, lambd, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnHardshrinkBackward)
