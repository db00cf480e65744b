// aclnnSwigluGroupQuantGrad (Ascend 950): the backward of the grouped, weighted, clamped SwiGLU
// (kernels/quant/swiglu_quant_grad.h for the formula). Generated phase 1 on the vendor's side:
// nulls 161001, dtype columns 161002, its tiling's checks 561002 (the documented code), in the
// tiling's order.
#include "aclnnop/aclnn_swiglu_group_quant_grad.h"

#include <cmath>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/swiglu_quant_grad_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSwigluGroupQuantGrad";
namespace sc = ops::splitcheck;

int Bad(int code, const std::string& text) {
  return Fail(code, std::string(kOpName) + ": " + text);
}
std::string Shape(const aclTensor* t) { return opcheck::ShapeString(t->viewShape); }

// The def table's columns: gradY = x = yOrigin = gradX in {FLOAT16, BF16, FLOAT}, weight and
// gradWeight FLOAT, groupIndex INT64.
int CheckDtypes(const aclTensor* gradY, const aclTensor* x, const aclTensor* weight,
                const aclTensor* yOrigin, const aclTensor* groupIndex, const aclTensor* gradX,
                const aclTensor* gradWeight, const SocProfile& soc) {
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  static const std::vector<aclDataType> kFloats = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
  static const std::vector<aclDataType> kFloat = {ACL_FLOAT};
  static const std::vector<aclDataType> kInt64 = {ACL_INT64};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "gradY", gradY->dtype, kFloats, soc, invalid));
  ACLCPU_CHECK_SAME_DTYPE(gradY, x);
  if (weight != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "weightOptional", weight->dtype, kFloat, soc, invalid));
  }
  if (yOrigin != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        opcheck::SameDtype(kOpName, "gradY", gradY->dtype, "yOriginOptional", yOrigin->dtype));
  }
  if (groupIndex != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "groupIndexOptional", groupIndex->dtype, kInt64, soc, invalid));
  }
  ACLCPU_RETURN_IF_ERROR(
      opcheck::SameDtype(kOpName, "gradY", gradY->dtype, "gradXOut", gradX->dtype));
  if (gradWeight != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "gradWeightOutOptional", gradWeight->dtype, kFloat, soc, invalid));
  }
  return ACLNN_SUCCESS;
}

bool SameDims(const aclTensor* a, const aclTensor* b) { return a->viewShape == b->viewShape; }

// The vendor's tiling checks (561002): clamp, shapes of the inputs, then of the outputs.
int CheckTiling(const aclTensor* gradY, const aclTensor* x, const aclTensor* weight,
                const aclTensor* yOrigin, const aclTensor* groupIndex, double clampLimit,
                const aclTensor* gradX, const aclTensor* gradWeight) {
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  const float c = static_cast<float>(clampLimit);
  if (std::fabs(c + 1.0f) > 1e-6f && !(c > 0.0f)) {
    return Bad(tiling, "clampLimit " + std::to_string(clampLimit) +
                           " must be -1 (no clamp) or greater than 0");
  }
  const size_t rank = x->viewShape.size();
  if (gradY->viewShape.empty() || rank == 0) {
    return Bad(tiling, "gradY shape " + Shape(gradY) + " and x shape " + Shape(x) +
                           " must have at least 1 dim");
  }
  if (gradY->viewShape.size() != rank) {
    return Bad(tiling,
               "gradY shape " + Shape(gradY) + " must have the rank of x shape " + Shape(x));
  }
  for (size_t i = 0; i + 1 < rank; ++i) {
    if (gradY->viewShape[i] != x->viewShape[i]) {
      return Bad(tiling, "gradY shape " + Shape(gradY) + " must equal x shape " + Shape(x) +
                             " except the last dim");
    }
  }
  const int64_t last = x->viewShape.back();
  if (last % 2 != 0) return Bad(tiling, "x shape " + Shape(x) + " needs an even last dim");
  if (gradY->viewShape.back() != last / 2) {
    return Bad(tiling, "gradY shape " + Shape(gradY) + " must have half of x's last dim (" +
                           std::to_string(last) + ")");
  }
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < rank; ++i) rows *= x->viewShape[i];
  if (weight != nullptr && sc::Numel(weight) != rows) {
    return Bad(tiling, "weightOptional shape " + Shape(weight) + " must hold one value per row (" +
                           std::to_string(rows) + ")");
  }
  if (yOrigin != nullptr && !SameDims(yOrigin, gradY)) {
    return Bad(tiling, "yOriginOptional shape " + Shape(yOrigin) + " must equal gradY shape " +
                           Shape(gradY));
  }
  if (weight != nullptr && yOrigin == nullptr) {
    return Bad(tiling, "yOriginOptional must be given when weightOptional is");
  }
  if (groupIndex != nullptr && groupIndex->viewShape.size() != 1) {
    return Bad(tiling, "groupIndexOptional shape " + Shape(groupIndex) + " must be 1-D");
  }
  if (!SameDims(gradX, x)) {
    return Bad(tiling, "gradXOut shape " + Shape(gradX) + " must equal x shape " + Shape(x));
  }
  if (weight != nullptr) {
    if (gradWeight == nullptr) {
      return Bad(tiling, "gradWeightOutOptional must be given when weightOptional is");
    }
    if (!SameDims(gradWeight, weight)) {
      return Bad(tiling, "gradWeightOutOptional shape " + Shape(gradWeight) +
                             " must equal weightOptional shape " + Shape(weight));
    }
  }
  return ACLNN_SUCCESS;
}

