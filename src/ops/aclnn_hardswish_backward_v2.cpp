// aclnnHardswishBackwardV2: out = gradOutput · d(hardswish)/dx, all three tensors of one dtype,
// computed in fp32 (16-bit narrowed nearest-even).
// Boundaries: x ≤ −3 → 0, x ≥ 3 → 1 (aclnnHardswishBackward keeps x/3 + 0.5 at x = ±3).
#include "aclnnop/aclnn_hardswish_backward_v2.h"

#include "ops/hardswish_backward_body.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardswishBackwardV2";
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kHardswishBackwardV2,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "out"}};

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardswishBackwardV2GetWorkspaceSize(const aclTensor* gradOutput,
                                                     const aclTensor* self, aclTensor* out,
                                                     uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::ops::hard::HardswishBackwardPhase1(
            aclcpu::kOpName, aclcpu::kDesc, gradOutput, self, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnHardswishBackwardV2)
