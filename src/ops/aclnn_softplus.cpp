// aclnnSoftplus: out = x where β·x > threshold, else log1p(exp(β·x))·(1/β) (SoftplusV2 in the 950
// kernel's order, 1/β = +inf when |β| <= FLT_EPSILON as its tiling sets it); computed in self's
// dtype, then cast to out's. 16-bit results round half away from zero on 950.
#include "aclnnop/aclnn_softplus.h"

#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/soc.h"
#include "elementwise/functors/gelu_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftplus";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kSoftplus, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int GetWorkspaceSize(const aclTensor* self, const aclScalar* beta, const aclScalar* threshold,
                     aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(beta);
  ACLCPU_CHECK_NOT_NULL(threshold);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);  // out: only CanCast(self -> out), as the vendor checks
  ACLCPU_RETURN_IF_ERROR(ops::CheckCanCast(kOpName, "beta", beta->dtype, "self", self->dtype));
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckCanCast(kOpName, "threshold", threshold->dtype, "self", self->dtype));
  ACLCPU_RETURN_IF_ERROR(ops::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  float b = 0.0f, t = 0.0f;
  double bExact = 0.0, tExact = 0.0;
  ScalarToFloat(beta->dtype, beta->value, &b);
  ScalarToDouble(beta->dtype, beta->value, &bExact);
  ScalarToFloat(threshold->dtype, threshold->value, &t);
  ScalarToDouble(threshold->dtype, threshold->value, &tExact);
  const bool tiny = std::fabs(b) <= FLT_EPSILON;
  const float inf = std::numeric_limits<float>::infinity();
  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  call.params.SetScalar(kernels::kSoftplusBeta, b, bExact);
  call.params.SetScalar(kernels::kSoftplusThreshold, t, tExact);
  call.params.SetScalar(kernels::kSoftplusInvBeta, tiny ? inf : 1.0f / b,
                        tiny ? inf : 1.0 / bExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftplusGetWorkspaceSize(const aclTensor* self, const aclScalar* beta,
                                          const aclScalar* threshold, aclTensor* out,
                                          uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("beta", beta).Scalar("threshold", threshold);
        c.Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(self, beta, threshold, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftplus)
