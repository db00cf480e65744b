// aclnnSwishBackward: gradInput = gradOutput · σ(βx) · (1 + βx · (1 − σ(βx))).
#include "aclnnop/aclnn_swish_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSwishBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSwishBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};

// The vendor's list, the same on every chip; BF16 is then refused where the chip lacks it.
const std::vector<aclDataType> kDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

int CheckBf16OnChip(const SocProfile& soc, const aclTensor* gradOutput) {
  if (gradOutput->dtype != ACL_BF16 || soc.hasBf16) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": gradOutput dtype BFLOAT16 is " +
                                           "not supported on " + soc.name + " (" + soc.familyName +
                                           "); expected one of FLOAT16, FLOAT");
}

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                     const aclScalar* betaOptional, aclTensor* gradInput, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(gradOutput, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "betaOptional", betaOptional));
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_CHECK_SAME_DTYPE(gradInput, self);
  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, gradOutput));

  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(gradInput, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);
  ACLCPU_CHECK_SAME_SHAPE(gradInput, self);

  ops::ElementwiseCall call{kOpName,           &kDesc, {gradOutput, self}, {gradInput},
                            gradOutput->dtype, {}};
  float beta = 1.0f;
  double betaExact = 1.0;
  if (betaOptional != nullptr) {
    ScalarToFloat(betaOptional->dtype, betaOptional->value, &beta);
    ScalarToDouble(betaOptional->dtype, betaOptional->value, &betaExact);
  }
  call.params.SetScalar(0, beta, betaExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwishBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                               const aclScalar* betaOptional, aclTensor* gradInput,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self);
        c.Scalar("betaOptional", betaOptional).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, betaOptional, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSwishBackward)
