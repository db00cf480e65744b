// aclnnClippedSwigluGrad: the gradient of aclnnClippedSwiglu (clampMode 0) with the same
// merge / split of x:
//   x0' = min(x0, l), x1' = clamp(x1, -l, l), s = sigmoid(alpha x0')
//   g_x0 = gy (x1' + bias) s (1 + alpha x0' (1 - s)) [x0 <= l], g_x1 = gy x0' s [-l <= x1 <= l]
// (inclusive masks, as the kernel's LE / GE compares); rows at or past min(sum of
// groupIndexOptional, rows) are zeroed. Generated phase 1 on the vendor's side: nulls 161001,
// dtype 161002, shapes and attributes 561002 (its documentation).
#include "aclnnop/aclnn_clipped_swiglu_grad.h"

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

constexpr const char* kOpName = "aclnnClippedSwigluGrad";
namespace sc = ops::splitcheck;

int GetWorkspaceSize(const aclTensor* gradY, const aclTensor* x,
                     const aclTensor* groupIndexOptional, int64_t dim, double alpha, double limit,
                     double bias, bool interleaved, const aclTensor* gradXOut,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradY);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(gradXOut);
  ACLCPU_CHECK_LIVE_TENSOR(gradY);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(gradXOut);
  if (groupIndexOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(groupIndexOptional);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  if (!sc::IsA2OrA3(*soc) && !sc::Is950(*soc)) {
    return sc::RefuseChip(kOpName, *soc, invalid, "Atlas A2, A3 and Ascend 950");
  }
  static const std::vector<aclDataType> dtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", x->dtype, dtypes, *soc, invalid));
  ACLCPU_CHECK_SAME_DTYPE(x, gradY);
  ACLCPU_CHECK_SAME_DTYPE(x, gradXOut);
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  if (groupIndexOptional != nullptr) {
    ACLCPU_RETURN_IF_ERROR(sc::GroupIndex(kOpName, groupIndexOptional, invalid, tiling));
  }
  if (!(limit > 0.0)) {
    return Fail(tiling, std::string(kOpName) + ": limit " + std::to_string(limit) +
                            " must be greater than 0");
  }
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "x", x, 8, tiling));
  int d = 0;
  const int64_t rank = static_cast<int64_t>(x->viewShape.size());
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "x", tiling, &d));
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "x", x, d, tiling));
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, d, "gradY", gradY, tiling));
  if (gradXOut->viewShape != x->viewShape) {
    return Fail(tiling, std::string(kOpName) + ": gradXOut shape " +
                            opcheck::ShapeString(gradXOut->viewShape) + " must equal x shape " +
                            opcheck::ShapeString(x->viewShape));
  }
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = kernels::split::Op::kClippedSwigluGrad;
  plan.params.alpha = alpha;
  plan.params.limit = limit;
  plan.params.bias = bias;
  plan.mode = interleaved ? kernels::split::Mode::kInterleaved : kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = true;
  plan.backward = true;
  plan.x = x;
  plan.dy = gradY;
  plan.out = gradXOut;
  plan.xName = "x";
  plan.dyName = "gradY";
  plan.outName = "gradXOut";
  plan.groupIndex = groupIndexOptional;
  plan.takesGroupIndex = true;
  plan.groupSumInFloat = !sc::Is950(*soc);
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnClippedSwigluGradGetWorkspaceSize(const aclTensor* gradY, const aclTensor* x,
                                                   const aclTensor* groupIndexOptional, int64_t dim,
                                                   double alpha, double limit, double bias,
                                                   bool interleaved, const aclTensor* gradXOut,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnClippedSwigluGrad", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradY", gradY).Tensor("x", x).Tensor("groupIndexOptional", groupIndexOptional);
        c.Int("dim", dim).Float("alpha", alpha).Float("limit", limit).Float("bias", bias);
        c.Arg("interleaved", interleaved ? "true" : "false");
        c.Tensor("gradXOut", gradXOut);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradY, x, groupIndexOptional, dim, alpha, limit, bias,
                                        interleaved, gradXOut, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnClippedSwigluGrad)
