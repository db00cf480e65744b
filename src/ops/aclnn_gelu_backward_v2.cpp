// aclnnGeluBackwardV2: the GELU gradient for approximate "none" (erf) or "tanh" (as
// aclnnGeluBackward); gradOutput and self broadcast and promote, gradInput must have the promoted
// dtype. No rank limit.
#include "aclnnop/aclnn_gelu_backward_v2.h"

#include <cstring>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "elementwise/functors/gelu_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGeluBackwardV2";
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kGeluBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// No OP_CHECK_COMM_INPUT in the vendor's code: null workspaceSize / executor are refused after
// the other checks.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const char* approximate,
                     aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_NOT_NULL(approximate);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckPromote(kOpName, "gradOutput", gradOutput, "self", self, &promoted));
  ACLCPU_RETURN_IF_ERROR(ops::CheckBf16Chip(kOpName, "promoted", promoted, *soc));
  ACLCPU_RETURN_IF_ERROR(ops::CheckPromotedIn(kOpName, "gradOutput", "self", promoted, kDtypes));
  ACLCPU_RETURN_IF_ERROR(opcheck::SameDtype(kOpName, "the promoted dtype of gradOutput and self",
                                            promoted, "gradInput", gradInput->dtype));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  const bool tanhForm = std::strcmp(approximate, "tanh") == 0;
  if (!tanhForm && std::strcmp(approximate, "none") != 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": approximate \"" + approximate +
                                             "\" is not supported; expected \"none\" or \"tanh\"");
  }
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {gradInput}, promoted, {}};
  call.params.mode = tanhForm ? kernels::kGeluTanh : kernels::kGeluErf;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                char* approximate, aclTensor* gradInput,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self);
        c.Text("approximate", approximate).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, approximate, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnGeluBackwardV2)
