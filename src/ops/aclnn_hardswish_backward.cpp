// aclnnHardswishBackward: out = gradOutput · d(hardswish)/dx, all three tensors of one dtype,
// computed in fp32 (16-bit narrowed nearest-even).
// Boundaries: x < −3 → 0, x > 3 → 1, so x = 3 gives 1.5·g and x = −3 gives −0.5·g.
#include "aclnnop/aclnn_hardswish_backward.h"

#include "ops/hardswish_backward_body.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardswishBackward";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHardswishBackward, ops::ShapeRule::kSame, 2, 1, {"gradOutput", "self", "out"}};

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardswishBackwardGetWorkspaceSize(const aclTensor* gradOutput,
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

ACLCPU_EXPORT_PHASE2(aclnnHardswishBackward)
