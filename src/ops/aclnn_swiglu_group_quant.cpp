// aclnnSwigluGroupQuant (Ascend 950): the grouped SwiGLU of aclnnSwigluGroup quantized by
// quantMode (kernels/quant/swiglu_group_quant.h for the arithmetic of each mode). Generated
// phase 1 on the vendor's side: nulls 161001, the def table's dtype columns 161002, then the
// tiling of the mode (0/1: FLOAT8 block / MX; 2/3: HIFLOAT8) with 561002, in its order
// (ops/swiglu_group_quant_checks.h).
#include "aclnnop/aclnn_swiglu_group_quant.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/swiglu_group_quant_checks.h"
#include "ops/swiglu_group_quant_plan.h"

namespace aclcpu {
namespace {

using ops::sgq::kOpName;
namespace sc = ops::splitcheck;
namespace kq = kernels::quant;

int Bad(int code, const std::string& text) {
  return Fail(code, std::string(kOpName) + ": " + text);
}

bool IsFp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }
bool IsFp4(aclDataType d) { return d == ACL_FLOAT4_E2M1 || d == ACL_FLOAT4_E1M2; }

// The def table's 15 columns: x FLOAT16/BFLOAT16 with y FLOAT8 E4M3FN/E5M2 and yScale FLOAT or
// FLOAT8_E8M0, or y FLOAT4 E2M1/E1M2 with FLOAT8_E8M0; x FLOAT/FLOAT16/BFLOAT16 with y HIFLOAT8
// and yScale FLOAT; yOrigin = x; weight and scale FLOAT, groupIndex INT64.
int CheckDtypes(const ops::sgq::Args& a, const SocProfile& soc) {
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  static const std::vector<aclDataType> kX = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
  static const std::vector<aclDataType> kFloat = {ACL_FLOAT};
  static const std::vector<aclDataType> kInt64 = {ACL_INT64};
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", a.x->dtype, kX, soc, invalid));
  if (a.weight != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "weightOptional", a.weight->dtype, kFloat, soc, invalid));
  }
  if (a.groupIndex != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "groupIndexOptional", a.groupIndex->dtype, kInt64, soc, invalid));
  }
  if (a.scale != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        sc::DtypeOnChip(kOpName, "scaleOptional", a.scale->dtype, kFloat, soc, invalid));
  }
  const aclDataType y = a.y->dtype;
  const bool half = a.x->dtype != ACL_FLOAT;
  if (!(y == ACL_HIFLOAT8 || (half && (IsFp8(y) || IsFp4(y))))) {
    return Bad(invalid, "yOut dtype " + DtypeName(y) + " is not supported with x dtype " +
                            DtypeName(a.x->dtype) + "; expected " +
                            (half ? "FLOAT8_E4M3FN, FLOAT8_E5M2, FLOAT4_E2M1, FLOAT4_E1M2 or "
                                    "HIFLOAT8"
                                  : "HIFLOAT8"));
  }
  const aclDataType s = a.yScale->dtype;
  const bool scaleOk = IsFp8(y)   ? (s == ACL_FLOAT || s == ACL_FLOAT8_E8M0)
                       : IsFp4(y) ? s == ACL_FLOAT8_E8M0
                                  : s == ACL_FLOAT;
  if (!scaleOk) {
    return Bad(invalid, "yScaleOut dtype " + DtypeName(s) + " is not supported with yOut dtype " +
                            DtypeName(y) + "; expected " +
                            (IsFp8(y)   ? "FLOAT or FLOAT8_E8M0"
                             : IsFp4(y) ? "FLOAT8_E8M0"
                                        : "FLOAT"));
  }
  return opcheck::SameDtype(kOpName, "x", a.x->dtype, "yOriginOut", a.yOrigin->dtype);
}

