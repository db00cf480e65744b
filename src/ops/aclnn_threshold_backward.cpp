// aclnnThresholdBackward: out = self <= threshold ? 0 : gradOutput (gradOutput and self
// broadcast). Like the vendor, a threshold with |t| <= FLT_EPSILON takes the ReluGrad kernel
// instead, which multiplies: out = gradOutput·(self <= 0 ? 0 : 1) (inf/NaN gradients give NaN
// there, negative ones −0). All three tensors share one dtype.
#include "aclnnop/aclnn_threshold_backward.h"

#include <cfloat>
#include <cmath>
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

constexpr const char* kOpName = "aclnnThresholdBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kThresholdDesc = {kernels::OpId::kThresholdBackward,
                                                 ops::ShapeRule::kBroadcast,
                                                 2,
                                                 1,
                                                 {"gradOutput", "self", "out"}};
constexpr ops::ElementwiseDesc kReluDesc = {
    kernels::OpId::kReluBackward, ops::ShapeRule::kBroadcast, 2, 1, {"gradOutput", "self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16,
                                              ACL_INT8,  ACL_UINT8, ACL_BF16};
// The 950 adds INT64, but only when the threshold is 0.
const std::vector<aclDataType> kDtypes950Zero = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8,
                                                 ACL_UINT8, ACL_BF16,  ACL_INT64};

const std::vector<aclDataType>& DtypesFor(const SocProfile& soc, float threshold) {
  if (soc.family == SocFamily::kAscend950 && threshold == 0.0f) return kDtypes950Zero;
  return soc.hasBf16 ? kDtypesBf16 : kDtypes;
}

// The vendor's null order: threshold, out, workspaceSize, gradOutput, self (it never checks
// executor; we refuse a null one after the tensors).
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* threshold,
                     const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(threshold);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  float t = 0;
  double tExact = 0;
  ScalarToFloat(threshold->dtype, threshold->value, &t);
  ScalarToDouble(threshold->dtype, threshold->value, &tExact);
  const std::vector<aclDataType>& dtypes = DtypesFor(*soc, t);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, gradOutput);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "self", self, "gradOutput", gradOutput, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "out", out, shape));

  const bool reluGrad = std::fabs(t) <= FLT_EPSILON;
  ops::ElementwiseCall call{
      kOpName, reluGrad ? &kReluDesc : &kThresholdDesc, {gradOutput, self}, {out}, self->dtype, {}};
  call.params.SetScalar(0, t, tExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                   const aclTensor* self,
                                                   const aclScalar* threshold, aclTensor* out,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Scalar("threshold", threshold);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, threshold, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnThresholdBackward)
