// aclnnLogSigmoidBackward: gradInput = gradOutput·σ(−x), computed as
// gradOutput·((x < 0 ? 1 : e) / (1 + e)), e = exp(−|x|). `buffer` is null-checked only, never
// read, as the vendor does. No rank limit.
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnLogSigmoidBackward";
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kLogSigmoidBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT16, ACL_FLOAT};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* buffer,
                     aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(buffer);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_CHECK_SAME_DTYPE(self, gradInput);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);
  ACLCPU_CHECK_SAME_SHAPE(self, gradInput);

  const ops::ElementwiseCall call{kOpName,           &kDesc, {gradOutput, self}, {gradInput},
                                  gradOutput->dtype, {}};
  ApiSlotMap inputs;  // buffer is the API's input 2 and is never read
  inputs.Set({0, 1, ApiSlotMap::kUnread});
  return ops::PlanElementwise(call, workspaceSize, executor, inputs);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                    const aclTensor* self, const aclTensor* buffer,
                                                    aclTensor* gradInput, uint64_t* workspaceSize,
                                                    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("buffer", buffer);
        c.Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, buffer, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnLogSigmoidBackward)
