// aclnnLeakyRelu / aclnnInplaceLeakyRelu: out = self > 0 ? self : negativeSlope·self, computed in
// self's dtype (fp16/bf16 in fp32; DOUBLE in double with the float slope, as the vendor's AICPU
// kernel) and cast to out's dtype. negativeSlope's dtype is not checked; it is read as a float.
#include "aclnnop/aclnn_leaky_relu.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"
#include "ops/relu_checks.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnLeakyRelu";
constexpr const char* kInplaceName = "aclnnInplaceLeakyRelu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kLeakyRelu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

// The vendor checks neither workspaceSize nor executor; we refuse them after the tensors.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclScalar* negativeSlope,
                     const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(negativeSlope);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  ACLCPU_RETURN_IF_ERROR(relu::CheckCanCast(kOpName, "self", self->dtype, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  float slope = 0;
  double slopeExact = 0;
  ScalarToFloat(negativeSlope->dtype, negativeSlope->value, &slope);
  ScalarToDouble(negativeSlope->dtype, negativeSlope->value, &slopeExact);
  call.params.SetScalar(0, slope, slopeExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor* self, const aclScalar* negativeSlope,
                                           aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("negativeSlope", negativeSlope).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, negativeSlope, out, workspaceSize,
                                        executor);
      });
}

aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor* selfRef,
                                                  const aclScalar* negativeSlope,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef).Scalar("negativeSlope", negativeSlope);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, selfRef, negativeSlope, selfRef,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnLeakyRelu)
ACLCPU_EXPORT_PHASE2(aclnnInplaceLeakyRelu)