int GetWorkspaceSize(const ops::sgq::Args& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  const aclTensor* x = a.x;
  const aclTensor* yOut = a.y;
  const aclTensor* yScaleOut = a.yScale;
  const aclTensor* yOriginOut = a.yOrigin;
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(yOut);
  ACLCPU_CHECK_NOT_NULL(yScaleOut);
  ACLCPU_CHECK_NOT_NULL(yOriginOut);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(yOut);
  ACLCPU_CHECK_LIVE_TENSOR(yScaleOut);
  ACLCPU_CHECK_LIVE_TENSOR(yOriginOut);
  const aclTensor* weightOptional = a.weight;
  const aclTensor* groupIndexOptional = a.groupIndex;
  const aclTensor* scaleOptional = a.scale;
  if (weightOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(weightOptional);
  if (groupIndexOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(groupIndexOptional);
  if (scaleOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(scaleOptional);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (!sc::Is950(*soc)) {
    return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_PARAM_INVALID, "Ascend 950");
  }
  ACLCPU_RETURN_IF_ERROR(CheckDtypes(a, *soc));
  if (a.quantMode == 0 || a.quantMode == 1) {
    ACLCPU_RETURN_IF_ERROR(ops::sgq::CheckBlockTiling(a));
  } else if (a.quantMode == 2 || a.quantMode == 3) {
    ACLCPU_RETURN_IF_ERROR(ops::sgq::CheckHifTiling(a));
  } else {
    return Bad(ACLNN_ERR_INNER_TILING_ERROR,
               "quantMode " + std::to_string(a.quantMode) + " must be 0, 1, 2 or 3");
  }
  if (IsFp4(yOut->dtype)) {
    return Bad(ACLNN_ERR_PARAM_INVALID, "yOut dtype " + DtypeName(yOut->dtype) +
                                            " (packed FLOAT4) is not supported by aclnn-cpu");
  }
  ops::SwigluGroupQuantPlan plan;
  plan.opName = kOpName;
  plan.x = x;
  plan.weight = weightOptional;
  plan.groupIndex = groupIndexOptional;
  plan.y = yOut;
  plan.passedScale = scaleOptional;
  plan.passedYScale = yScaleOut;
  plan.passedYOrigin = a.yOrigin;
  plan.mode = static_cast<kq::SwigluQuantMode>(a.quantMode);
  const float c = static_cast<float>(a.clampLimit);
  plan.clamp = c > 0.0f ? c : -1.0f;  // -1 within 1e-6, or 0 in modes 2/3: no clamp
  plan.roundScale = a.roundScale;
  plan.dstTypeMax = static_cast<float>(a.dstTypeMax);
  plan.clampExact = plan.clamp > 0.0f ? a.clampLimit : -1.0;  // golden: the attributes as passed
  plan.dstTypeMaxExact = a.dstTypeMax;
  if (a.quantMode <= 1) {
    plan.target =
        yOut->dtype == ACL_FLOAT8_E5M2 ? kq::Target::kFloat8E5M2 : kq::Target::kFloat8E4M3FN;
    plan.yScale = yScaleOut;
  } else {
    plan.target = kq::Target::kHiFloat8;
    if (a.quantMode == 2) plan.scale = scaleOptional;
    if (a.quantMode == 3) plan.yScale = yScaleOut;
    if (a.outputOrigin) plan.yOrigin = yOriginOut;
  }
  return ops::FinishSwigluGroupQuantPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwigluGroupQuantGetWorkspaceSize(
    const aclTensor* x, const aclTensor* weightOptional, const aclTensor* groupIndexOptional,
    const aclTensor* scaleOptional, int64_t dstType, int64_t quantMode, int64_t blockSize,
    bool roundScale, double clampLimit, double dstTypeMax, bool outputOrigin, const aclTensor* yOut,
    const aclTensor* yScaleOut, const aclTensor* yOriginOut, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::ops::sgq::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Tensor("weightOptional", weightOptional);
        c.Tensor("groupIndexOptional", groupIndexOptional).Tensor("scaleOptional", scaleOptional);
        c.Int("dstType", dstType).Int("quantMode", quantMode).Int("blockSize", blockSize);
        c.Int("roundScale", roundScale ? 1 : 0).Float("clampLimit", clampLimit);
        c.Float("dstTypeMax", dstTypeMax).Int("outputOrigin", outputOrigin ? 1 : 0);
        c.Tensor("yOut", yOut).Tensor("yScaleOut", yScaleOut).Tensor("yOriginOut", yOriginOut);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        aclcpu::ops::sgq::Args a;
        a.x = x;
        a.weight = weightOptional;
        a.groupIndex = groupIndexOptional;
        a.scale = scaleOptional;
        a.dstType = dstType;
        a.quantMode = quantMode;
        a.blockSize = blockSize;
        a.roundScale = roundScale;
        a.clampLimit = clampLimit;
        a.dstTypeMax = dstTypeMax;
        a.outputOrigin = outputOrigin;
        a.y = yOut;
        a.yScale = yScaleOut;
        a.yOrigin = yOriginOut;
        return aclcpu::GetWorkspaceSize(a, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSwigluGroupQuant)
