// aclnnEluBackward: where selfOrResult ≤ 0, gradInput = (g·inputScale)·(x + α·scale) when
// isResult (x is the forward output) or ((g·inputScale)·α·scale)·exp(x·inputScale) otherwise;
// elsewhere g·scale. Computed in gradOutput's dtype (fp32 arithmetic), cast to gradInput's.
#include "aclnnop/aclnn_elu_backward.h"

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

constexpr const char* kOpName = "aclnnEluBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kEluBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "selfOrResult", "gradInput"}};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclScalar* alpha, const aclScalar* scale,
                     const aclScalar* inputScale, bool isResult, const aclTensor* selfOrResult,
                     const aclTensor* gradInput, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(alpha);
  ACLCPU_CHECK_NOT_NULL(scale);
  ACLCPU_CHECK_NOT_NULL(inputScale);
  ACLCPU_CHECK_NOT_NULL(selfOrResult);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(selfOrResult);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_SAME_DTYPE(gradOutput, selfOrResult);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, ops::hard::FloatDtypes(*soc));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "alpha", alpha));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "scale", scale));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "inputScale", inputScale));
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckCanCast(kOpName, "gradOutput", gradOutput->dtype,
                                                 "gradInput", gradInput->dtype));
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, selfOrResult);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);

  float a = 0, s = 0, is = 0;
  double ad = 0, sd = 0, isd = 0;
  ops::hard::ReadScalar(alpha, &a, &ad);
  ops::hard::ReadScalar(scale, &s, &sd);
  ops::hard::ReadScalar(inputScale, &is, &isd);
  if (isResult && a < 0.0f) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) +
                                             ": alpha must be >= 0 when isResult is true, got " +
                                             trace::FloatText(a));
  }

  ops::ElementwiseCall call{kOpName,           &kDesc, {gradOutput, selfOrResult}, {gradInput},
                            gradOutput->dtype, {}};
  call.params.SetScalar(0, a, ad);
  call.params.SetScalar(1, s, sd);
  call.params.SetScalar(2, is, isd);
  call.params.SetScalar(3, a * s, ad * sd);  // negcoef: the host's fp32 product
  call.params.b[0] = isResult;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclScalar* alpha,
                                             const aclScalar* scale, const aclScalar* inputScale,
                                             bool isResult, const aclTensor* selfOrResult,
                                             aclTensor* gradInput, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Scalar("alpha", alpha).Scalar("scale", scale);
        c.Scalar("inputScale", inputScale).Int("isResult", isResult ? 1 : 0);
        c.Tensor("selfOrResult", selfOrResult).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, alpha, scale, inputScale, isResult,
                                        selfOrResult, gradInput, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnEluBackward)
