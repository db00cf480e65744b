// aclnnHeaviside: out = input < 0 ? 0 : (input == 0 ? values : 1), NaN input counting as −1
// (so 0), input and values broadcast. As the vendor: each dtype is checked on its own against
// {FLOAT, FLOAT16, BFLOAT16}, and out is checked only for its element count. The kernel reads
// values in input's dtype and writes input's dtype, so mixed dtypes fail at kernel selection
// (561003), unless a tensor is empty (success, nothing to do). An out of another shape with the
// same element count receives the result in row-major order when it is contiguous (else 161002:
// divergences.md).
#include "aclnnop/aclnn_heaviside.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHeaviside";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHeaviside, ops::ShapeRule::kBroadcast, 2, 1, {"input", "values", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int64_t Count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

bool IsContiguous(const aclTensor* t) {
  int64_t expect = 1;
  for (size_t i = t->viewShape.size(); i-- > 0;) {
    if (t->viewShape[i] != 1 && t->strides[i] != expect) return false;
    expect *= t->viewShape[i];
  }
  return true;
}

int GetWorkspaceSize(const aclTensor* input, const aclTensor* values, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(input);
  ACLCPU_CHECK_NOT_NULL(values);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(input);
  ACLCPU_CHECK_LIVE_TENSOR(values);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(input, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(values, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, kDtypes);
  ACLCPU_CHECK_MAX_RANK(input, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(values, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(ops::CheckBroadcast(kOpName, "input", input, "values", values, &shape));
  if (Count(out->viewShape) != Count(shape)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": out shape " +
                                             opcheck::ShapeString(out->viewShape) +
                                             " must hold as many elements as the broadcast shape " +
                                             opcheck::ShapeString(shape));
  }
  // The vendor returns 0 for an empty input, values or out before the kernel is chosen, so
  // mixed dtypes pass there (the executor then does nothing).
  const bool empty = opcheck::IsEmpty(input) || opcheck::IsEmpty(values) || opcheck::IsEmpty(out);
  if (!empty && (values->dtype != input->dtype || out->dtype != input->dtype)) {
    return Fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                std::string(kOpName) + ": no kernel for input " + DtypeName(input->dtype) +
                    ", values " + DtypeName(values->dtype) + ", out " + DtypeName(out->dtype) +
                    " (the kernel reads and writes input's dtype)");
  }
  aclTensor reshaped;  // out viewed with the broadcast shape (same memory, row-major)
  const aclTensor* target = out;
  if (out->viewShape != shape && Count(shape) > 0) {
    if (!IsContiguous(out)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  std::string(kOpName) + ": out shape " + opcheck::ShapeString(out->viewShape) +
                      " differs from the broadcast shape " + opcheck::ShapeString(shape) +
                      "; a non-contiguous out of another shape is not supported");
    }
    reshaped = *out;
    reshaped.viewShape = shape;
    reshaped.strides.assign(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) {
      reshaped.strides[i - 1] = reshaped.strides[i] * shape[i];
    }
    target = &reshaped;
  }
  const ops::ElementwiseCall call{kOpName, &kDesc, {input, values}, {target}, input->dtype, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHeavisideGetWorkspaceSize(const aclTensor* input, const aclTensor* values,
                                           aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("input", input).Tensor("values", values).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(input, values, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnHeaviside)
