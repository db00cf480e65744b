// aclnnHardshrink: out = self where |self| > λ, else 0, computed in self's dtype and cast to
// out's. A negative λ is silently taken as 0 (a NaN λ is kept: then nothing is zeroed); λ's dtype
// is not checked.
#include "aclnnop/aclnn_hardshrink.h"

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnHardshrink";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kHardshrink, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};

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

  const std::vector<aclDataType>& dtypes = ops::hard::FloatDtypes(*soc);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);

  ops::ElementwiseCall call{kOpName, &kDesc, {self}, {out}, self->dtype, {}};
  float lambda = 0.0f;
  double lambdaExact = 0.0;
  ops::hard::ReadScalar(lambd, &lambda, &lambdaExact);
  if (lambda < 0.0f) lambda = 0.0f;
  if (lambdaExact < 0.0) lambdaExact = 0.0;
  call.params.SetScalar(0, lambda, lambdaExact);
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnHardshrinkGetWorkspaceSize(const aclTensor* self, const aclScalar* lambd,
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

ACLCPU_EXPORT_PHASE2(aclnnHardshrink)
