// aclnnFatreluMul: out = (x1 > threshold ? x1 : 0) * x2, x1 / x2 the halves of input's last dim,
// fp32 internally; the kernel keeps x1 only when strictly greater (the doc says >=).
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002, tiling checks
// 561002 (docs/divergences.md).
#include "aclnnop/aclnn_fatrelu_mul.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnFatreluMul";
namespace sc = ops::splitcheck;

int GetWorkspaceSize(const aclTensor* input, const aclTensor* threshold, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(input);
  ACLCPU_CHECK_NOT_NULL(threshold);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(input);
  ACLCPU_CHECK_LIVE_TENSOR(threshold);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (!sc::IsA2OrA3(*soc)) {
    return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_PARAM_INVALID, "Atlas A2 and A3");
  }
  static const std::vector<aclDataType> dtypes = {ACL_BF16, ACL_FLOAT16, ACL_FLOAT};
  ACLCPU_RETURN_IF_ERROR(
      sc::DtypeOnChip(kOpName, "input", input->dtype, dtypes, *soc, ACLNN_ERR_PARAM_INVALID));
  ACLCPU_CHECK_SAME_DTYPE(input, threshold);
  ACLCPU_CHECK_SAME_DTYPE(input, out);
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "input", input, 8, tiling));
  if (input->viewShape.size() < 2) {
    return Fail(tiling, std::string(kOpName) + ": input shape " +
                            opcheck::ShapeString(input->viewShape) + " needs at least 2 dims");
  }
  if (input->viewShape.back() == 0) {
    return Fail(tiling, std::string(kOpName) + ": input shape " +
                            opcheck::ShapeString(input->viewShape) + " has an empty last dim");
  }
  if (sc::Numel(threshold) != 1) {
    return Fail(tiling, std::string(kOpName) + ": threshold shape " +
                            opcheck::ShapeString(threshold->viewShape) +
                            " must hold exactly one element");
  }
  ACLCPU_RETURN_IF_ERROR(sc::LastDimSplit(kOpName, "input", input, tiling));
  ACLCPU_RETURN_IF_ERROR(sc::HalfElements(kOpName, "input", input, "out", out, tiling));
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = kernels::split::Op::kFatreluMul;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = static_cast<int>(input->viewShape.size()) - 1;
  plan.activateFirst = true;
  plan.x = input;
  plan.out = out;
  plan.extraKind = ops::SplitOpPlan::Extra::kScalar;
  plan.extra = threshold;
  plan.xName = "input";
  plan.extraName = "threshold";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnFatreluMulGetWorkspaceSize(const aclTensor* input, const aclTensor* threshold,
                                            const aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnFatreluMul", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("input", input).Tensor("threshold", threshold).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(input, threshold, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnFatreluMul)
