// aclnnSituGlu / aclnnSituGluGrad: the SiTU-gated unit, gate = first half of x along dim when
// activateLeft (the default), else the second:
//   situ = beta tanh(gate / beta) sigmoid(gate), up' = linearBeta tanh(up / linearBeta) when
//   linearBeta > 0 (else up), y = situ * up'; fp32 internally.
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002; tiling checks are
// reported with SituGlu's documented 161002 and, for the gradient, the tiling's 561002
// (docs/divergences.md).
#include "aclnnop/aclnn_situ_glu.h"

#include <cstring>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_situ_glu_grad.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

namespace sc = ops::splitcheck;

int GetWorkspaceSize(const char* kOpName, const aclTensor* gradY, const aclTensor* x, int64_t dim,
                     double beta, double linearBeta, bool activateLeft, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  const bool backward = gradY != nullptr || std::strcmp(kOpName, "aclnnSituGluGrad") == 0;
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  if (backward) ACLCPU_CHECK_NOT_NULL(gradY);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(out);
  if (backward) ACLCPU_CHECK_LIVE_TENSOR(gradY);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  if (!sc::IsA2OrA3(*soc) && !sc::Is950(*soc)) {
    return sc::RefuseChip(kOpName, *soc, invalid, "Atlas A2, A3 and Ascend 950");
  }
  static const std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", x->dtype, dtypes, *soc, invalid));
  if (backward) ACLCPU_CHECK_SAME_DTYPE(x, gradY);
  ACLCPU_CHECK_SAME_DTYPE(x, out);
  const int code = backward ? ACLNN_ERR_INNER_TILING_ERROR : invalid;
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "x", x, 8, code));
  int d = 0;
  const int64_t rank = static_cast<int64_t>(x->viewShape.size());
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "x", code, &d));
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "x", x, d, code));
  if (backward) {
    ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, d, "gradY", gradY, code));
    if (out->viewShape != x->viewShape) {
      return Fail(code, std::string(kOpName) + ": out shape " +
                            opcheck::ShapeString(out->viewShape) + " must equal x shape " +
                            opcheck::ShapeString(x->viewShape));
    }
  } else {
    ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, d, "out", out, code));
  }
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = backward ? kernels::split::Op::kSituGluGrad : kernels::split::Op::kSituGlu;
  plan.params.beta = beta;
  plan.params.linearBeta = linearBeta;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = activateLeft;
  plan.backward = backward;
  plan.x = x;
  plan.dy = gradY;
  plan.out = out;
  plan.xName = "x";
  plan.dyName = "gradY";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSituGluGetWorkspaceSize(const aclTensor* x, int64_t dim, double beta,
                                         double linearBeta, bool activateLeft, const aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSituGlu", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Int("dim", dim).Float("beta", beta).Float("linearBeta", linearBeta);
        c.Arg("activateLeft", activateLeft ? "true" : "false");
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnSituGlu", nullptr, x, dim, beta, linearBeta,
                                        activateLeft, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnSituGluGradGetWorkspaceSize(const aclTensor* gradY, const aclTensor* x,
                                             int64_t dim, double beta, double linearBeta,
                                             bool activateLeft, const aclTensor* out,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSituGluGrad", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradY", gradY).Tensor("x", x).Int("dim", dim).Float("beta", beta);
        c.Float("linearBeta", linearBeta).Arg("activateLeft", activateLeft ? "true" : "false");
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnSituGluGrad", gradY, x, dim, beta, linearBeta,
                                        activateLeft, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSituGlu)
ACLCPU_EXPORT_PHASE2(aclnnSituGluGrad)
