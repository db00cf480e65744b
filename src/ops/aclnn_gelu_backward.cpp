// aclnnGeluBackward: the gradient of the tanh-approximated GELU (not erf, whatever the vendor's
// doc says), gradOutput and self broadcast and promoted; the result is cast to gradInput's dtype,
// which the vendor never validates.
#include "aclnnop/aclnn_gelu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "elementwise/functors/gelu_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGeluBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kGeluBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// No OP_CHECK_COMM_INPUT in the vendor's code: null workspaceSize / executor are refused after
// the tensor checks.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradInput);
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
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {gradInput}, promoted, {}};
  call.params.mode = kernels::kGeluTanh;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                              const aclTensor* gradInput, uint64_t* workspaceSize,
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

ACLCPU_EXPORT_PHASE2(aclnnGeluBackward)
