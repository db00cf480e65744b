// aclnnGeGluBackward / aclnnGeGluV3Backward: from the saved gelu of the gate half, the other half
// receives gradOutput * gelu and the gate half gelu'(gate) * (gradOutput * other), written into
// gradInput in self's half order. Hand-written phase 1 (activation/ge_glu_grad_v2 op_api): the
// vendor's order and codes.
#include "aclnnop/aclnn_geglu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT16, ACL_FLOAT};
  return (sc::IsA2OrA3(soc) || sc::Is950(soc)) ? kFirst : kSecond;
}

int GetWorkspaceSize(const char* kOpName, const aclTensor* gradOutput, const aclTensor* self,
                     const aclTensor* gelu, int64_t dim, int64_t approximate, bool activateLeft,
                     aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(gelu);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(gelu);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  ACLCPU_RETURN_IF_ERROR(
      sc::DtypeOnChip(kOpName, "gradOutput", gradOutput->dtype, Dtypes(*soc), *soc, code));
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, self);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gelu);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gelu);
  ACLCPU_CHECK_SAME_SHAPE(self, gradInput);
  const int64_t rank = std::max<int64_t>(static_cast<int64_t>(self->viewShape.size()), 1);
  int d = 0;
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "self", code, &d));
  if (static_cast<int64_t>(gradOutput->viewShape.size()) != rank || self->viewShape.empty()) {
    return Fail(code, std::string(kOpName) + ": gradOutput shape " +
                          opcheck::ShapeString(gradOutput->viewShape) + " must have the rank of " +
                          "self shape " + opcheck::ShapeString(self->viewShape) +
                          " with the split dim halved");
  }
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "self", self, d, code));
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "self", self, d, "gradOutput", gradOutput, code));
  // The vendor states no rank limit here; views of more than 8 dims are refused as elsewhere.
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "self", self, 8, code));
  if (approximate != 0 && approximate != 1) {
    return Fail(code, std::string(kOpName) + ": approximate " + std::to_string(approximate) +
                          " is not supported; expected 0 (erf) or 1 (tanh)");
  }
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel =
      approximate == 0 ? kernels::split::Op::kGeGluGradErf : kernels::split::Op::kGeGluGradTanh;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = activateLeft;
  plan.backward = true;
  plan.x = self;
  plan.dy = gradOutput;
  plan.saved = gelu;
  plan.out = gradInput;
  plan.xName = "self";
  plan.dyName = "gradOutput";
  plan.savedName = "gelu";
  plan.outName = "gradInput";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeGluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                               const aclTensor* gelu, int64_t dim,
                                               int64_t approximate, aclTensor* gradInput,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGeGluBackward", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("gelu", gelu);
        c.Int("dim", dim).Int("approximate", approximate).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnGeGluBackward", gradOutput, self, gelu, dim,
                                        approximate, false, gradInput, workspaceSize, executor);
      });
}

aclnnStatus aclnnGeGluV3BackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                 const aclTensor* gelu, int64_t dim,
                                                 int64_t approximate, bool activateLeft,
                                                 aclTensor* gradInput, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGeGluV3Backward", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("gelu", gelu);
        c.Int("dim", dim).Int("approximate", approximate);
        c.Arg("activateLeft", activateLeft ? "true" : "false");
        c.Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnGeGluV3Backward", gradOutput, self, gelu, dim,
                                        approximate, activateLeft, gradInput, workspaceSize,
                                        executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnGeGluBackward)
ACLCPU_EXPORT_PHASE2(aclnnGeGluV3Backward)
