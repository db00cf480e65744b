// aclnnLogSoftmax: out = (self - max) - log(sum(exp(self - max))) along dim. The vendor first
// casts self to out's dtype, then computes in that dtype (fp32 inside for FLOAT16/BFLOAT16).
#include "aclnnop/aclnn_logsoftmax.h"

#include <vector>

#include "ops/op_export.h"
#include "ops/reduce_plan.h"
#include "ops/softmax_common.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnLogSoftmax";
constexpr size_t kMaxRank = 8;
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

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
  plan.op = kernels::rowwise::ReduceOp::kLogSoftmax;
  ACLCPU_RETURN_IF_ERROR(ops::NormalizeDim(kOpName, "self", self, dim, &plan.dim));
  ACLCPU_RETURN_IF_ERROR(ops::Bf16OnChip(kOpName, "self", self, *soc));
  ACLCPU_RETURN_IF_ERROR(ops::Bf16OnChip(kOpName, "out", out, *soc));
  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, kDtypes);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  plan.computeF64 = out->dtype == ACL_DOUBLE;
  plan.in[0] = {self, "self", out->dtype};  // self cast to out's dtype first
  plan.out[0] = {out, "out", out->dtype};
  plan.empty = opcheck::IsEmpty(self);
  return ops::FinishReducePlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor* self, int64_t dim, aclTensor* out,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnLogSoftmax", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnLogSoftmax)
