// aclnnGeluV2: approximate == 1 is the tanh form (as aclnnGelu); any other value is the erf form
// 0.5·x·(1 + erf(x·0.707106781)). The vendor never validates approximate and has no rank limit.
#include "aclnnop/aclnn_gelu_v2.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/soc.h"
#include "elementwise/functors/gelu_modes.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/gelu_checks.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGeluV2";
constexpr ops::ElementwiseDesc kDesc = {
    kernels::OpId::kGelu, ops::ShapeRule::kSame, 1, 1, {"x", "y"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// The vendor has no OP_CHECK_COMM_INPUT: null workspaceSize / executor are refused after the
// tensor checks.
int GetWorkspaceSize(const aclTensor* x, int64_t approximate, aclTensor* y, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(y);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(y);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_SAME_DTYPE(x, y);
  ACLCPU_RETURN_IF_ERROR(ops::CheckBf16Chip(kOpName, "x", x->dtype, *soc));
  ACLCPU_CHECK_DTYPE_IN(x, kDtypes);
  ACLCPU_CHECK_SAME_SHAPE(x, y);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  ops::ElementwiseCall call{kOpName, &kDesc, {x}, {y}, x->dtype, {}};
  call.params.mode = approximate == 1 ? kernels::kGeluTanh : kernels::kGeluErf;
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor* x, int64_t approximate, aclTensor* y,
                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Int("approximate", approximate).Tensor("y", y);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(x, approximate, y, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnGeluV2)
