// aclnnSiluBackward: gradInput = g·(s·(1 + x·(1 − s))), s = σ(x). On Ascend 950 gradOutput and
// self may differ in dtype (gradInput is then FLOAT) and broadcast to gradInput's shape.
#include "aclnnop/aclnn_silu_backward.h"

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

constexpr const char* kOpName = "aclnnSiluBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSiluBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

int CheckMixedDtypes(bool current, const aclTensor* gradOutput, const aclTensor* self,
                     const aclTensor* gradInput) {
  if (current && gradOutput->dtype != self->dtype) {
    if (gradInput->dtype == ACL_FLOAT) return ACLNN_SUCCESS;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": gradInput dtype " + DtypeName(gradInput->dtype) +
                    " must be FLOAT when gradOutput (" + DtypeName(gradOutput->dtype) +
                    ") and self (" + DtypeName(self->dtype) + ") differ");
  }
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, self);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  return ACLNN_SUCCESS;
}

int CheckBf16OnChip(const SocProfile& soc, const char* arg, const aclTensor* t) {
  if (t->dtype != ACL_BF16 || soc.hasBf16) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": " + arg +
                                           " dtype BFLOAT16 is not supported on " + soc.name +
                                           " (" + soc.familyName + ")");
}

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
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
  const bool current = soc->generation == kernels::Generation::Current;

  ACLCPU_CHECK_DTYPE_IN(gradOutput, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(gradInput, kDtypes);
  ACLCPU_RETURN_IF_ERROR(CheckMixedDtypes(current, gradOutput, self, gradInput));
  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, "gradOutput", gradOutput));
  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, "self", self));
  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, "gradInput", gradInput));

  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  if (current) {
    thread_local std::vector<int64_t> shape;  // reused: a warm phase 1 allocates nothing
    ACLCPU_RETURN_IF_ERROR(
        ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
    ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  } else {
    ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);
    ACLCPU_CHECK_SAME_SHAPE(self, gradInput);
  }

  const aclDataType compute = gradOutput->dtype == self->dtype ? self->dtype : ACL_FLOAT;
  const ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {gradInput}, compute, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                              aclTensor* gradInput, uint64_t* workspaceSize,
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

ACLCPU_EXPORT_PHASE2(aclnnSiluBackward)
