// aclnnSwiGlu: out = silu(A) * B, A / B the front / back halves of x's [Π dims from dim] block.
// Generated phase 1 on the vendor's side: nulls 161001, the def table's dtype columns 161002,
// and the tiling's checks, reported with the documentation's 161002 (docs/divergences.md).
#include "aclnnop/aclnn_swi_glu.h"

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

constexpr const char* kOpName = "aclnnSwiGlu";
namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT16, ACL_FLOAT};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  return (sc::Is310P(soc)) ? kFirst : kSecond;
}

int GetWorkspaceSize(const aclTensor* x, int64_t dim, const aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(x);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(x);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  if (soc->family == SocFamily::kAtlasTraining) {
    return sc::RefuseChip(kOpName, *soc, ACLNN_ERR_PARAM_INVALID,
                          "Atlas A2, Atlas A3, Ascend 950 and Atlas inference (310P)");
  }
  const int code = ACLNN_ERR_PARAM_INVALID;
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "x", x->dtype, Dtypes(*soc), *soc, code));
  ACLCPU_CHECK_SAME_DTYPE(x, out);
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "x", x, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "out", out, 8, code));
  const int64_t rank = static_cast<int64_t>(x->viewShape.size());
  int d = 0;
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "x", code, &d));
  int64_t cut = 1;
  for (size_t i = static_cast<size_t>(d); i < x->viewShape.size(); ++i) cut *= x->viewShape[i];
  if (cut % 2 != 0) {
    return Fail(code, std::string(kOpName) + ": x shape " + opcheck::ShapeString(x->viewShape) +
                          " has an odd number of elements (" + std::to_string(cut) + ") from dim " +
                          std::to_string(d) + " to the end; they must split " +
                          "into two equal halves");
  }
  if (sc::Is310P(*soc) && (cut / 2 * static_cast<int64_t>(DtypeSize(x->dtype))) % 64 != 0) {
    return Fail(code, std::string(kOpName) + ": x half block of " + std::to_string(cut / 2) +
                          " elements is not a multiple of 64 bytes, which " + soc->name +
                          " requires");
  }
  // Only the 950 tiling requires an empty out for an empty x; elsewhere an empty x is no work,
  // whatever out is (nothing is written).
  const int64_t half = sc::Numel(x) / 2;
  if (sc::Numel(out) != half && (half != 0 || sc::Is950(*soc))) {
    return Fail(code, std::string(kOpName) + ": out shape " + opcheck::ShapeString(out->viewShape) +
                          " holds " + std::to_string(sc::Numel(out)) + " elements; x shape " +
                          opcheck::ShapeString(x->viewShape) + " split at dim " +
                          std::to_string(d) + " gives " + std::to_string(half));
  }
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  plan.kernel = kernels::split::Op::kSwiGlu;
  plan.mode = kernels::split::Mode::kMergedHalves;
  plan.dim = d;
  plan.activateFirst = true;
  plan.x = x;
  plan.out = out;
  plan.xName = "x";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor* x, int64_t dim, const aclTensor* out,
                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnSwiGlu", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("x", x).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(x, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnSwiGlu)
