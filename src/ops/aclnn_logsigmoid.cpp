// aclnnLogSigmoid / aclnnLogSigmoidForward: out = min(x, 0) − log1p(exp(−|x|)). Forward takes a
// `buffer` output that the vendor never checks, reads or writes; neither do we. No rank limit.
#include "aclnnop/aclnn_logsigmoid.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnLogSigmoid";
constexpr const char* kForwardName = "aclnnLogSigmoidForward";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kLogSigmoid, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// forward: aclnnLogSigmoidForward, whose API numbers `buffer` as output 1 (null or not).
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, aclTensor* out, bool forward,
                     const aclTensor* buffer, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_CHECK_SAME_SHAPE(self, out);  // no rank limit

  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  ApiSlotMap outputs;  // unset for aclnnLogSigmoid: out alone
  if (forward) outputs.Set({0, ApiSlotMap::Of(buffer, -1)});
  return ops::PlanElementwise(call, workspaceSize, executor, ApiSlotMap(), outputs);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, out, false, nullptr, workspaceSize,
                                        executor);
      });
}

aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                                   aclTensor* buffer, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kForwardName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out).Tensor("buffer", buffer);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kForwardName, self, out, true, buffer,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnLogSigmoid)
ACLCPU_EXPORT_PHASE2(aclnnLogSigmoidForward)
