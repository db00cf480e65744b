// aclnnSoftmaxCrossEntropyWithLogits on 2-D [N, C], reducing over C in fp32: with m = max,
// S = sum exp(features - m): backprop = exp(features - m) / S - labels and
// loss[n] = sum labels * (log S - (features - m)).
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"

#include <vector>

#include "common/dtype.h"
#include "ops/op_export.h"
#include "ops/reduce_plan.h"
#include "ops/softmax_common.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSoftmaxCrossEntropyWithLogits";
constexpr size_t kMaxRank = 8;
const std::vector<aclDataType> kDtypesA2ToE = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
const std::vector<aclDataType> kDtypesOther = {ACL_FLOAT16, ACL_FLOAT};

int Check2d(const char* arg, const aclTensor* t) {
  if (t->viewShape.size() == 2) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": " + arg + " must be 2-D, got " +
                                           "shape " + opcheck::ShapeString(t->viewShape));
}

// Not checked by the vendor's phase 1 (its L0 allocates loss as [N] and backprop as features'
// shape and copies them into the user's tensors); refused here so that no view is overrun.
int CheckShapes(const aclTensor* features, const aclTensor* labels, const aclTensor* loss,
                const aclTensor* backprop) {
  ACLCPU_CHECK_SAME_SHAPE(features, labels);
  ACLCPU_CHECK_SAME_SHAPE(features, backprop);
  if (loss->viewShape.size() == 1 && loss->viewShape[0] == features->viewShape[0]) {
    return ACLNN_SUCCESS;
  }
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": loss shape " +
                                           opcheck::ShapeString(loss->viewShape) + " must be [" +
                                           std::to_string(features->viewShape[0]) +
                                           "] (one value per row of features " +
                                           opcheck::ShapeString(features->viewShape) + ")");
}

int GetWorkspaceSize(const aclTensor* features, aclTensor* labels, aclTensor* loss,
                     aclTensor* backprop, uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(features);
  ACLCPU_CHECK_NOT_NULL(labels);
  ACLCPU_CHECK_NOT_NULL(loss);
  ACLCPU_CHECK_NOT_NULL(backprop);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(features);
  ACLCPU_CHECK_LIVE_TENSOR(labels);
  ACLCPU_CHECK_LIVE_TENSOR(loss);
  ACLCPU_CHECK_LIVE_TENSOR(backprop);
  ACLCPU_CHECK_SOC(soc);
  const std::vector<aclDataType>& dtypes = ops::InA2ToE(*soc) ? kDtypesA2ToE : kDtypesOther;
  ACLCPU_CHECK_DTYPE_IN(features, dtypes);
  ACLCPU_CHECK_DTYPE_IN(labels, dtypes);
  ACLCPU_CHECK_DTYPE_IN(loss, dtypes);
  ACLCPU_CHECK_DTYPE_IN(backprop, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(features, loss);
  ACLCPU_CHECK_SAME_DTYPE(features, backprop);
  ACLCPU_CHECK_MAX_RANK(features, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(labels, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(loss, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(backprop, kMaxRank);
  ACLCPU_RETURN_IF_ERROR(Check2d("features", features));
  ACLCPU_RETURN_IF_ERROR(Check2d("labels", labels));
  ops::ReducePlan plan;
  plan.opName = kOpName;
  plan.op = kernels::rowwise::ReduceOp::kSoftmaxCrossEntropy;
  if (opcheck::IsEmpty(features) || opcheck::IsEmpty(labels)) {
    plan.empty = true;
    return ops::FinishReducePlan(plan, workspaceSize, executor);
  }
  // Ascend 950's tiling refuses a labels dtype other than features'.
  if (soc->family == SocFamily::kAscend950 && labels->dtype != features->dtype) {
    return Fail(ACLNN_ERR_INNER_TILING_ERROR, std::string(kOpName) + ": labels dtype " +
                                                  DtypeName(labels->dtype) +
                                                  " must equal features dtype " +
                                                  DtypeName(features->dtype) + " on " + soc->name);
  }
  ACLCPU_RETURN_IF_ERROR(CheckShapes(features, labels, loss, backprop));

  plan.dim = 1;
  plan.in[0] = {features, "features", features->dtype};
  plan.in[1] = {labels, "labels", labels->dtype};
  plan.out[0] = {backprop, "backprop", features->dtype};
  plan.out[1] = {loss, "loss", features->dtype};
  plan.apiSwapsOut = true;  // the executor's output 0 is loss, as the API lists them
  return ops::FinishReducePlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor* features,
                                                               aclTensor* labels, aclTensor* loss,
                                                               aclTensor* backprop,
                                                               uint64_t* workspaceSize,
                                                               aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSoftmaxCrossEntropyWithLogits", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("features", features).Tensor("labels", labels);
        c.Tensor("loss", loss).Tensor("backprop", backprop);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(features, labels, loss, backprop, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnSoftmaxCrossEntropyWithLogits)
