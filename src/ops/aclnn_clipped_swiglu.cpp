// aclnnClippedSwiglu / aclnnClippedSwigluV2: x merged to [rows = Π dims before dim, Π dims from
// dim], each row's block split front / back (interleaved = false) or into its even / odd
// elements (interleaved = true); only rows below min(sum of groupIndexOptional, rows) are
// written.
//   clampMode 0: A = min(A, limit), B = clamp(B, -limit, limit), y = A sigmoid(alpha A) (B + bias)
//   clampMode 1 (V2, Ascend 950): y = min(silu(A), limit) clamp(B, -limit, limit)
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002, tiling checks
// reported with the documented 161002 (docs/divergences.md).
#include "aclnnop/aclnn_clipped_swiglu.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

namespace sc = ops::splitcheck;

int GetWorkspaceSize(const char* kOpName, bool v2, const aclTensor* x,
                     const aclTensor* groupIndexOptional, int64_t dim, double alpha, double limit,
                     double bias, bool interleaved, int64_t clampMode, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  if (groupIndexOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(groupIndexOptional);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  if (v2 ? !sc::Is950(*soc) : !(sc::IsA2OrA3(*soc) || sc::Is950(*soc))) {
    return sc::RefuseChip(kOpName, *soc, code, v2 ? "Ascend 950" : "Atlas A2, A3 and Ascend 950");
  }
  static const std::vector<aclDataType> dtypes = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", x->dtype, dtypes, *soc, code));
  ACLCPU_CHECK_SAME_DTYPE(x, out);
  if (groupIndexOptional != nullptr) {
    ACLCPU_RETURN_IF_ERROR(sc::GroupIndex(kOpName, groupIndexOptional, code, code));
  }
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "x", x, 8, code));
  if (sc::Is950(*soc)) {  // the 950 tiling's own checks
    if (x->viewShape.empty()) {
      return Fail(code, std::string(kOpName) + ": x is 0-dimensional; it needs a dim to split");
    }
    if (!(limit > 0.0)) {
      return Fail(code, std::string(kOpName) + ": limit " + std::to_string(limit) +
                            " must be greater than 0");
    }
    if (clampMode != 0 && clampMode != 1) {
      return Fail(code, std::string(kOpName) + ": clampMode " + std::to_string(clampMode) +
                            " is not supported; expected 0 or 1");
    }
  }
  int d = 0;
  const int64_t rank = static_cast<int64_t>(x->viewShape.size());
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "x", code, &d));
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "x", x, d, code));
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, d, "out", out, code));
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  // The A2 / A3 tiling never reads clamp_mode: mode 1 exists on the 950 only.
  const bool mode1 = clampMode == 1 && sc::Is950(*soc);
  plan.kernel =
      mode1 ? kernels::split::Op::kClippedSwigluMode1 : kernels::split::Op::kClippedSwiglu;
  plan.params.alpha = alpha;
  plan.params.limit = limit;
  plan.params.bias = bias;
  plan.mode = interleaved ? kernels::split::Mode::kInterleaved : kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = true;
  plan.x = x;
  plan.out = out;
  plan.xName = "x";
  plan.groupIndex = groupIndexOptional;
  plan.takesGroupIndex = true;
  plan.groupSumInFloat = !sc::Is950(*soc);  // the A2 kernel sums in fp32
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnClippedSwigluGetWorkspaceSize(const aclTensor* x,
                                               const aclTensor* groupIndexOptional, int64_t dim,
                                               double alpha, double limit, double bias,
                                               bool interleaved, const aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnClippedSwiglu", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Tensor("groupIndexOptional", groupIndexOptional).Int("dim", dim);
        c.Float("alpha", alpha).Float("limit", limit).Float("bias", bias);
        c.Arg("interleaved", interleaved ? "true" : "false");
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnClippedSwiglu", false, x, groupIndexOptional, dim,
                                        alpha, limit, bias, interleaved, 0, out, workspaceSize,
                                        executor);
      });
}

aclnnStatus aclnnClippedSwigluV2GetWorkspaceSize(const aclTensor* x,
                                                 const aclTensor* groupIndexOptional, int64_t dim,
                                                 double alpha, double limit, double bias,
                                                 bool interleaved, int64_t clampMode,
                                                 const aclTensor* out, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnClippedSwigluV2", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Tensor("groupIndexOptional", groupIndexOptional).Int("dim", dim);
        c.Float("alpha", alpha).Float("limit", limit).Float("bias", bias);
        c.Arg("interleaved", interleaved ? "true" : "false");
        c.Int("clampMode", clampMode).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnClippedSwigluV2", true, x, groupIndexOptional, dim,
                                        alpha, limit, bias, interleaved, clampMode, out,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnClippedSwiglu)
ACLCPU_EXPORT_PHASE2(aclnnClippedSwigluV2)
