// aclnnSwiGluGrad: with s = sigmoid(A), out_A = yGrad s (1 + A (1 - s)) B and out_B = yGrad s A,
// A / B the front / back halves of x's [Π dims from dim] block (as aclnnSwiGlu splits it).
// Generated phase 1 on the vendor's side: nulls 161001, dtype columns 161002; the tiling's checks
// (dim range, even split, 310P alignment, the 950's yGrad shape) surface as 561002, as measured
// on an Atlas A2 (docs/divergences.md).
#include "aclnnop/aclnn_swi_glu_grad.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnSwiGluGrad";
namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT16, ACL_FLOAT};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  return (sc::Is310P(soc)) ? kFirst : kSecond;
}

int GetWorkspaceSize(const aclTensor* yGrad, const aclTensor* x, int64_t dim, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(yGrad);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(yGrad);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  const int tiling = ACLNN_ERR_INNER_TILING_ERROR;
  if (soc->family == SocFamily::kAtlasTraining) {
    return sc::RefuseChip(kOpName, *soc, code,
                          "Atlas A2, Atlas A3, Ascend 950 and Atlas inference (310P)");
  }
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "yGrad", yGrad->dtype, Dtypes(*soc), *soc, code));
  ACLCPU_CHECK_SAME_DTYPE(yGrad, x);
  ACLCPU_CHECK_SAME_DTYPE(yGrad, out);
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "x", x, 8, tiling));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "yGrad", yGrad, 8, tiling));
  const int64_t rank = static_cast<int64_t>(x->viewShape.size());
  int d = 0;
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "x", tiling, &d));
  if (sc::Is950(*soc)) {  // the 950 tiling compares yGrad with x dim by dim
    ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "x", x, d, tiling));
    ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "x", x, d, "yGrad", yGrad, tiling));
  }
  int64_t cut = 1;
  for (size_t i = static_cast<size_t>(d); i < x->viewShape.size(); ++i) cut *= x->viewShape[i];
  if (cut % 2 != 0) {
    return Fail(tiling, std::string(kOpName) + ": x shape " + opcheck::ShapeString(x->viewShape) +
                            " has an odd number of elements (" + std::to_string(cut) +
                            ") from dim " + std::to_string(d) + " to the end; they must split " +
                            "into two equal halves");
  }
  if (sc::Is310P(*soc) && (cut / 2 * static_cast<int64_t>(DtypeSize(x->dtype))) % 64 != 0) {
    return Fail(tiling, std::string(kOpName) + ": x half block of " + std::to_string(cut / 2) +
                            " elements is not a multiple of 64 bytes, which " + soc->name +
                            " requires");
  }
  // The A2 tiling never reads yGrad's shape (the vendor runs a yGrad of x's shape); here it must
  // hold exactly the Π(x) / 2 values the kernel reads.
  if (sc::Numel(yGrad) != sc::Numel(x) / 2) {
    return Fail(tiling, std::string(kOpName) + ": yGrad shape " +
                            opcheck::ShapeString(yGrad->viewShape) + " holds " +
                            std::to_string(sc::Numel(yGrad)) + " elements; x shape " +
                            opcheck::ShapeString(x->viewShape) + " split at dim " +
                            std::to_string(d) + " gives " + std::to_string(sc::Numel(x) / 2));
  }
  ACLCPU_CHECK_SAME_SHAPE(x, out);
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = kernels::split::Op::kSwiGluGrad;
  plan.mode = kernels::split::Mode::kMergedHalves;
  plan.dim = d;
  plan.activateFirst = true;
  plan.backward = true;
  plan.x = x;
  plan.dy = yGrad;
  plan.out = out;
  plan.xName = "x";
  plan.dyName = "yGrad";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwiGluGradGetWorkspaceSize(const aclTensor* yGrad, const aclTensor* x, int64_t dim,
                                            const aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSwiGluGrad", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("yGrad", yGrad).Tensor("x", x).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(yGrad, x, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSwiGluGrad)
