// aclnnCelu / aclnnInplaceCelu: out = max(0, x) + min(0, α·(exp(x/α) − 1)), computed in self's
// dtype by the 950 kernel's fp32 order (x·(1/α), Kahan's expm1 for |x/α| < 0.5; 16-bit results
// rounded half away from zero on the 950), then cast to out's dtype. α = 0 and NaN are refused.
#include "aclnnop/aclnn_celu.h"

#include <cmath>

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

constexpr const char* kOpName = "aclnnCelu";
constexpr const char* kInplaceName = "aclnnInplaceCelu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kCelu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};

int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclScalar* alpha,
                     const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(alpha);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, ops::hard::FloatDtypes(*soc));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "alpha", alpha));
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  float a = 0;
  double ad = 0;
  ops::hard::ReadScalar(alpha, &a, &ad);
  if (!(a > 0.0f) && !(a < 0.0f)) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": alpha must be nonzero, got " + trace::FloatText(a));
  }
  // The 950's tiling refuses a tiny α (an inner error in phase 1, not a parameter error).
  if (soc->generation == kernels::Generation::Current && std::fabs(a) < 1e-7f &&
      !opcheck::IsEmpty(self)) {
    return Fail(ACLNN_ERR_INNER_TILING_ERROR, std::string(kOpName) + ": alpha " +
                                                  trace::FloatText(a) +
                                                  " is below 1e-7 in magnitude (tiling)");
  }

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  call.params.SetScalar(0, a, ad);
  call.params.SetScalar(1, 1.0f / a, 1.0 / ad);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnCeluGetWorkspaceSize(const aclTensor* self, const aclScalar* alpha, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("alpha", alpha).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, alpha, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceCeluGetWorkspaceSize(aclTensor* selfRef, const aclScalar* alpha,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef).Scalar("alpha", alpha);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, selfRef, alpha, selfRef,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnCelu)
ACLCPU_EXPORT_PHASE2(aclnnInplaceCelu)
