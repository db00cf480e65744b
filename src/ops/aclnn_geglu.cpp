// aclnnGeGlu / aclnnGeGluV3: outGelu = gelu(gate), out = other * gelu(gate), gate the second
// half of self along dim (V3: the first when activateLeft). Hand-written phase 1
// (activation/ge_glu_v2 op_api, checks before the executor): the vendor's order and codes.
// fp16 rounds gelu to fp16 before an fp16 multiply, as the vendor's kernels do.
#include "aclnnop/aclnn_geglu.h"

#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/op_export.h"
#include "ops/split_checks.h"
#include "ops/split_plan.h"

namespace aclcpu {
namespace {

namespace sc = ops::splitcheck;

const std::vector<aclDataType>& Dtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kFirst = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  static const std::vector<aclDataType> kSecond = {ACL_FLOAT16, ACL_FLOAT};
  return (sc::IsA2OrA3(soc) || sc::Is950(soc)) ? kFirst : kSecond;
}

// out / outGelu: self's dims with dim halved (a 0-d self has nothing to compare).
int CheckHalf(const char* op, const aclTensor* self, int d, const char* arg, const aclTensor* t) {
  if (self->viewShape.empty()) return ACLNN_SUCCESS;
  return sc::HalvedShape(op, "self", self, d, arg, t, ACLNN_ERR_PARAM_INVALID);
}

int GetWorkspaceSize(const char* kOpName, const aclTensor* self, int64_t dim, int64_t approximate,
                     bool activateLeft, aclTensor* out, aclTensor* outGelu, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(outGelu);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  ACLCPU_CHECK_LIVE_TENSOR(outGelu);
  int status = 0;
  const SocProfile* soc = sc::Chip(kOpName, &status);
  if (soc == nullptr) return status;
  const int code = ACLNN_ERR_PARAM_INVALID;
  const std::vector<aclDataType>& dtypes = Dtypes(*soc);
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "self", self->dtype, dtypes, *soc, code));
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "out", out->dtype, dtypes, *soc, code));
  ACLCPU_RETURN_IF_ERROR(sc::DtypeOnChip(kOpName, "outGelu", outGelu->dtype, dtypes, *soc, code));
  const bool zeroDim = self->viewShape.empty();
  if (!opcheck::IsEmpty(self) && !zeroDim) {
    ACLCPU_CHECK_SAME_DTYPE(self, out);
    ACLCPU_CHECK_SAME_DTYPE(self, outGelu);
  }
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "self", self, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "out", out, 8, code));
  ACLCPU_RETURN_IF_ERROR(sc::RankAtMost(kOpName, "outGelu", outGelu, 8, code));
  const int64_t rank = std::max<int64_t>(static_cast<int64_t>(self->viewShape.size()), 1);
  int d = 0;
  ACLCPU_RETURN_IF_ERROR(sc::DimInRange(kOpName, "dim", dim, rank, "self", code, &d));
  if (!zeroDim) {
    ACLCPU_RETURN_IF_ERROR(sc::EvenSplit(kOpName, "self", self, d, code));
    ACLCPU_RETURN_IF_ERROR(CheckHalf(kOpName, self, d, "out", out));
    ACLCPU_RETURN_IF_ERROR(CheckHalf(kOpName, self, d, "outGelu", outGelu));
  }
  if (approximate != 0 && approximate != 1) {
    return Fail(code, std::string(kOpName) + ": approximate " + std::to_string(approximate) +
                          " is not supported; expected 0 (erf) or 1 (tanh)");
  }
  ops::SplitOpPlan plan;
  plan.opName = kOpName;
  const bool erf = approximate == 0;
  namespace sk = kernels::split;
  if (self->dtype == ACL_FLOAT16) {
    plan.kernel = erf ? sk::Op::kGeGluErfHalfGelu : sk::Op::kGeGluTanhHalfGelu;
  } else {
    plan.kernel = erf ? sk::Op::kGeGluErf : sk::Op::kGeGluTanh;
  }
  plan.mode = sk::Mode::kAlongDim;
  plan.dim = d;
  plan.activateFirst = activateLeft;
  plan.x = self;
  plan.out = out;
  plan.out2 = outGelu;
  plan.xName = "self";
  plan.out2Name = "outGelu";
  plan.noWork = zeroDim;  // a 0-d self succeeds with nothing to compute
  return ops::FinishSplitPlan(plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnGeGluGetWorkspaceSize(const aclTensor* self, int64_t dim, int64_t approximate,
                                       aclTensor* out, aclTensor* outGelu, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGeGlu", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Int("dim", dim).Int("approximate", approximate);
        c.Tensor("out", out).Tensor("outGelu", outGelu);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnGeGlu", self, dim, approximate, false, out, outGelu,
                                        workspaceSize, executor);
      });
}

aclnnStatus aclnnGeGluV3GetWorkspaceSize(const aclTensor* self, int64_t dim, int64_t approximate,
                                         bool activateLeft, aclTensor* out, aclTensor* outGelu,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      "aclnnGeGluV3", workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self).Int("dim", dim).Int("approximate", approximate);
        c.Arg("activateLeft", activateLeft ? "true" : "false");
        c.Tensor("out", out).Tensor("outGelu", outGelu);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize("aclnnGeGluV3", self, dim, approximate, activateLeft, out,
                                        outGelu, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnGeGlu)
ACLCPU_EXPORT_PHASE2(aclnnGeGluV3)
