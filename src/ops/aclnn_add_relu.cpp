// aclnnAddRelu / aclnnInplaceAddRelu: out = relu(self + alpha·other), self and other broadcast
// and promoted. Float promotions compute in fp32 (alpha as a float; an alpha the vendor's test
// "neither > 1 nor < 1" calls 1, NaN included, is a plain Add); integer promotions compute
// exactly in the promoted type with alpha converted to it (wrapping like the device's integer
// Mul and Add). The result is cast to out's dtype.
#include "aclnnop/aclnn_add_relu.h"

#include <cmath>
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

constexpr const char* kOpName = "aclnnAddRelu";
constexpr const char* kInplaceName = "aclnnInplaceAddRelu";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kAddRelu, ops::ShapeRule::kBroadcast, 2, 1, {"self", "other", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8,
                                          ACL_INT16, ACL_INT32,   ACL_INT64};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8,  ACL_UINT8,
                                              ACL_INT16, ACL_INT32,   ACL_INT64, ACL_BF16};

// The vendor checks neither workspaceSize nor executor; we refuse them after the tensors.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* other,
                     const aclScalar* alpha, const aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(other);
  ACLCPU_CHECK_NOT_NULL(alpha);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(other);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(other, dtypes);
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(
      relu::CheckPromote(kOpName, "self", self->dtype, "other", other->dtype, &promoted));
  ACLCPU_RETURN_IF_ERROR(
      relu::CheckCanCast(kOpName, "alpha", alpha->dtype, "the promoted", promoted));
  ACLCPU_RETURN_IF_ERROR(relu::CheckCanCast(kOpName, "the promoted", promoted, "out", out->dtype));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(other, kMaxRank);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(ops::CheckBroadcast(kOpName, "self", self, "other", other, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "out", out, shape));

  const bool floating = relu::IsFloating(promoted);
  ops::ElementwiseCall call{kOpName, &kDesc, {self, other}, {out}, floating ? ACL_FLOAT : promoted,
                            {}};
  relu::ScalarAsDtype(alpha, floating ? ACL_FLOAT : promoted, 0, &call.params);
  if (floating && !(call.params.f[0] > 1.0f) && !(call.params.f[0] < 1.0f)) {
    call.params.SetScalar(0, 1.0f, 1.0);  // "equals 1" (NaN too): the plain Add
  }
  return ops::PlanElementwise(call, workspaceSize, executor);
}

// The inplace entry checks selfRef and other, then that selfRef has the broadcast shape, before
// the shared path.
int GetInplaceWorkspaceSize(const aclTensor* selfRef, const aclTensor* other,
                            const aclScalar* alpha, uint64_t* workspaceSize,
                            aclOpExecutor** executor) {
  constexpr const char* kOpName = kInplaceName;
  ACLCPU_CHECK_NOT_NULL(selfRef);
  ACLCPU_CHECK_NOT_NULL(other);
  ACLCPU_CHECK_LIVE_TENSOR(selfRef);
  ACLCPU_CHECK_LIVE_TENSOR(other);
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(ops::CheckBroadcast(kOpName, "selfRef", selfRef, "other", other, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "selfRef", selfRef, shape));
  return GetWorkspaceSize(kOpName, selfRef, other, alpha, selfRef, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnAddReluGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                         aclScalar* alpha, aclTensor* out, uint64_t* workspaceSize,
                                         aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Tensor("other", other).Scalar("alpha", alpha).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, other, alpha, out, workspaceSize,
                                        executor);
      });
}

aclnnStatus aclnnInplaceAddReluGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                                aclScalar* alpha, uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("selfRef", selfRef).Tensor("other", other).Scalar("alpha", alpha);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetInplaceWorkspaceSize(selfRef, other, alpha, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnAddRelu)
ACLCPU_EXPORT_PHASE2(aclnnInplaceAddRelu)
