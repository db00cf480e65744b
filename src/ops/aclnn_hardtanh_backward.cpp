// aclnnHardtanhBackward: out = ((self > min && self < max) || self is NaN) ? gradOutput : 0, the
// compares in fp32 (gradOutput passes through unchanged). min > max is not refused (every
// non-NaN self then gives 0). gradOutput and self share dtype and shape; out may have another
// dtype of the list (the vendor does no Cast and leaves it to the kernel: we cast to it).
#include "aclnnop/aclnn_hardtanh_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardtanhBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHardtanhBackward, ops::ShapeRule::kSame, 2, 1, {"gradOutput", "self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// OP_CHECK_COMM_INPUT, then the nulls in the vendor's order: self, gradOutput, out, min, max.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* min,
                     const aclScalar* max, const aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(min);
  ACLCPU_CHECK_NOT_NULL(max);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, gradOutput);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, gradOutput);
  ACLCPU_CHECK_SAME_SHAPE(self, out);  // not checked by the vendor's op_api (divergences.md)

  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {out}, gradOutput->dtype, {}};
  float lo = 0, hi = 0;
  double loExact = 0, hiExact = 0;
  ScalarToFloat(min->dtype, min->value, &lo);
  ScalarToDouble(min->dtype, min->value, &loExact);
  ScalarToFloat(max->dtype, max->value, &hi);
  ScalarToDouble(max->dtype, max->value, &hiExact);
  call.params.SetScalar(0, lo, loExact);
  call.params.SetScalar(1, hi, hiExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardtanhBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                  const aclTensor* self, const aclScalar* min,
                                                  const aclScalar* max, aclTensor* out,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self);
        c.Scalar("min", min).Scalar("max", max).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, min, max, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnHardtanhBackward)
