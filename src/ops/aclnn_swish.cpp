// aclnnSwish: out = self·σ(β·self), β from betaOptional (1.0 when null), as the 950 kernel's three
// templates compute it (β == −1, β == 0, otherwise; kernels/elementwise/functors/swish.h).
#include "aclnnop/aclnn_swish.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "elementwise/modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSwish";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kSwish, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int GetWorkspaceSize(const aclTensor* self, const aclScalar* betaOptional, aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_RETURN_IF_ERROR(opcheck::NotComplexScalar(kOpName, "betaOptional", betaOptional));
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(out, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  float beta = 1.0f;
  double betaExact = 1.0;
  if (betaOptional != nullptr) {
    ScalarToFloat(betaOptional->dtype, betaOptional->value, &beta);
    ScalarToDouble(betaOptional->dtype, betaOptional->value, &betaExact);
  }
  call.params.SetScalar(0, beta, betaExact);
  call.params.mode = beta == -1.0f  ? kernels::kSwishMinusOne
                     : beta == 0.0f ? kernels::kSwishZero
                                    : kernels::kSwishGeneral;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwishGetWorkspaceSize(const aclTensor* self, const aclScalar* betaOptional,
                                       aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("betaOptional", betaOptional).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, betaOptional, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSwish)
