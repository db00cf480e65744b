// aclnnSelu / aclnnInplaceSelu: out = λ·max(x, 0) + λα·(exp(min(x, 0)) − 1), computed in self's
// dtype by the chip generation's kernel and then cast to out's dtype (the two need not match).
#include "aclnnop/aclnn_selu.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSelu";
constexpr const char* kInplaceName = "aclnnInplaceSelu";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kSelu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8,
                                              ACL_BF16};

// `api` is the public name (the inplace twin runs this with out = selfRef). The vendor checks
// neither workspaceSize nor executor; we refuse them after the tensors.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_CHECK_SAME_SHAPE(self, out);  // no rank limit

  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor* self, aclTensor* out,
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

aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
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

ACLCPU_EXPORT_PHASE2(aclnnSelu)
ACLCPU_EXPORT_PHASE2(aclnnInplaceSelu)
