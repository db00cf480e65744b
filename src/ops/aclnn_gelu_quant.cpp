// aclnnGeluQuant (Ascend 950): g = gelu(self) in fp32 (approximate "none": the erf form, "tanh":
// the tanh form), then quantized to y (INT8, FLOAT8 E4M3FN / E5M2, HIFLOAT8):
//   static:  y = cast(g * inputScaleOptional + inputOffsetOptional), per last-dim column or one
//            value;
//   dynamic: g' = g * inputScaleOptional (when given), outScaleOptional[row] = max|g'| / max of
//            y's format, y = cast(g' / outScaleOptional[row]).
// Hand-written phase 1 on the vendor's side (its order and codes below); the checks of its
// tiling, which runs inside GetWorkspaceSize, follow with 561002.
#include "aclnnop/aclnn_gelu_quant.h"

#include <cstring>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/gelu_quant_plan.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGeluQuant";
namespace sc = ops::splitcheck;
namespace kq = kernels::quant;

int Bad(int code, const std::string& text) {
  return Fail(code, std::string(kOpName) + ": " + text);
}

bool StartsWith(const char* s, const char* prefix) {
  return std::strncmp(s, prefix, std::strlen(prefix)) == 0;
}

std::string Shape(const aclTensor* t) { return opcheck::ShapeString(t->viewShape); }

// Step 5 of the vendor's phase 1: dtypes, approximate, and y's dtype against dstType.
int CheckDtypes(const aclTensor* self, const aclTensor* scale, const aclTensor* offset,
                const char* approximate, int64_t dstType, const aclTensor* y,
                const aclTensor* outScale) {
  static const std::vector<aclDataType> kFloats = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
  static const std::vector<aclDataType> kTargets = {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_INT8,
                                                    ACL_HIFLOAT8};
  ACLCPU_CHECK_DTYPE_IN(self, kFloats);
  ACLCPU_CHECK_DTYPE_IN(y, kTargets);
  if (scale != nullptr) {
    ACLCPU_RETURN_IF_ERROR(opcheck::DtypeIn(kOpName, "inputScaleOptional", scale->dtype, kFloats));
    const bool mixed =
        scale->dtype != ACL_FLOAT && ((self->dtype == ACL_FLOAT16 && scale->dtype == ACL_BF16) ||
                                      (self->dtype == ACL_BF16 && scale->dtype == ACL_FLOAT16));
    if (mixed) {
      return Bad(ACLNN_ERR_PARAM_INVALID, "self dtype " + DtypeName(self->dtype) +
                                              " is not compatible with inputScaleOptional dtype " +
                                              DtypeName(scale->dtype));
    }
  }
  if (offset != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        opcheck::DtypeIn(kOpName, "inputOffsetOptional", offset->dtype, kFloats));
    ACLCPU_RETURN_IF_ERROR(opcheck::SameDtype(kOpName, "inputScaleOptional", scale->dtype,
                                              "inputOffsetOptional", offset->dtype));
  }
  if (outScale != nullptr && outScale->dtype != ACL_FLOAT) {
    return Bad(ACLNN_ERR_PARAM_INVALID, "outScaleOptional dtype " + DtypeName(outScale->dtype) +
                                            " is not supported; expected FLOAT");
  }
  if (std::strcmp(approximate, "none") != 0 && std::strcmp(approximate, "tanh") != 0) {
    return Bad(ACLNN_ERR_PARAM_INVALID,
               "approximate \"" + std::string(approximate) + "\" must be \"none\" or \"tanh\"");
  }
  if (static_cast<int64_t>(y->dtype) != dstType) {
    return Bad(ACLNN_ERR_PARAM_INVALID, "dstType " + std::to_string(dstType) + " (" +
                                            DtypeName(static_cast<int32_t>(dstType)) +
                                            ") must equal y dtype " + DtypeName(y->dtype));
  }
  return ACLNN_SUCCESS;
}

