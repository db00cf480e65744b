// aclnnGeluMul: out = gelu(x1) * x2, x1 / x2 the halves of input's last dim, fp32 internally.
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002, tiling checks
// 561002 (docs/divergences.md).
#include "aclnnop/aclnn_gelu_mul.h"

#include <cstring>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGeluMul";
namespace sc = ops::splitcheck;

int GetWorkspaceSize(const aclTensor* input, const char* approximateOptional, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(input);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(input);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (!sc::IsA2OrA3(*soc) && !sc::Is950(*soc)) {
    return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_PARAM_INVALID, "Atlas A2, A3 and Ascend 950");
  }
  static const std::vector<aclDataType> dtypes = {ACL_BF16, ACL_FLOAT16, ACL_FLOAT};
  ACLCPU_RETURN_IF_ERROR(
      sc::DtypeOnChip(kOpName, "input", input->dtype, dtypes, *soc, ACLNN_ERR_PARAM_INVALID));
  ACLCPU_CHECK_SAME_DTYPE(input, out);
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  const char* approximate = approximateOptional == nullptr ? "none" : approximateOptional;
  const bool tanh = std::strcmp(approximate, "tanh") == 0;
  if (!tanh && std::strcmp(approximate, "none") != 0) {
    return Fail(tiling, std::string(kOpName) + ": approximateOptional \"" + approximate +
                            "\" is not supported; expected \"none\" or \"tanh\"");
  }
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "input", input, 8, tiling));
  ACLCPU_RETURN_IF_ERROR(sc::LastDimSplit(kOpName, "input", input, tiling));
  ACLCPU_RETURN_IF_ERROR(sc::HalfElements(kOpName, "input", input, "out", out, tiling));
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = tanh ? kernels::split::Op::kGeluMulTanh : kernels::split::Op::kGeluMulErf;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = static_cast<int>(input->viewShape.size()) - 1;
  plan.activateFirst = true;
  plan.x = input;
  plan.out = out;
  plan.xName = "input";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluMulGetWorkspaceSize(const aclTensor* input, char* approximateOptional,
                                         const aclTensor* out, uint64_t* workspaceSize,
                                         aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGeluMul", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("input", input).Text("approximateOptional", approximateOptional);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(input, approximateOptional, out, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnGeluMul)
