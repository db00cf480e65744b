// aclnnSoftshrink: out = self − λ where self > λ, self + λ where self < −λ, else 0 (NaN → 0),
// computed in fp32 in self's dtype and cast to out's. A negative λ is refused; its dtype is not
// checked. BF16 is refused first (in self or out) on chips without it.
#include "aclnnop/aclnn_softshrink.h"

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftshrink";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kSoftshrink, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

int CheckBf16OnChip(const SocProfile& soc, const char* arg, const aclTensor* t) {
  if (t->dtype != ACL_BF16 || soc.hasBf16) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": " + arg +
                                           " dtype BFLOAT16 is not supported on " + soc.name +
                                           " (" + soc.familyName + ")");
}

int GetWorkspaceSize(const aclTensor* self, const aclScalar* lambd, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(lambd);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, "self", self));
  ACLCPU_RETURN_IF_ERROR(CheckBf16OnChip(*soc, "out", out));
  ACLCPU_CHECK_DTYPE_IN(self, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, kDtypes);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  float lambda = 0.0f;
  double lambdaExact = 0.0;
  ops::hard::ReadScalar(lambd, &lambda, &lambdaExact);
  if (lambda < 0.0f) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": lambd must be >= 0, got " + trace::FloatText(lambda));
  }

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  call.params.SetScalar(0, lambda, lambdaExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd,
                                            aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Scalar("lambd", lambd).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, lambd, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftshrink)
