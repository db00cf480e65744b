// aclnnSoftmax: out = exp(self - max) / sum(exp(self - max)) along dim. Computed in self's dtype
// (fp32 inside for FLOAT16/BFLOAT16, double for DOUBLE), then cast to out's dtype.
#include "aclnnop/aclnn_softmax.h"

#include <vector>

#include "ops/op_export.h"
#include "ops/reduce_plan.h"
#include "ops/softmax_common.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftmax";
constexpr size_t kMaxRank = 8;
const std::vector<aclDataType> kDtypesA2ToE = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
const std::vector<aclDataType> kDtypesOther = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};

int GetWorkspaceSize(const aclTensor* self, int64_t dim, aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  ACLCPU_CHECK_SOC(soc);
  ops::ReducePlan plan;
  plan.opName = kOpName;
  plan.op = kernels::rowwise::ReduceOp::kSoftmax;
  // The vendor returns before any other check when self is empty.
  if (opcheck::IsEmpty(self)) {
    plan.empty = true;
    return ops::FinishReducePlan(plan, workspaceSize, executor);
  }
  const std::vector<aclDataType>& dtypes = ops::InA2ToE(*soc) ? kDtypesA2ToE : kDtypesOther;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_RETURN_IF_ERROR(ops::NormalizeDim(kOpName, "self", self, dim, &plan.dim));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  plan.computeF64 = self->dtype == ACL_DOUBLE;
  plan.in[0] = {self, "self", self->dtype};
  plan.out[0] = {out, "out", self->dtype};  // rounded to self's dtype, then cast
  plan.empty = opcheck::IsEmpty(out);
  return ops::FinishReducePlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor* self, int64_t dim, aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSoftmax", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftmax)
