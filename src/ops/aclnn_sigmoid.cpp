// aclnnSigmoid / aclnnInplaceSigmoid: out = 1 / (1 + exp(−x)). Integer and bool inputs are cast
// to out's dtype first; FLOAT / FLOAT16 / BFLOAT16 run the AI Core kernel's fp32 order, DOUBLE the
// AICPU kernel in double, complex ones its complex kernel (ops/complex_sigmoid.h); the result is
// cast to out's dtype.
#include "aclnnop/aclnn_sigmoid.h"

#include <algorithm>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/complex_sigmoid.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSigmoid";
constexpr const char* kInplaceName = "aclnnInplaceSigmoid";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kSigmoid, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kSelfDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE, ACL_INT8,
                                              ACL_INT16,     ACL_INT32,      ACL_INT64,  ACL_BOOL,
                                              ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16,   ACL_UINT8};
const std::vector<aclDataType> kOutDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                             ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
const std::vector<aclDataType> kInplaceDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64,
                                                 ACL_COMPLEX128};
const std::vector<aclDataType> kInplaceDtypesBf16 = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                                     ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

bool In(const std::vector<aclDataType>& list, aclDataType t) {
  return std::find(list.begin(), list.end(), t) != list.end();
}

// `kOpName` is the public name (the inplace twin passes its own with out = selfRef). The vendor
// has no OP_CHECK_COMM_INPUT: null workspaceSize / executor are refused after the tensor checks.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, kSelfDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, kOutDtypes);
  ACLCPU_RETURN_IF_ERROR(ops::CheckBf16Chip(kOpName, "self", self->dtype, *soc));
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  const aclDataType compute = In(kOutDtypes, self->dtype) ? self->dtype : out->dtype;
  if (ops::AnyComplex(self->dtype, out->dtype)) {
    return ops::PlanComplexSigmoid(kOpName, self, out, compute, workspaceSize, executor);
  }
  const ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, compute, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

int InplaceGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* kOpName = kInplaceName;
  ACLCPU_CHECK_NOT_NULL(selfRef);
  ACLCPU_CHECK_LIVE_TENSOR(selfRef);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));
  ACLCPU_CHECK_DTYPE_IN(selfRef, soc->hasBf16 ? kInplaceDtypesBf16 : kInplaceDtypes);
  return GetWorkspaceSize(kInplaceName, selfRef, selfRef, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor* self, aclTensor* out,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::InplaceGetWorkspaceSize(selfRef, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSigmoid)
ACLCPU_EXPORT_PHASE2(aclnnInplaceSigmoid)
