// aclnnPrelu: out = self > 0 ? self : w[c]·self, with w broadcast along dim 1 (channels = 1 for
// self of rank <= 1): the weight's own shape is ignored, only its element count must be the
// channel count or 1, and it is read as [1, C, 1, ...]. self and weight are promoted; the
// product is computed in the promoted dtype (fp32 arithmetic rounded once, which is the 16-bit
// product for fp16/bf16) and cast to out.
#include "aclnnop/aclnn_prelu.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"
#include "ops/relu_checks.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnPrelu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kPrelu, ops::ShapeRule::kBroadcast, 2, 1, {"self", "weight", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int64_t Count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// The element stride of the weight read as a flat vector: its dims of size > 1 must step as
// one row-major run (true for any contiguous weight). False otherwise.
bool FlatStride(const aclTensor* w, int64_t* stride) {
  int64_t inner = 0, innerSize = 1;
  bool found = false;
  for (size_t i = w->viewShape.size(); i-- > 0;) {
    if (w->viewShape[i] == 1) continue;
    if (!found) {
      *stride = w->strides[i];
      found = true;
    } else if (w->strides[i] != inner * innerSize) {
      return false;
    }
    inner = w->strides[i];
    innerSize = w->viewShape[i];
  }
  if (!found) *stride = 0;
  return true;
}

int GetWorkspaceSize(const aclTensor* self, const aclTensor* weight, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(weight);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(executor);  // not checked by the vendor
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(weight);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(weight, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(
      relu::CheckPromote(kOpName, "self", self->dtype, "weight", weight->dtype, &promoted));
  ACLCPU_RETURN_IF_ERROR(relu::CheckCanCast(kOpName, "the promoted", promoted, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(weight, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  const size_t rank = self->viewShape.size();
  const int64_t channels = rank <= 1 ? 1 : self->viewShape[1];
  const int64_t wCount = Count(weight->viewShape);
  if (wCount != channels && wCount != 1) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": weight has " + std::to_string(wCount) +
                    " elements; expected 1 or the channel count " + std::to_string(channels) +
                    " (self shape " + opcheck::ShapeString(self->viewShape) + ")");
  }
  // The weight as [1, C, 1, ...] (self's rank), or broadcast whole when it has one element.
  int64_t step = 0;
  if (wCount > 1 && !FlatStride(weight, &step)) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": a weight of shape " +
                    opcheck::ShapeString(weight->viewShape) +
                    " whose strides do not flatten to one step is not supported");
  }
  aclTensor w = *weight;
  w.viewShape.assign(rank, 1);
  w.strides.assign(rank, 0);
  if (wCount > 1) {
    w.viewShape[1] = wCount;
    w.strides[1] = step;
  }
  if (Count(weight->viewShape) == 0) w.viewShape.assign(rank, 0);  // keep "empty"

  const ops::ElementwiseCall call{kOpName, &kDesc, {self, &w}, {out}, promoted, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnPreluGetWorkspaceSize(const aclTensor* self, const aclTensor* weight,
                                       aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("weight", weight).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, weight, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnPrelu)
