// aclnnHardsigmoid / aclnnInplaceHardsigmoid: out = clamp(x·(1/6) + 0.5, 0, 1), out of self's
// dtype. fp32 arithmetic; 16-bit rounded before the clamp (fp16 nearest-even, bf16 on the 950
// half away from zero); INT32 widened nearest-even and truncated back (so 0 or 1).
#include "aclnnop/aclnn_hardsigmoid.h"

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardsigmoid";
constexpr const char* kInplaceName = "aclnnInplaceHardsigmoid";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHardsigmoid, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_BF16};

// OP_CHECK_COMM_INPUT first; the out dtype must equal self's, and so must the format.
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

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckSameFormat(kOpName, "self", self, "out", out));

  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardsigmoidGetWorkspaceSize(const aclTensor* self, aclTensor* out,
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

aclnnStatus aclnnInplaceHardsigmoidGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize,
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

ACLCPU_EXPORT_PHASE2(aclnnHardsigmoid)
ACLCPU_EXPORT_PHASE2(aclnnInplaceHardsigmoid)
