// aclnnGlu: out = a * sigmoid(b), a / b the first / second halves of self along dim, computed
// in self's dtype and cast to out's. Hand-written phase 1 (activation/glu op_api): the vendor's
// order and codes.
#include "aclnnop/aclnn_glu.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnGlu";
namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
  return (sc::IsA2OrA3(soc) || sc::Is950(soc)) ? kFirst : kSecond;
}

int GetWorkspaceSize(const aclTensor* self, int64_t dim, const aclTensor* out,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  const std::vector<aclDataType>& dtypes = Dtypes(*soc);
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "self", self->dtype, dtypes, *soc, code));
  // Every listed dtype casts to every other: out only has to be in the list.
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "out", out->dtype, dtypes, *soc, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "self", self, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "out", out, 8, code));
  if (self->viewShape.empty()) {
    return Fail(code, std::string(kOpName) + ": self is 0-dimensional; it needs a dim to split");
  }
  int d = 0;
  const int64_t rank = static_cast<int64_t>(self->viewShape.size());
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "self", code, &d));
  ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "self", self, d, code));
  ACLCPU_RETURN_IF_ERROR(sc::HalvedShape(kOpName, "self", self, d, "out", out, code));

  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  // The A2/A3 GLU kernel and the composite path of 910 / 310P run fp16 in fp16; the 950 kernel
  // widens fp16 and bf16 to fp32.
  const bool halfSteps = self->dtype == ACL_FLOAT16 && !sc::Is950(*soc);
  plan.kernel = halfSteps ? kernels::split::Op::kGluHalfSteps : kernels::split::Op::kGlu;
  plan.mode = kernels::split::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = false;  // the gate is the second half
  plan.x = self;
  plan.out = out;
  plan.xName = "self";
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGluGetWorkspaceSize(const aclTensor* self, int64_t dim, const aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGlu", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Int("dim", dim).Tensor("out", out);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] { return aclcpu::GetWorkspaceSize(self, dim, out, workspaceSize, executor); });
}

ACLCPU_EXPORT_PHASE2(aclnnGlu)
