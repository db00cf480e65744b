// aclnnFastGeluBackward: gradInput = dy·σ(1.702x)·(1 + 1.702x·(1 − σ(1.702x))), in the 950
// kernel's order. Like FastGelu, no dtype is supported on 910 / 310P.
#include "aclnnop/aclnn_fast_gelu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnFastGeluBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kFastGeluBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
const std::vector<aclDataType> kNone = {};

// No OP_CHECK_COMM_INPUT in the vendor's code: null workspaceSize / executor are refused after
// the tensor checks.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_SAME_DTYPE(gradOutput, self);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_RETURN_IF_ERROR(ops::CheckDtypeOnChip(kOpName, "gradInput", gradInput->dtype,
                                               soc->hasBf16 ? kDtypes : kNone, *soc));
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, self);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_RETURN_IF_ERROR(ops::CheckSameFormat(kOpName, "self", self, "gradInput", gradInput));
  ACLCPU_RETURN_IF_ERROR(ops::CheckSameFormat(kOpName, "self", self, "gradOutput", gradOutput));
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  const ops::ElementwiseCall call{kOpName,           &kDesc, {gradOutput, self}, {gradInput},
                                  gradOutput->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnFastGeluBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                  const aclTensor* self, aclTensor* gradInput,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, gradInput, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnFastGeluBackward)
