// aclnnGluBackward: with s = sigmoid(b), grad_a = gradOut s and grad_b = grad_a (a - a s),
// concatenated along dim into out. Hand-written phase 1 (activation/glu_grad op_api): the
// vendor's order and codes.
#include "aclnnop/aclnn_glu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGluBackward";
namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
  return (sc::IsA2OrA3(soc) || sc::Is950(soc)) ? kFirst : kSecond;
}

int GetWorkspaceSize(const aclTensor* gradOut, const aclTensor* self, int64_t dim,
                     const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gradOut);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gradOut);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "self", self->dtype, Dtypes(*soc), *soc, code));
  ACLCPU_CHECK_SAME_DTYPE(self, gradOut);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "self", self, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "out", out, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "gradOut", gradOut, 8, code));
  if (self->viewShape.empty()) {
    return Fail(code, std::string(kOpName) + ": self is 0-dimensional; it needs a dim to split");
  }
  int d = 0;
  const int64_t rank = static_cast<int64_t>(self->viewShape.size());
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "self", code, &d));
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "self", self, d, code));
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "self", self, d, "gradOut", gradOut, code));
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  // Off the 950 GLUGrad kernel, the composite chain widens only fp16; bf16 runs op by op in bf16.
  const bool bf16Steps = self->dtype == ACL_BF16 && !sc::Is950(*soc);
  plan.kernel = bf16Steps ? kernels::split::Op::kGluGradBf16Steps : kernels::split::Op::kGluGrad;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = false;  // the gate is the second half
  plan.backward = true;
  plan.x = self;
  plan.dy = gradOut;
  plan.out = out;
  plan.xName = "self";
  plan.dyName = "gradOut";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGluBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclTensor* self,
                                             int64_t dim, const aclTensor* out,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGluBackward", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOut", gradOut).Tensor("self", self).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(gradOut, self, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnGluBackward)
