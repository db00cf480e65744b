// aclnnSwigluGroup (Ascend 950): A / B the halves of x's last dim, clamped when clampLimit > 0
// (A = min(A, c), B = clamp(B, -c, c)); y = silu(A) B, times weightOptional[row] when given;
// only rows below min(sum of groupIndexOptional, rows) are written.
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002, tiling checks
// 561002 (its documentation).
#include "aclnnop/aclnn_swiglu_group.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSwigluGroup";
namespace sc = ops::splitcheck;

int GetWorkspaceSize(const aclTensor* x, const aclTensor* weightOptional,
                     const aclTensor* groupIndexOptional, double clampLimit, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  if (weightOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(weightOptional);
  if (groupIndexOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(groupIndexOptional);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  if (!sc::Is950(*soc)) return sc::RefuseChip(kOpName, *soc, invalid, "Ascend 950");
  static const std::vector<aclDataType> dtypes = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", x->dtype, dtypes, *soc, invalid));
  ACLCPU_CHECK_SAME_DTYPE(x, out);
  static const std::vector<aclDataType> kWeightDtypes = {ACL_FLOAT};
  if (weightOptional != nullptr) {
    ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "weightOptional", weightOptional->dtype,
                                           kWeightDtypes, *soc, invalid));
  }
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  if (groupIndexOptional != nullptr) {
    ACLCPU_RETURN_IF_ERROR(sc::GroupIndex(kOpName, groupIndexOptional, invalid, tiling));
    if (sc::Numel(groupIndexOptional) == 0) {
      return Fail(tiling, std::string(kOpName) + ": groupIndexOptional is empty");
    }
  }
  if (clampLimit != -1.0 && !(clampLimit > 0.0)) {
    return Fail(tiling, std::string(kOpName) + ": clampLimit " + std::to_string(clampLimit) +
                            " must be -1 (no clamp) or greater than 0");
  }
  const std::string xShape = opcheck::ShapeString(x->viewShape);
  if (x->viewShape.empty() || x->viewShape.size() > 8) {
    return Fail(tiling, std::string(kOpName) + ": x shape " + xShape + " must have 1 to 8 dims");
  }
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < x->viewShape.size(); ++i) rows *= x->viewShape[i];
  const int64_t last = x->viewShape.back();
  if (rows <= 0 || last <= 0 || last % 2 != 0) {
    return Fail(tiling, std::string(kOpName) + ": x shape " + xShape +
                            " needs at least one row and an even, non-zero last dim");
  }
  if (weightOptional != nullptr &&
      (weightOptional->viewShape.empty() || weightOptional->viewShape.size() > 8 ||
       sc::Numel(weightOptional) != rows)) {
    return Fail(tiling, std::string(kOpName) + ": weightOptional shape " +
                            opcheck::ShapeString(weightOptional->viewShape) + " must have 1 to 8 " +
                            "dims and one element per row of x (" + std::to_string(rows) + ")");
  }
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, static_cast<int>(x->viewShape.size()) - 1,
                                         "out", out, tiling));
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = weightOptional != nullptr ? kernels::split::Op::kSwigluGroupWeighted
                                          : kernels::split::Op::kSwigluGroup;
  plan.params.limit = clampLimit > 0.0 ? clampLimit : -1.0;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = static_cast<int>(x->viewShape.size()) - 1;
  plan.activateFirst = true;
  plan.x = x;
  plan.out = out;
  plan.xName = "x";
  plan.extraKind = ops::SplitOpPlan::Extra::kPerRow;
  plan.extra = weightOptional;
  plan.extraName = "weightOptional";
  plan.groupIndex = groupIndexOptional;
  plan.takesGroupIndex = true;
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwigluGroupGetWorkspaceSize(const aclTensor* x, const aclTensor* weightOptional,
                                             const aclTensor* groupIndexOptional, double clampLimit,
                                             const aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSwigluGroup", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Tensor("weightOptional", weightOptional);
        c.Tensor("groupIndexOptional", groupIndexOptional).Float("clampLimit", clampLimit);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(x, weightOptional, groupIndexOptional, clampLimit, out,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSwigluGroup)
