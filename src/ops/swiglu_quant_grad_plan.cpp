#include "ops/swiglu_quant_grad_plan.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/precision.h"
#include "nnopbase/op_checks.h"
#include "ops/quant_views.h"
#include "ops/view_utils.h"
#include "quant/swiglu_quant_grad.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace kq = kernels::quant;

// Input slots in snapshot order; outputs: gradX, gradWeight.
enum Slot { kGradY, kX, kWeight, kYOrigin, kGroup, kSlots };
constexpr const char* kNames[kSlots] = {"gradY", "x", "weightOptional", "yOriginOptional",
                                        "groupIndexOptional"};
constexpr const char* kOutNames[2] = {"gradXOut", "gradWeightOutOptional"};

struct GradLaunch {
  float clamp;
  double clampExact;
  int8_t input[kSlots];  // index in plan.inputs, -1 = absent
};

kq::SwigluQuantGradProblem BuildProblem(const GradLaunch& l, const ExecutorPlan& plan) {
  kq::SwigluQuantGradProblem p;
  const TensorSnapshot& gy = plan.inputs[static_cast<size_t>(l.input[kGradY])];
  p.gradY = QuantViewOf(gy);
  p.x = QuantViewOf(plan.inputs[static_cast<size_t>(l.input[kX])]);
  p.gradX = QuantViewOf(plan.outputs[0]);
  p.dtype = QuantFloatDtype(gy.dtype);
  p.rows = 1;
  for (int d = 0; d + 1 < p.gradY.ndim; ++d) p.rows *= p.gradY.shape[d];
  p.h = p.gradY.shape[p.gradY.ndim - 1];
  if (l.input[kWeight] >= 0) {
    p.weight = QuantViewOf(plan.inputs[static_cast<size_t>(l.input[kWeight])]);
    p.yOrigin = QuantViewOf(plan.inputs[static_cast<size_t>(l.input[kYOrigin])]);
    p.gradWeight = QuantViewOf(plan.outputs[1]);
  }
  if (l.input[kGroup] >= 0) {
    const TensorSnapshot& g = plan.inputs[static_cast<size_t>(l.input[kGroup])];
    p.groupIndex = static_cast<const int64_t*>(FirstElement(g));
    p.groupCount = g.shape[0];
    p.groupStride = g.strides[0];
  }
  p.clamp = l.clamp;
  p.clampExact = l.clampExact;
  p.golden = CurrentPrecision() == PrecisionMode::kGolden;
  return p;
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const GradLaunch l = plan.Payload<GradLaunch>();
  const char* op = plan.opName;
  for (int s = 0; s < kSlots; ++s) {
    if (l.input[s] < 0) continue;
    const TensorSnapshot& v = plan.inputs[static_cast<size_t>(l.input[s])];
    if (CheckEnabled(1)) ACLCPU_RETURN_IF_ERROR(RecheckView(op, kNames[s], v));
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(op, kNames[s], v));
  }
  if (CheckEnabled(1)) {
    for (size_t o = 0; o < plan.outputs.size(); ++o) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(op, kOutNames[o], plan.outputs[o]));
    }
  }
  const kq::SwigluQuantGradProblem problem = BuildProblem(l, plan);
  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  auto task = [problem, pool]() -> int {
    kq::RunSwigluQuantGrad(problem, pool);
    return 0;
  };
  return SubmitPlanTask(op, plan, stream, std::move(task));
}

}  // namespace

int FinishSwigluQuantGradPlan(const SwigluQuantGradPlan& plan, uint64_t* workspaceSize,
                              aclOpExecutor** executor) {
  const char* const op = plan.opName;
  const bool weighted = plan.weight != nullptr;
  const aclTensor* in[kSlots] = {plan.gradY, plan.x, plan.weight, weighted ? plan.yOrigin : nullptr,
                                 plan.groupIndex};
  const aclTensor* out[2] = {plan.gradX, weighted ? plan.gradWeight : nullptr};
  bool empty = false;
  for (const aclTensor* t : {plan.gradY, plan.x, plan.gradX}) empty = empty || opcheck::IsEmpty(t);
  ExecutorPlan ep;
  ep.opName = op;
  GradLaunch l{};
  std::fill(l.input, l.input + kSlots, static_cast<int8_t>(-1));
  if (!empty) {
    for (int s = 0; s < kSlots; ++s) {
      if (in[s] != nullptr)
        ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, kNames[s], in[s]));
    }
    for (int o = 0; o < 2; ++o) {
      if (out[o] == nullptr) continue;
      ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, kOutNames[o], out[o]));
      ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, kOutNames[o], out[o]));
      for (int s = 0; s < kSlots; ++s) {
        if (in[s] == nullptr) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, kOutNames[o], out[o], kNames[s], in[s]));
      }
    }
    if (out[1] != nullptr) {
      ACLCPU_RETURN_IF_ERROR(
          opcheck::NoPartialOverlap(op, kOutNames[1], out[1], kOutNames[0], out[0]));
    }
    l.clamp = plan.clamp;
    l.clampExact = plan.clampExact;
    TensorSnapshot snaps[kSlots];
    int8_t n = 0;
    for (int s = 0; s < kSlots; ++s) {
      if (in[s] == nullptr) continue;
      l.input[s] = n;
      snaps[n++] = Snapshot(*in[s]);
    }
    if (n == 2) ep.inputs = {snaps[0], snaps[1]};
    if (n == 3) ep.inputs = {snaps[0], snaps[1], snaps[2]};
    if (n == 4) ep.inputs = {snaps[0], snaps[1], snaps[2], snaps[3]};
    if (n == 5) ep.inputs = {snaps[0], snaps[1], snaps[2], snaps[3], snaps[4]};
    ep.outputs = out[1] != nullptr ? SnapshotArray<ExecutorPlan::kMaxOutputs>{Snapshot(*out[0]),
                                                                              Snapshot(*out[1])}
                                   : SnapshotArray<ExecutorPlan::kMaxOutputs>{Snapshot(*out[0])};
    ep.SetPayload(l);
    ep.launch = &Launch;
  }
  // The API's numbering counts every tensor passed, read or not (yOrigin and gradWeight are
  // unused without a weight; an empty problem's plan holds no snapshot).
  ep.apiInputs.Set({ApiSlotMap::Of(plan.gradY, l.input[kGradY]),
                    ApiSlotMap::Of(plan.x, l.input[kX]),
                    ApiSlotMap::Of(plan.weight, l.input[kWeight]),
                    ApiSlotMap::Of(plan.yOrigin, l.input[kYOrigin]),
                    ApiSlotMap::Of(plan.groupIndex, l.input[kGroup])});
  const bool written = !empty && out[1] != nullptr;
  ep.apiOutputs.Set({ApiSlotMap::Of(plan.gradX, empty ? -1 : 0),
                     ApiSlotMap::Of(plan.gradWeight, written ? 1 : -1)});
  ep.workspaceSize = 0;
  aclOpExecutor* created = CreateExecutor(ep);
  if (created == nullptr) {
    return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR,
                std::string(op) + ": could not create the executor");
  }
  *workspaceSize = 0;
  *executor = created;
  return ACLNN_SUCCESS;
}

}  // namespace ops
}  // namespace aclcpu
