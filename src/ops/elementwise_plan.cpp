#include "ops/elementwise_plan.h"

#include <algorithm>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/precision.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_launch.h"

namespace aclcpu {
namespace ops {
namespace {

struct DtypePair {
  aclDataType acl;
  kernels::DType kernel;
};
constexpr DtypePair kDtypes[] = {
    {ACL_FLOAT, kernels::DType::F32},     {ACL_FLOAT16, kernels::DType::F16},
    {ACL_BF16, kernels::DType::BF16},     {ACL_DOUBLE, kernels::DType::F64},
    {ACL_INT8, kernels::DType::I8},       {ACL_UINT8, kernels::DType::U8},
    {ACL_INT16, kernels::DType::I16},     {ACL_INT32, kernels::DType::I32},
    {ACL_INT64, kernels::DType::I64},     {ACL_BOOL, kernels::DType::Bool},
    {ACL_COMPLEX64, kernels::DType::C64}, {ACL_COMPLEX128, kernels::DType::C128},
};

int CheckViews(const char* api, const ElementwiseDesc& d, const ElementwiseCall& c) {
  const char* const* names = d.argNames;
  for (int i = 0; i < d.numIn; ++i) {
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(api, names[i], c.in[i]));
  }
  for (int k = 0; k < d.numOut; ++k) {
    const char* outName = names[d.numIn + k];
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(api, outName, c.out[k]));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(api, outName, c.out[k]));
    // An output may alias an input only exactly (same view): a broadcast input never qualifies.
    for (int i = 0; i < d.numIn; ++i) {
      ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(api, outName, c.out[k], names[i], c.in[i]));
    }
    for (int j = 0; j < k; ++j) {
      const char* other = names[d.numIn + j];
      ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(api, outName, c.out[k], other, c.out[j]));
      if (c.out[k]->data == c.out[j]->data && c.out[k]->offset == c.out[j]->offset) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    std::string(api) + ": " + outName + " and " + other + " are the same memory");
      }
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace

int ChipFor(const char* api, const SocProfile** soc) {
  std::string error;
  *soc = SelectedSoc(&error);
  if (*soc == nullptr) return Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(api) + ": " + error);
  return ACLNN_SUCCESS;
}

bool BroadcastShapes(const aclTensor* a, const aclTensor* b, std::vector<int64_t>* shape) {
  const auto& sa = a->viewShape;
  const auto& sb = b->viewShape;
  const size_t n = std::max(sa.size(), sb.size());
  shape->assign(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const int64_t da = i < n - sa.size() ? 1 : sa[i - (n - sa.size())];
    const int64_t db = i < n - sb.size() ? 1 : sb[i - (n - sb.size())];
    if (da != db && da != 1 && db != 1) return false;
    (*shape)[i] = da == 1 ? db : da;
  }
  return true;
}

int CheckBroadcast(const char* api, const char* aArg, const aclTensor* a, const char* bArg,
                   const aclTensor* b, std::vector<int64_t>* shape) {
  if (BroadcastShapes(a, b, shape)) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(api) + ": " + aArg + " shape " +
                                           opcheck::ShapeString(a->viewShape) + " and " + bArg +
                                           " shape " + opcheck::ShapeString(b->viewShape) +
                                           " cannot broadcast");
}

int CheckOutShape(const char* api, const char* outArg, const aclTensor* out,
                  const std::vector<int64_t>& shape) {
  if (out->viewShape == shape) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID,
              std::string(api) + ": " + outArg + " shape " + opcheck::ShapeString(out->viewShape) +
                  " must equal the broadcast shape " + opcheck::ShapeString(shape));
}

bool ToKernelDtype(aclDataType dtype, kernels::DType* out) {
  for (const DtypePair& p : kDtypes) {
    if (p.acl == dtype) {
      *out = p.kernel;
      return true;
    }
  }
  return false;
}

int PlanElementwise(const ElementwiseCall& c, uint64_t* workspaceSize, aclOpExecutor** executor,
                    const ApiSlotMap& apiInputs, const ApiSlotMap& apiOutputs) {
  const ElementwiseDesc& d = *c.desc;
  const char* const api = c.api;
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ChipFor(api, &soc));

  LaunchInfo info;
  info.params = c.params;
  info.numIn = d.numIn;
  info.numOut = d.numOut;
  info.precision = CurrentPrecision() == PrecisionMode::kGolden ? kernels::Precision::Golden
                                                                : kernels::Precision::Npu;
  for (int i = 0; i < d.numIn + d.numOut; ++i) info.argNames[i] = d.argNames[i];
  kernels::DType computeDtype = kernels::DType::F32;
  info.row = ToKernelDtype(c.computeDtype, &computeDtype)
                 ? kernels::FindKernel(d.op, soc->generation, computeDtype)
                 : nullptr;
  bool ok = info.row != nullptr;
  const aclTensor* operands[kernels::kMaxInputs + kernels::kMaxOutputs];
  for (int i = 0; i < d.numIn; ++i) operands[i] = c.in[i];
  for (int k = 0; k < d.numOut; ++k) operands[d.numIn + k] = c.out[k];
  for (int i = 0; i < d.numIn + d.numOut; ++i) {
    ok = ok && ToKernelDtype(operands[i]->dtype, &info.dtypes[i]);
  }
  if (!ok) {
    std::string dtypes;
    for (int i = 0; i < d.numIn + d.numOut; ++i) {
      dtypes +=
          std::string(i == 0 ? "" : ", ") + d.argNames[i] + " " + DtypeName(operands[i]->dtype);
    }
    return Fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                std::string(api) + ": no kernel computes in " + DtypeName(c.computeDtype) +
                    " for " + dtypes + " on " + soc->name + " (" + soc->familyName + ")");
  }

  bool empty = false;
  for (int i = 0; i < d.numIn + d.numOut; ++i) empty = empty || opcheck::IsEmpty(operands[i]);
  if (!empty) ACLCPU_RETURN_IF_ERROR(CheckViews(api, d, c));

  ExecutorPlan plan;  // filling it allocates nothing (views of <= 8 dims)
  plan.opName = api;
  plan.inputs.resize(static_cast<size_t>(d.numIn));
  plan.outputs.resize(static_cast<size_t>(d.numOut));
  for (int i = 0; i < d.numIn; ++i) {
    plan.inputs[i] = Snapshot(*c.in[i]);
    plan.inputNames[i] = d.argNames[i];  // for nnopbase's phase-2 messages
  }
  for (int k = 0; k < d.numOut; ++k) {
    plan.outputs[k] = Snapshot(*c.out[k]);
    plan.outputNames[k] = d.argNames[d.numIn + k];
  }
  plan.apiInputs = apiInputs;
  plan.apiOutputs = apiOutputs;
  plan.workspaceSize = 0;
  if (!empty) {
    plan.SetPayload(info);
    plan.launch = &LaunchElementwise;
  }
  aclOpExecutor* created = CreateExecutor(plan);
  if (created == nullptr) {
    return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR,
                std::string(api) + ": could not create the executor");
  }
  *workspaceSize = 0;
  *executor = created;
  return ACLNN_SUCCESS;
}

}  // namespace ops
}  // namespace aclcpu
