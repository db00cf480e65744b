// aclnnErfinv / aclnnInplaceErfinv: out = erfinv(self). FLOAT, FLOAT16, BFLOAT16 compute in their
// own dtype (fp32 arithmetic); integer and BOOL inputs are cast to FLOAT first, so their out must
// be a floating (or complex) dtype, and the inplace form on an integer tensor is refused.
#include "aclnnop/aclnn_erfinv.h"

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnErfinv";
constexpr const char* kInplaceName = "aclnnInplaceErfinv";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kErfinv, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BOOL,  ACL_INT8,
                                          ACL_INT16, ACL_INT32,   ACL_INT64, ACL_UINT8};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_BOOL, ACL_INT8,
                                              ACL_INT16, ACL_INT32,   ACL_INT64, ACL_UINT8};

aclDataType ComputeDtype(aclDataType self) {
  return self == ACL_FLOAT || self == ACL_FLOAT16 || self == ACL_BF16 ? self : ACL_FLOAT;
}

int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  const aclDataType compute = ComputeDtype(self->dtype);
  ACLCPU_RETURN_IF_ERROR(
      ops::hard::CheckCanCast(kOpName, compute == self->dtype ? "self" : "self (computed as FLOAT)",
                              compute, "out", out->dtype));
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);

  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, compute, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnErfinvGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceErfinvGetWorkspaceSize(const aclTensor* selfRef, uint64_t* workspaceSize,
                                               aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, selfRef, selfRef, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnErfinv)
ACLCPU_EXPORT_PHASE2(aclnnInplaceErfinv)