int GetWorkspaceSize(const aclTensor* gradY, const aclTensor* x, const aclTensor* weightOptional,
                     const aclTensor* yOriginOptional, const aclTensor* groupIndexOptional,
                     double clampLimit, const aclTensor* gradXOut,
                     const aclTensor* gradWeightOutOptional, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradY);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(gradXOut);
  ACLCPU_CHECK_LIVE_TENSOR(gradY);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(gradXOut);
  if (weightOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(weightOptional);
  if (yOriginOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(yOriginOptional);
  if (groupIndexOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(groupIndexOptional);
  if (gradWeightOutOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(gradWeightOutOptional);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (!sc::Is950(*soc)) {
    return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_PARAM_INVALID, "Ascend 950");
  }
  ACLCPU_RETURN_IF_ERROR(CheckDtypes(gradY, x, weightOptional, yOriginOptional, groupIndexOptional,
                                     gradXOut, gradWeightOutOptional, *soc));
  ACLCPU_RETURN_IF_ERROR(CheckTiling(gradY, x, weightOptional, yOriginOptional, groupIndexOptional,
                                     clampLimit, gradXOut, gradWeightOutOptional));
  ops::SwigluQuantGradPlan plan;
  plan.opName = kOpName;
  plan.gradY = gradY;
  plan.x = x;
  plan.weight = weightOptional;
  plan.yOrigin = yOriginOptional;
  plan.groupIndex = groupIndexOptional;
  plan.gradX = gradXOut;
  plan.gradWeight = gradWeightOutOptional;
  const float c = static_cast<float>(clampLimit);
  plan.clamp = std::fabs(c + 1.0f) > 1e-6f ? c : -1.0f;
  plan.clampExact = plan.clamp > 0.0f ? clampLimit : -1.0;
  return ops::FinishSwigluQuantGradPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwigluGroupQuantGradGetWorkspaceSize(
    const aclTensor* gradY, const aclTensor* x, const aclTensor* weightOptional,
    const aclTensor* yOriginOptional, const aclTensor* groupIndexOptional, double clampLimit,
    const aclTensor* gradXOut, const aclTensor* gradWeightOutOptional, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradY", gradY).Tensor("x", x).Tensor("weightOptional", weightOptional);
        c.Tensor("yOriginOptional", yOriginOptional);
        c.Tensor("groupIndexOptional", groupIndexOptional).Float("clampLimit", clampLimit);
        c.Tensor("gradXOut", gradXOut).Tensor("gradWeightOutOptional", gradWeightOutOptional);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradY, x, weightOptional, yOriginOptional,
                                        groupIndexOptional, clampLimit, gradXOut,
                                        gradWeightOutOptional, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSwigluGroupQuantGrad)
