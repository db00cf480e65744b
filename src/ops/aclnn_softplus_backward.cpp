// aclnnSoftplusBackward: gradInput = g where β·x > threshold, else g / (1 + exp(−β·x))
// (SoftplusV2Grad). The kernel computes in the inputs' dtype when both are FLOAT, FLOAT16 or
// BFLOAT16 and equal, in FLOAT otherwise (DOUBLE included); the result is cast to gradInput's
// dtype. A null beta / threshold, which the vendor dereferences, is refused with 161001; one
// the vendor cannot convert to float (complex) reads as 0, as its ToFloat gives.
#include "aclnnop/aclnn_softplus_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/soc.h"
#include "elementwise/functors/gelu_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftplusBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSoftplusBackward,
                                        ops::ShapeRule::kSame,
                                        2,
                                        1,
                                        {"gradOutput", "self", "gradInput"}};
const std::vector<aclDataType> kGradDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
const std::vector<aclDataType> kGradDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
const std::vector<aclDataType> kSelfDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE,
                                              ACL_INT8,  ACL_INT16,   ACL_INT32,
                                              ACL_INT64, ACL_UINT8,   ACL_BOOL};
const std::vector<aclDataType> kSelfDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8,
                                                  ACL_INT16, ACL_INT32,   ACL_INT64,  ACL_UINT8,
                                                  ACL_BOOL,  ACL_BF16};

bool IsKernelDtype(aclDataType t) { return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16; }

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* beta,
                     const aclScalar* threshold, aclTensor* gradInput, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& gradDtypes = soc->hasBf16 ? kGradDtypesBf16 : kGradDtypes;
  ACLCPU_CHECK_DTYPE_IN(gradOutput, gradDtypes);
  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kSelfDtypesBf16 : kSelfDtypes);
  ACLCPU_CHECK_DTYPE_IN(gradInput, gradDtypes);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(gradInput, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, gradOutput);
  ACLCPU_CHECK_SAME_SHAPE(self, gradInput);
  // The vendor returns for empty tensors before it reads β and threshold (never checked there;
  // a null one is dereferenced): empty calls succeed whatever they are, others are refused.
  const bool empty =
      opcheck::IsEmpty(gradOutput) || opcheck::IsEmpty(self) || opcheck::IsEmpty(gradInput);
  if (!empty) {
    ACLCPU_CHECK_NOT_NULL(beta);
    ACLCPU_CHECK_NOT_NULL(threshold);
    ACLCPU_RETURN_IF_ERROR(opcheck::LiveScalar(kOpName, "beta", beta));
    ACLCPU_RETURN_IF_ERROR(opcheck::LiveScalar(kOpName, "threshold", threshold));
  }

  const bool native = IsKernelDtype(gradOutput->dtype) && gradOutput->dtype == self->dtype;
  ops::ElementwiseCall call{
      kOpName, &kDesc, {gradOutput, self}, {gradInput}, native ? self->dtype : ACL_FLOAT, {}};
  float b = 0.0f, t = 0.0f;
  double bExact = 0.0, tExact = 0.0;
  if (!empty) {
    // The vendor's ToFloat of a complex scalar (or any dtype it cannot convert) is 0.
    ops::hard::ReadScalar(beta, &b, &bExact);
    ops::hard::ReadScalar(threshold, &t, &tExact);
  }
  call.params.SetScalar(kernels::kSoftplusBeta, b, bExact);
  call.params.SetScalar(kernels::kSoftplusThreshold, t, tExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                  const aclTensor* self, const aclScalar* beta,
                                                  const aclScalar* threshold, aclTensor* gradInput,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self);
        c.Scalar("beta", beta).Scalar("threshold", threshold).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, beta, threshold, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftplusBackward)
