// aclnnHardsigmoidBackward: out = gradOutput·(1/6) where 0 < self·(1/6) + 0.5 < 1, else 0.
// gradOutput and self are promoted to a common dtype (each FLOAT, FLOAT16 or BF16), the kernel
// computes in fp32 and the result is cast to out's dtype (anything the promoted dtype can cast
// to). 16-bit results: fp16 nearest-even; bf16 on the 950 half away from zero.
#include "aclnnop/aclnn_hardsigmoid_backward.h"

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardsigmoidBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kHardsigmoidBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "out"}};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = ops::hard::FloatDtypes(*soc);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  const aclDataType promoted = ops::hard::PromoteFloat(gradOutput->dtype, self->dtype);
  ACLCPU_RETURN_IF_ERROR(
      ops::hard::CheckCanCast(kOpName, "promoted gradOutput/self", promoted, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, gradOutput);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  const ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {out}, promoted, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardsigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                     const aclTensor* self, aclTensor* out,
                                                     uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(gradOutput, self, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnHardsigmoidBackward)
