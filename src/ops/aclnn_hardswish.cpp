// aclnnHardswish / aclnnInplaceHardswish: out = x·clamp(x + 3, 0, 6)/6, computed in self's
// dtype (the 950 computes max(x, −3)·clamp(x + 3, 0, 6)·(1/6) in fp32 and rounds fp16/bf16 half
// away from zero) and then cast to out's dtype.
#include "aclnnop/aclnn_hardswish.h"

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardswish";
constexpr const char* kInplaceName = "aclnnInplaceHardswish";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHardswish, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};

// The vendor checks workspaceSize and executor first (OP_CHECK_COMM_INPUT). No rank limit.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = ops::hard::FloatDtypes(*soc);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor* self, const aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, self, self, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnHardswish)
ACLCPU_EXPORT_PHASE2(aclnnInplaceHardswish)
