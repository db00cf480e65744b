// aclnnSeluBackward: from the forward output y, gradInput = g·(y + λα) on the negative branch
// and g·λ otherwise; the branch rule and precision follow the chip's kernel generation.
#include "aclnnop/aclnn_selu_backward.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSeluBackward";

// No rank limit: the vendor's code accepts 9-D and above.
const std::vector<aclDataType> kDtypesWithoutBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8};
const std::vector<aclDataType> kDtypesWithBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8,
                                                  ACL_BF16};

struct KernelEntry {
  aclDataType dtype;
  kernels::KernelId legacy;
  kernels::KernelId current;
};
constexpr KernelEntry kKernels[] = {
    {ACL_FLOAT, kernels::KernelId::kSeluBackwardLegacyF32,
     kernels::KernelId::kSeluBackwardCurrentF32},
    {ACL_FLOAT16, kernels::KernelId::kSeluBackwardLegacyF16,
     kernels::KernelId::kSeluBackwardCurrentF16},
    {ACL_BF16, kernels::KernelId::kSeluBackwardLegacyBF16,
     kernels::KernelId::kSeluBackwardCurrentBF16},
    {ACL_INT32, kernels::KernelId::kSeluBackwardLegacyI32,
     kernels::KernelId::kSeluBackwardCurrentI32},
    {ACL_INT8, kernels::KernelId::kSeluBackwardLegacyI8, kernels::KernelId::kSeluBackwardCurrentI8},
};

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* result, aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(result);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  // The vendor leaves these two unchecked (and would crash); we refuse them.
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(result);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  std::string socError;
  const SocProfile* soc = SelectedSoc(&socError);
  if (soc == nullptr) return Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(kOpName) + ": " + socError);

  ACLCPU_CHECK_SAME_DTYPE(gradOutput, result);
  ACLCPU_CHECK_SAME_DTYPE(gradOutput, gradInput);
  ACLCPU_CHECK_DTYPE_IN(gradOutput, soc->hasBf16 ? kDtypesWithBf16 : kDtypesWithoutBf16);

  ACLCPU_CHECK_SAME_SHAPE(gradOutput, result);
  ACLCPU_CHECK_SAME_SHAPE(gradOutput, gradInput);

  kernels::KernelId kernel = kernels::KernelId::kCount;
  for (const KernelEntry& entry : kKernels) {
    if (entry.dtype == gradOutput->dtype) {
      kernel = soc->generation == KernelGeneration::kLegacy ? entry.legacy : entry.current;
    }
  }
  const ops::BinaryOpPlan plan{
      kOpName, gradOutput, result, gradInput, {"gradOutput", "result", "gradInput"}, kernel, {}};
  return ops::FinishBinaryPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* result,
                                              aclTensor* gradInput, uint64_t* workspaceSize,
                                              aclOpExecutor** executor) {
  aclcpu::HandleReadScope pinHandles;  // as ops::TracedPhase1 does
  return aclcpu::trace::Traced(
      "aclnnSeluBackwardGetWorkspaceSize",
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("result", result);
        c.Tensor("gradInput", gradInput).Out("workspaceSize", workspaceSize);
        c.Out("executor", executor);
      },
      [&] {
        return aclcpu::Guard("aclnnSeluBackwardGetWorkspaceSize", ACLNN_ERR_INNER, [&] {
          return aclcpu::GetWorkspaceSize(gradOutput, result, gradInput, workspaceSize, executor);
        });
      },
      aclcpu::trace::WrotePlan(workspaceSize, executor));
}

ACLCPU_EXPORT_PHASE2(aclnnSeluBackward)
