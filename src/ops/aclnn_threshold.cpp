// aclnnThreshold / aclnnInplaceThreshold: out = self <= threshold ? value : self (NaN passes),
// in self's dtype with both scalars first converted to it (a static_cast, as the vendor's
// ConvertToTensor: 4.1 is 4 for an integer self); integer dtypes exactly; then cast to out.
#include "aclnnop/aclnn_threshold.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"
#include "ops/relu_checks.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnThreshold";
constexpr const char* kInplaceName = "aclnnInplaceThreshold";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kThreshold, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8,
                                          ACL_UINT8, ACL_INT16, ACL_INT64};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8,
                                              ACL_UINT8, ACL_INT16, ACL_INT64,   ACL_BF16};

// OP_CHECK_COMM_INPUT first, then the nulls in the vendor's order (self, out, threshold, value).
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclScalar* threshold,
                     const aclScalar* value, const aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(threshold);
  ACLCPU_CHECK_NOT_NULL(value);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  if (soc->family != SocFamily::kAscend950) {  // checked only before the 950
    ACLCPU_RETURN_IF_ERROR(relu::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  }
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  relu::ScalarAsDtype(threshold, self->dtype, 0, &call.params);
  relu::ScalarAsDtype(value, self->dtype, 1, &call.params);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor* self, const aclScalar* threshold,
                                           const aclScalar* value, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("threshold", threshold).Scalar("value", value);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, threshold, value, out, workspaceSize,
                                        executor);
      });
}

aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor* selfRef, const aclScalar* threshold,
                                                  const aclScalar* value, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef).Scalar("threshold", threshold).Scalar("value", value);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, selfRef, threshold, value, selfRef,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnThreshold)
ACLCPU_EXPORT_PHASE2(aclnnInplaceThreshold)
