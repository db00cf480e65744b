// aclnnLeakyReluBackward: out = self > 0 ? gradOutput : gradOutput·negativeSlope, with gradOutput
// and self broadcast and promoted to a common dtype (fp16/bf16 computed in fp32, DOUBLE in double
// with the float slope as the vendor's AICPU kernel), then cast to out's dtype. selfIsResult only
// adds a check (a negative slope is refused); the arithmetic is the same.
#include "aclnnop/aclnn_leaky_relu_backward.h"

#include <string>
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

constexpr const char* kOpName = "aclnnLeakyReluBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kLeakyReluBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
const std::vector<aclDataType> kSlopeDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE,
                                               ACL_INT32, ACL_INT64,   ACL_INT8,
                                               ACL_UINT8, ACL_BOOL,    ACL_INT16};
const std::vector<aclDataType> kSlopeDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT32,
                                                   ACL_INT64, ACL_INT8,    ACL_UINT8,  ACL_BOOL,
                                                   ACL_INT16, ACL_BF16};

// The vendor checks neither workspaceSize nor executor; we refuse them after the tensors.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                     const aclScalar* negativeSlope, bool selfIsResult, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(negativeSlope);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(negativeSlope, soc->hasBf16 ? kSlopeDtypesBf16 : kSlopeDtypes);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "self", self, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "out", out, shape));

  float slope = 0;
  double slopeExact = 0;
  ScalarToFloat(negativeSlope->dtype, negativeSlope->value, &slope);
  ScalarToDouble(negativeSlope->dtype, negativeSlope->value, &slopeExact);
  if (selfIsResult && slopeExact < 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": negativeSlope " +
                                             std::to_string(slopeExact) +
                                             " must not be negative when selfIsResult is true");
  }
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(
      relu::CheckPromote(kOpName, "gradOutput", gradOutput->dtype, "self", self->dtype, &promoted));
  ACLCPU_RETURN_IF_ERROR(relu::CheckCanCast(kOpName, "the promoted", promoted, "out", out->dtype));

  ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, self}, {out}, promoted, {}};
  call.params.SetScalar(0, slope, slopeExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclScalar* negativeSlope,
    bool selfIsResult, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self);
        c.Scalar("negativeSlope", negativeSlope);
        c.Arg("selfIsResult", selfIsResult ? "true" : "false");
        c.Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, negativeSlope, selfIsResult, out,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnLeakyReluBackward)
