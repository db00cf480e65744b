// aclnnSoftmaxBackward: out = output * (gradOutput - sum(gradOutput * output)) along dim, in
// fp32 for every input dtype, rounded to gradOutput's dtype, then cast to out's dtype.
#include "aclnnop/aclnn_softmax_backward.h"

#include <vector>

#include "ops/op_export.h"
#include "ops/reduce_plan.h"
#include "ops/softmax_common.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftmaxBackward";
constexpr size_t kMaxRank = 8;
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* output, int64_t dim,
                     aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(output);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(output);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  ACLCPU_CHECK_SOC(soc);
  ops::ReducePlan plan;
  plan.opName = kOpName;
  plan.op = kernels::rowwise::ReduceOp::kSoftmaxGrad;
  // Outside Ascend 950 the vendor returns before any other check when an input is empty.
  if (soc->family != SocFamily::kAscend950 &&
      (opcheck::IsEmpty(gradOutput) || opcheck::IsEmpty(output))) {
    plan.empty = true;
    return ops::FinishReducePlan(plan, workspaceSize, executor);
  }
  ACLCPU_RETURN_IF_ERROR(ops::Bf16OnChip(kOpName, "gradOutput", gradOutput, *soc));
  ACLCPU_CHECK_DTYPE_IN(gradOutput, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(output, kDtypes);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, output);
  ACLCPU_RETURN_IF_ERROR(ops::CastableOutput(kOpName, "out", out));
  ACLCPU_RETURN_IF_ERROR(ops::NormalizeDim(kOpName, "gradOutput", gradOutput, dim, &plan.dim));
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, output);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, out);

  plan.in[0] = {output, "output", output->dtype};
  plan.in[1] = {gradOutput, "gradOutput", gradOutput->dtype};
  plan.apiSwapsIn = true;  // the executor's input 0 is gradOutput, as the API lists them
  plan.out[0] = {out, "out", gradOutput->dtype};  // the kernel's dtype, then the cast
  plan.empty = opcheck::IsEmpty(gradOutput);
  return ops::FinishReducePlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                 const aclTensor* output, int64_t dim,
                                                 aclTensor* out, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSoftmaxBackward", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("output", output).Int("dim", dim);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, output, dim, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftmaxBackward)