// Step 6: ranks and shapes.
int CheckShapes(const aclTensor* self, const aclTensor* scale, const aclTensor* offset,
                const aclTensor* y, const aclTensor* outScale, bool dynamic) {
  const int invalid = ACLNN_ERR_PARAM_INVALID;
  const size_t rank = self->viewShape.size();
  if (dynamic) {
    if (rank < 2 || rank > 8) {
      return Bad(invalid, "self shape " + Shape(self) + " must have 2 to 8 dims (dynamic)");
    }
    const size_t sRank = outScale->viewShape.size();
    if (sRank < 1 || sRank > 7) {
      return Bad(invalid, "outScaleOptional shape " + Shape(outScale) + " must have 1 to 7 dims");
    }
    // The vendor compares dims 0 .. rank-2 of both (reading past a shorter outScale's rank);
    // here a shorter outScale, or one not holding exactly one value per row, is refused too.
    bool same = sRank + 1 >= rank;
    for (size_t i = 0; same && i + 1 < rank; ++i)
      same = outScale->viewShape[i] == self->viewShape[i];
    if (!same || sc::Numel(outScale) * self->viewShape.back() != sc::Numel(self)) {
      return Bad(invalid, "outScaleOptional shape " + Shape(outScale) + " must equal self shape " +
                              Shape(self) + " without its last dim");
    }
  } else {
    ACLCPU_CHECK_MAX_RANK(self, 8);
  }
  if (scale != nullptr && scale->viewShape.size() != 1) {
    return Bad(invalid, "inputScaleOptional shape " + Shape(scale) + " must be 1-D");
  }
  if (offset != nullptr) {
    if (offset->viewShape.size() != 1) {
      return Bad(invalid, "inputOffsetOptional shape " + Shape(offset) + " must be 1-D");
    }
    if (scale != nullptr && scale->viewShape[0] != offset->viewShape[0]) {
      return Bad(invalid, "inputOffsetOptional shape " + Shape(offset) +
                              " must equal inputScaleOptional shape " + Shape(scale));
    }
  }
  ACLCPU_CHECK_SAME_SHAPE(self, y);
  return ACLNN_SUCCESS;
}

// The vendor's tiling (561002): exact quantMode, scale / offset lengths and dtypes.
int CheckTiling(const aclTensor* self, const aclTensor* scale, const aclTensor* offset,
                const char* quantMode, bool dynamic) {
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  if (std::strcmp(quantMode, "static") != 0 && std::strcmp(quantMode, "dynamic") != 0) {
    return Bad(tiling,
               "quantMode \"" + std::string(quantMode) + "\" must be \"static\" or \"dynamic\"");
  }
  const int64_t last = self->viewShape.empty() ? 1 : self->viewShape.back();
  const std::string lastText = std::to_string(last);
  if (scale != nullptr) {
    if (self->dtype == ACL_FLOAT && scale->dtype != ACL_FLOAT) {
      return Bad(tiling, "inputScaleOptional dtype " + DtypeName(scale->dtype) +
                             " must be FLOAT when self is FLOAT");
    }
    if (sc::Numel(scale) != 1 && scale->viewShape[0] != last) {
      return Bad(tiling, "inputScaleOptional shape " + Shape(scale) +
                             " must hold 1 value or one per column of self's last dim (" +
                             lastText + ")");
    }
  }
  if (!dynamic && offset != nullptr) {
    if ((sc::Numel(offset) == 1) != (sc::Numel(scale) == 1)) {
      return Bad(tiling, "inputOffsetOptional shape " + Shape(offset) +
                             " must be a single value exactly when inputScaleOptional shape " +
                             Shape(scale) + " is");
    }
    if (sc::Numel(offset) != 1 && offset->viewShape[0] != last) {
      return Bad(tiling, "inputOffsetOptional shape " + Shape(offset) +
                             " must hold one value per column of self's last dim (" + lastText +
                             ")");
    }
  }
  return ACLNN_SUCCESS;
}

kq::Target TargetOf(aclDataType dt) {
  if (dt == ACL_FLOAT8_E4M3FN) return kq::Target::kFloat8E4M3FN;
  if (dt == ACL_FLOAT8_E5M2) return kq::Target::kFloat8E5M2;
  if (dt == ACL_HIFLOAT8) return kq::Target::kHiFloat8;
  return kq::Target::kInt8;
}

