// aclnnShrink: out = self − bias where self > λ, self + bias where self < −λ, else 0 (NaN → 0).
// The kernel computes in self's dtype (fp16 natively, λ and bias cast to fp16) and the result is
// cast to out's. A negative λ is refused; the scalars' dtypes are not checked; no rank limit.
#include "aclnnop/aclnn_shrink.h"

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnShrink";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kShrink, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};

int GetWorkspaceSize(const aclTensor* self, const aclScalar* lambd, const aclScalar* bias,
                     const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(lambd);
  ACLCPU_CHECK_NOT_NULL(bias);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, kDtypes);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  float lambda = 0.0f, biasValue = 0.0f;
  double lambdaExact = 0.0, biasExact = 0.0;
  ops::hard::ReadScalar(lambd, &lambda, &lambdaExact);
  ops::hard::ReadScalar(bias, &biasValue, &biasExact);
  if (lambda < 0.0f) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": lambd must be >= 0, got " + trace::FloatText(lambda));
  }
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckSameFormat(kOpName, "self", self, "out", out));

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  call.params.SetScalar(0, lambda, lambdaExact);
  call.params.SetScalar(1, biasValue, biasExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnShrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd,
                                        const aclScalar* bias, aclTensor* out,
                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("lambd", lambd).Scalar("bias", bias).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, lambd, bias, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnShrink)
