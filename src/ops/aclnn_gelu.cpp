// aclnnGelu: the tanh approximation 0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))), computed as the 950
// kernel does, x / (1 + exp(c·(x/0.044715 + x³))) (kernels/elementwise/functors/gelu.h).
#include "aclnnop/aclnn_gelu.h"

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

constexpr const char* kOpName = "aclnnGelu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kGelu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int GetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_RETURN_IF_ERROR(ops::CheckBf16Chip(kOpName, "self", self->dtype, *soc));
  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_RETURN_IF_ERROR(ops::CheckNotPrivateFormat(kOpName, "self", self));
  ACLCPU_RETURN_IF_ERROR(ops::CheckNotPrivateFormat(kOpName, "out", out));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  call.params.mode = kernels::kGeluTanh;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnGelu)