int GetWorkspaceSize(const aclTensor* self, const aclTensor* inputScaleOptional,
                     const aclTensor* inputOffsetOptional, const char* approximate,
                     const char* quantMode, const char* roundMode, int64_t dstType,
                     const aclTensor* y, const aclTensor* outScaleOptional, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  // 1. the chip (the vendor: arch 3510 only, before anything else)
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (!sc::Is950(*soc)) return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_RUNTIME_ERROR, "Ascend 950");
  // 2. quantMode: present, and starting with "dynamic" or "static"
  ACLCPU_CHECK_NOT_NULL(quantMode);
  if (!StartsWith(quantMode, "dynamic") && !StartsWith(quantMode, "static")) {
    return Bad(ACLNN_ERR_PARAM_INVALID, "quantMode \"" + std::string(quantMode) +
                                            "\" is neither \"dynamic\" nor \"static\"");
  }
  const bool dynamic = StartsWith(quantMode, "dynamic");
  // 3. required pointers
  ACLCPU_CHECK_NOT_NULL(self);
  if (!dynamic && inputScaleOptional == nullptr) {
    return Bad(ACLNN_ERR_PARAM_NULLPTR,
               "inputScaleOptional must not be null when quantMode is static, but got nullptr");
  }
  ACLCPU_CHECK_NOT_NULL(approximate);
  ACLCPU_CHECK_NOT_NULL(roundMode);
  ACLCPU_CHECK_NOT_NULL(y);
  if (dynamic && outScaleOptional == nullptr) {
    return Bad(ACLNN_ERR_PARAM_NULLPTR,
               "outScaleOptional must not be null when quantMode is dynamic, but got nullptr");
  }
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(y);
  if (inputScaleOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(inputScaleOptional);
  if (inputOffsetOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(inputOffsetOptional);
  if (outScaleOptional != nullptr) ACLCPU_CHECK_LIVE_TENSOR(outScaleOptional);
  // 4. which optional tensors go together
  const bool hasScale = inputScaleOptional != nullptr;
  const bool hasOffset = inputOffsetOptional != nullptr;
  const bool hasOutScale = outScaleOptional != nullptr;
  if (dynamic ? !(hasOutScale && (hasScale || !hasOffset)) : hasOutScale) {
    return Bad(ACLNN_ERR_PARAM_INVALID,
               std::string("the combination of optional tensors (inputScaleOptional ") +
                   (hasScale ? "given" : "null") + ", inputOffsetOptional " +
                   (hasOffset ? "given" : "null") + ", outScaleOptional " +
                   (hasOutScale ? "given" : "null") + ") is not valid for quantMode " +
                   (dynamic ? "dynamic" : "static"));
  }
  // 5. dtypes, 6. shapes
  ACLCPU_RETURN_IF_ERROR(CheckDtypes(self, inputScaleOptional, inputOffsetOptional, approximate,
                                     dstType, y, outScaleOptional));
  ACLCPU_RETURN_IF_ERROR(
      CheckShapes(self, inputScaleOptional, inputOffsetOptional, y, outScaleOptional, dynamic));
  // 7. roundMode per y's format
  const bool hif8 = dstType == ACL_HIFLOAT8;
  const std::string round = roundMode;
  if (hif8 ? (round != "round" && round != "hybrid") : round != "rint") {
    return Bad(ACLNN_ERR_PARAM_INVALID,
               "roundMode \"" + round + "\" is not supported for y dtype " + DtypeName(y->dtype) +
                   (hif8 ? "; expected \"round\" or \"hybrid\"" : "; expected \"rint\""));
  }
  // 8. no empty tensors
  for (const aclTensor* t : {self, inputScaleOptional, inputOffsetOptional, y, outScaleOptional}) {
    if (t != nullptr && opcheck::IsEmpty(t)) {
      return Bad(ACLNN_ERR_PARAM_INVALID,
                 "empty tensors are not supported (shape " + Shape(t) + ")");
    }
  }
  ACLCPU_RETURN_IF_ERROR(
      CheckTiling(self, inputScaleOptional, inputOffsetOptional, quantMode, dynamic));
  ops::GeluQuantPlan plan;
  plan.opName = kOpName;
  plan.self = self;
  plan.scale = inputScaleOptional;
  plan.offset = inputOffsetOptional;
  plan.y = y;
  plan.outScale = outScaleOptional;
  plan.dynamic = dynamic;
  plan.tanh = std::strcmp(approximate, "tanh") == 0;
  plan.target = TargetOf(y->dtype);
  plan.hif = round == "hybrid" ? kq::HifRounding::kHybrid : kq::HifRounding::kRound;
  return ops::FinishGeluQuantPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluQuantGetWorkspaceSize(const aclTensor* self,
                                           const aclTensor* inputScaleOptional,
                                           const aclTensor* inputOffsetOptional,
                                           const char* approximate, const char* quantMode,
                                           const char* roundMode, int64_t dstType,
                                           const aclTensor* y, const aclTensor* outScaleOptional,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("inputScaleOptional", inputScaleOptional);
        c.Tensor("inputOffsetOptional", inputOffsetOptional).Text("approximate", approximate);
        c.Text("quantMode", quantMode).Text("roundMode", roundMode).Int("dstType", dstType);
        c.Tensor("y", y).Tensor("outScaleOptional", outScaleOptional);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(self, inputScaleOptional, inputOffsetOptional, approximate,
                                        quantMode, roundMode, dstType, y, outScaleOptional,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnGeluQuant)
