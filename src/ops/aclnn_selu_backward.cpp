// aclnnSeluBackward: from the forward output y, gradInput = g·(y + λα) on the negative branch
// and g·λ otherwise; the branch rule and precision follow the chip's kernel generation.
#include "aclnnop/aclnn_selu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSeluBackward";
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSeluBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "result", "gradInput"}};

// No rank limit: the vendor's code accepts 9-D and above.
const std::vector<aclDataType> kDtypesWithoutBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8};
const std::vector<aclDataType> kDtypesWithBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8,
                                                  ACL_BF16};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* result, aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(result);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  // The vendor leaves these two unchecked (and would crash); we refuse them.
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(result);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_SAME_DTYPE(gradOutput, result);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, soc->hasBf16 ? kDtypesWithBf16 : kDtypesWithoutBf16);

  ACLCPU_CHECK_SAME_SHAPE(gradOutput, result);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);

  const ops::ElementwiseCall call{kOpName,           &kDesc, {gradOutput, result}, {gradInput},
                                  gradOutput->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* result,
                                              aclTensor* gradInput, uint64_t* workspaceSize,
                                              aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("result", result);
        c.Tensor("gradInput", gradInput).Out("workspaceSize", workspaceSize);
        c.Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, result, gradInput, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSeluBackward)
