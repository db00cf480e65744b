#include "ops/swiglu_group_quant_checks.h"

#include <cmath>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/split_checks.h"
#include "quant/swiglu_group_quant.h"

namespace aclcpu {
namespace ops {
namespace sgq {
namespace {

namespace sc = splitcheck;
constexpr int kTiling = ACLNN_ERR_INNER_TILING_ERROR;

int Bad(const std::string& text) { return Fail(kTiling, std::string(kOpName) + ": " + text); }
std::string Shape(const aclTensor* t) { return opcheck::ShapeString(t->viewShape); }
std::string Str(int64_t v) { return std::to_string(v); }

int64_t Rows(const aclTensor* x) {
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < x->viewShape.size(); ++i) rows *= x->viewShape[i];
  return rows;
}

// t has x's rank (plus `extra`) and x's leading dims.
bool LeadingDimsOfX(const aclTensor* t, const aclTensor* x, size_t extra) {
  const size_t rank = x->viewShape.size();
  if (t->viewShape.size() != rank + extra) return false;
  for (size_t i = 0; i + 1 < rank; ++i) {
    if (t->viewShape[i] != x->viewShape[i]) return false;
  }
  return true;
}

// y (and yOrigin) of shape x with the last dim halved.
int HalvedOutput(const char* arg, const aclTensor* t, const aclTensor* x) {
  const int64_t h = x->viewShape.back() / 2;
  if (!LeadingDimsOfX(t, x, 0) || t->viewShape.back() != h) {
    return Bad(std::string(arg) + " shape " + Shape(t) + " must be x shape " + Shape(x) +
               " with the last dim halved (" + Str(h) + ")");
  }
  return ACLNN_SUCCESS;
}

int GroupIndexShape(const aclTensor* g) {
  if (g == nullptr) return ACLNN_SUCCESS;
  if (g->viewShape.size() != 1) {
    return Bad("groupIndexOptional shape " + Shape(g) + " must be 1-D");
  }
  if (g->viewShape[0] <= 0) return Bad("groupIndexOptional must not be empty");
  return ACLNN_SUCCESS;
}

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

}  // namespace

int CheckBlockTiling(const Args& a) {
  const aclTensor* x = a.x;
  const bool mx = a.quantMode == 1;
  if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
    return Bad("x dtype " + DtypeName(x->dtype) + " must be FLOAT16 or BFLOAT16 in quantMode " +
               Str(a.quantMode));
  }
  const size_t rank = x->viewShape.size();
  const size_t maxRank = mx ? 7 : 8;
  if (rank < 2 || rank > maxRank) {
    return Bad("x shape " + Shape(x) + " must have 2 to " + Str(static_cast<int64_t>(maxRank)) +
               " dims in quantMode " + Str(a.quantMode));
  }
  const int64_t rows = Rows(x);
  if (rows <= 0) return Bad("x shape " + Shape(x) + " must have at least one row");
  const int64_t d = x->viewShape.back();
  if (d < 256 || d % 256 != 0) {
    return Bad("x shape " + Shape(x) + " needs a last dim that is a multiple of 256 (got " +
               Str(d) + ") in quantMode " + Str(a.quantMode));
  }
  if (a.weight != nullptr) {
    const size_t wr = a.weight->viewShape.size();
    if (wr < 1 || wr > 8 || sc::Numel(a.weight) != rows) {
      return Bad("weightOptional shape " + Shape(a.weight) +
                 " must have 1 to 8 dims and one element per row of x (" + Str(rows) + ")");
    }
  }
  ACLCPU_RETURN_IF_ERROR(GroupIndexShape(a.groupIndex));
  if (a.dstType != ACL_FLOAT8_E5M2 && a.dstType != ACL_FLOAT8_E4M3FN &&
      a.dstType != ACL_FLOAT4_E2M1 && a.dstType != ACL_FLOAT4_E1M2) {
    return Bad("dstType " + Str(a.dstType) + " (" + DtypeName(static_cast<int32_t>(a.dstType)) +
               ") must be FLOAT8_E5M2 (35), FLOAT8_E4M3FN (36), FLOAT4_E2M1 (40) or " +
               "FLOAT4_E1M2 (41) in quantMode " + Str(a.quantMode));
  }
  const bool fp4 = a.dstType == ACL_FLOAT4_E2M1 || a.dstType == ACL_FLOAT4_E1M2;
  if (fp4 && !mx) {
    return Bad("dstType " + DtypeName(static_cast<int32_t>(a.dstType)) +
               " needs quantMode 1 (MX), got " + Str(a.quantMode));
  }
  const int64_t len = mx ? kernels::quant::kMxBlockLen : kernels::quant::kFp8BlockLen;
  if (a.blockSize != 0 && a.blockSize != len) {
    return Bad("blockSize " + Str(a.blockSize) + " must be 0 or " + Str(len) + " in quantMode " +
               Str(a.quantMode));
  }
  if (mx && !a.roundScale) return Bad("roundScale must be true in quantMode 1");
  if (a.outputOrigin) {
    return Bad("outputOrigin must be false in quantMode " + Str(a.quantMode));
  }
  const float c = static_cast<float>(a.clampLimit);
  if (std::fabs(c + 1.0f) > 1e-6f && !(c > 0.0f)) {
    return Bad("clampLimit " + std::to_string(a.clampLimit) +
               " must be -1 (no clamp) or greater than 0");
  }
  if (static_cast<int64_t>(a.y->dtype) != a.dstType) {
    return Bad("yOut dtype " + DtypeName(a.y->dtype) + " must equal dstType " + Str(a.dstType) +
               " (" + DtypeName(static_cast<int32_t>(a.dstType)) + ")");
  }
  const aclDataType scaleDtype = mx ? ACL_FLOAT8_E8M0 : ACL_FLOAT;
  if (a.yScale->dtype != scaleDtype) {
    return Bad("yScaleOut dtype " + DtypeName(a.yScale->dtype) + " must be " +
               DtypeName(scaleDtype) + " in quantMode " + Str(a.quantMode));
  }
  ACLCPU_RETURN_IF_ERROR(HalvedOutput("yOut", a.y, x));
  const int64_t blocks = CeilDiv(d / 2, len);
  const bool scaleOk = mx ? LeadingDimsOfX(a.yScale, x, 1) &&
                                a.yScale->viewShape[rank - 1] == CeilDiv(blocks, 2) &&
                                a.yScale->viewShape[rank] == 2
                          : LeadingDimsOfX(a.yScale, x, 0) && a.yScale->viewShape.back() == blocks;
  if (!scaleOk) {
    const std::string want =
        mx ? "[..., " + Str(CeilDiv(blocks, 2)) + ", 2]" : "[..., " + Str(blocks) + "]";
    return Bad("yScaleOut shape " + Shape(a.yScale) + " must be x's leading dims then " + want +
               " in quantMode " + Str(a.quantMode));
  }
  return ACLNN_SUCCESS;
}

int CheckHifTiling(const Args& a) {
  const aclTensor* x = a.x;
  if (a.y->dtype != ACL_HIFLOAT8) {
    return Bad("yOut dtype " + DtypeName(a.y->dtype) + " must be HIFLOAT8 in quantMode " +
               Str(a.quantMode));
  }
  const float c = static_cast<float>(a.clampLimit);
  if (c < 0.0f && std::fabs(c + 1.0f) > 1e-6f) {
    return Bad("clampLimit " + std::to_string(a.clampLimit) + " must be -1 (no clamp) or >= 0");
  }
  if (!(static_cast<float>(a.dstTypeMax) > 0.0f)) {
    return Bad("dstTypeMax " + std::to_string(a.dstTypeMax) + " must be greater than 0");
  }
  if (x->viewShape.empty()) return Bad("x must have at least 1 dim");
  const int64_t d = x->viewShape.back();
  if (d % 2 != 0) return Bad("x shape " + Shape(x) + " needs an even last dim");
  const int64_t rows = Rows(x);
  // Not checked by the vendor's tiling (its kernel reads one weight per row): refused here so
  // that no read leaves the view.
  if (a.weight != nullptr && sc::Numel(a.weight) != rows) {
    return Bad("weightOptional shape " + Shape(a.weight) + " must hold one element per row of x (" +
               Str(rows) + ")");
  }
  ACLCPU_RETURN_IF_ERROR(GroupIndexShape(a.groupIndex));
  const int64_t groups = a.groupIndex != nullptr ? a.groupIndex->viewShape[0] : 1;
  if (a.quantMode == 2) {
    if (a.scale == nullptr) return Bad("scaleOptional is required in quantMode 2");
    if (a.scale->viewShape.size() != 1 || a.scale->viewShape[0] != groups) {
      return Bad("scaleOptional shape " + Shape(a.scale) + " must be [" + Str(groups) + "]" +
                 (a.groupIndex != nullptr ? " (one value per group)" : " without a group index"));
    }
  }
  if (a.groupIndex == nullptr && rows == 0) return Bad("x shape " + Shape(x) + " has no rows");
  ACLCPU_RETURN_IF_ERROR(HalvedOutput("yOut", a.y, x));
  if (a.quantMode == 3) {
    if (a.yScale->dtype != ACL_FLOAT) {
      return Bad("yScaleOut dtype " + DtypeName(a.yScale->dtype) + " must be FLOAT");
    }
    if (a.yScale->viewShape.size() != 1 || a.yScale->viewShape[0] != groups) {
      return Bad("yScaleOut shape " + Shape(a.yScale) + " must be [" + Str(groups) + "]" +
                 (a.groupIndex != nullptr ? " (one value per group)" : " without a group index"));
    }
  }
  if (a.outputOrigin) {
    ACLCPU_RETURN_IF_ERROR(HalvedOutput("yOriginOut", a.yOrigin, x));
    if (a.yOrigin->dtype != x->dtype) {
      return Bad("yOriginOut dtype " + DtypeName(a.yOrigin->dtype) + " must equal x dtype " +
                 DtypeName(x->dtype));
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace sgq
}  // namespace ops
}  // namespace aclcpu
