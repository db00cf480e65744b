// aclnnSigmoidBackward: gradInput = (gradOutput·(1 − output))·output, output being the forward
// result; the inputs broadcast and promote (DOUBLE runs the AICPU kernel in double), the result
// is cast to gradInput's dtype. Complex gradients run the AICPU kernel's conj((1 − y)·y)·g
// (ops/complex_sigmoid.h).
#include "aclnnop/aclnn_sigmoid_backward.h"

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

constexpr const char* kOpName = "aclnnSigmoidBackward";
constexpr size_t kMaxRank = 8;
constexpr ops::ElementwiseDesc kDesc = {kernels::OpId::kSigmoidBackward,
                                        ops::ShapeRule::kBroadcast,
                                        2,
                                        1,
                                        {"gradOutput", "output", "gradInput"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                          ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

// No OP_CHECK_COMM_INPUT in the vendor's code: null workspaceSize / executor are refused after
// the tensor checks.
int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* output, aclTensor* gradInput,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(output);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_LIVE_TENSOR(gradOutput);
  ACLCPU_CHECK_LIVE_TENSOR(output);
  ACLCPU_CHECK_LIVE_TENSOR(gradInput);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(gradOutput, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(output, kDtypes);
  ACLCPU_CHECK_DTYPE_IN(gradInput, kDtypes);
  ACLCPU_RETURN_IF_ERROR(ops::CheckBf16Chip(kOpName, "gradOutput", gradOutput->dtype, *soc));
  ACLCPU_CHECK_MAX_RANK(gradOutput, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(output, kMaxRank);
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckPromote(kOpName, "gradOutput", gradOutput, "output", output, &promoted));
  ACLCPU_RETURN_IF_ERROR(ops::CheckPromotedIn(kOpName, "gradOutput", "output", promoted, kDtypes));
  ACLCPU_RETURN_IF_ERROR(ops::CheckCanCast(kOpName, "the promoted dtype of gradOutput and output",
                                           promoted, "gradInput", gradInput->dtype));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "gradOutput", gradOutput, "output", output, &shape));
  ACLCPU_RETURN_IF_ERROR(ops::CheckOutShape(kOpName, "gradInput", gradInput, shape));
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);

  if (ops::AnyComplex(gradOutput->dtype, output->dtype, gradInput->dtype)) {
    return ops::PlanComplexSigmoidBackward(kOpName, gradOutput, output, gradInput, promoted,
                                           workspaceSize, executor);
  }
  const ops::ElementwiseCall call{kOpName, &kDesc, {gradOutput, output}, {gradInput}, promoted, {}};
  return ops::PlanElementwise(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                 const aclTensor* output, aclTensor* gradInput,
                                                 uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("output", output).Tensor("gradInput", gradInput);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, output, gradInput, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSigmoidBackward)
