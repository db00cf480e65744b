// Phase 1 shared by aclnnHardswishBackward and aclnnHardswishBackwardV2: the two validate
// identically (same lists, same order) and differ only in the kernel's boundary handling.
#pragma once

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/hard_checks.h"

namespace aclcpu {
namespace ops {
namespace hard {

inline int HardswishBackwardPhase1(const char* kOpName, const ElementwiseDesc& desc,
                                   const aclTensor* gradOutput, const aclTensor* self,
                                   const aclTensor* out, uint64_t* workspaceSize,
                                   aclOpExecutor** executor) {
  constexpr size_t kMaxRank = 8;
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = FloatDtypes(*soc);
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, gradOutput);
  ACLCPU_CHECK_SAME_DTYPE(self, out);
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_SAME_SHAPE(self, gradOutput);
  ACLCPU_CHECK_SAME_SHAPE(self, out);

  const ElementwiseCall call{kOpName, &desc, {gradOutput, self}, {out}, self->dtype, {}};
  return PlanElementwise(call, workspaceSize, executor);
}

}  // namespace hard
}  // namespace ops
}  // namespace aclcpu
