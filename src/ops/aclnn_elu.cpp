// aclnnElu / aclnnInplaceElu: out = scale·x for x > 0, α·scale·(exp(x·inputScale) − 1) otherwise.
// FLOAT, FLOAT16, BFLOAT16: the AICore kernel in fp32 (expm1 by a polynomial near 0), 16-bit
// narrowed nearest-even. DOUBLE: the AICPU kernel in double, its scalars rounded to 6 decimals.
// α or inputScale inf/NaN: the vendor's Threshold path, (x ≤ 0 ? −α : x)·scale in fp32 for every
// dtype. The result is cast to out's dtype.
#include "aclnnop/aclnn_elu.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "elementwise/functors/hard_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnElu";
constexpr const char* kInplaceName = "aclnnInplaceElu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kElu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

// The AICPU kernel reads each float attribute through std::to_string (6 decimals) and atof.
double SixDecimals(float v) { return std::atof(std::to_string(v).c_str()); }

// The vendor has no OP_CHECK_COMM_INPUT here; we refuse null workspaceSize / executor after the
// tensor and scalar null checks.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclScalar* alpha,
                     const aclScalar* scale, const aclScalar* inputScale, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(alpha);
  ACLCPU_CHECK_NOT_NULL(scale);
  ACLCPU_CHECK_NOT_NULL(inputScale);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "scale", scale));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "alpha", alpha));
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "inputScale", inputScale));
  ACLCPU_RETURN_IF_ERROR(ops::hard::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);

  float a = 0, s = 0, is = 0;
  double ad = 0, sd = 0, isd = 0;
  ops::hard::ReadScalar(alpha, &a, &ad);
  ops::hard::ReadScalar(scale, &s, &sd);
  ops::hard::ReadScalar(inputScale, &is, &isd);
  const bool threshold = !std::isfinite(a) || !std::isfinite(is);
  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  if (threshold) {
    call.computeDtype = ACL_FLOAT;  // the Threshold path casts self to FLOAT first
    call.params.mode = kernels::kEluThreshold;
  }
  call.params.SetScalar(0, a, ad);
  call.params.SetScalar(1, s, sd);
  call.params.SetScalar(2, is, isd);
  call.params.SetScalar(3, a, SixDecimals(a));
  call.params.SetScalar(4, s, SixDecimals(s));
  call.params.SetScalar(5, is, SixDecimals(is));
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnEluGetWorkspaceSize(const aclTensor* self, const aclScalar* alpha,
                                     const aclScalar* scale, const aclScalar* inputScale,
                                     aclTensor* out, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("alpha", alpha).Scalar("scale", scale);
        c.Scalar("inputScale", inputScale).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, alpha, scale, inputScale, out,
                                        workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceEluGetWorkspaceSize(aclTensor* selfRef, const aclScalar* alpha,
                                            const aclScalar* scale, const aclScalar* inputScale,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef).Scalar("alpha", alpha).Scalar("scale", scale);
        c.Scalar("inputScale", inputScale);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, selfRef, alpha, scale, inputScale,
                                        selfRef, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnElu)
ACLCPU_EXPORT_PHASE2(aclnnInplaceElu)
