#include "ops/swiglu_group_quant_plan.h"

#include <algorithm>
#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/precision.h"
#include "nnopbase/op_checks.h"
#include "ops/quant_views.h"
#include "ops/view_utils.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace kq = kernels::quant;

enum InSlot { kX, kWeight, kGroup, kScale, kInSlots };
enum OutSlot { kY, kYScale, kYOrigin, kOutSlots };
constexpr const char* kInNames[kInSlots] = {"x", "weightOptional", "groupIndexOptional",
                                            "scaleOptional"};
constexpr const char* kOutNames[kOutSlots] = {"yOut", "yScaleOut", "yOriginOut"};

struct QuantLaunch {
  kq::SwigluQuantMode mode;
  kq::Target target;
  bool roundScale;
  float clamp;
  float dstTypeMax;
  double clampExact;
  double dstTypeMaxExact;
  int8_t input[kInSlots];    // index in plan.inputs, -1 = absent
  int8_t output[kOutSlots];  // index in plan.outputs, -1 = not written
};

kq::SwigluGroupQuantProblem BuildProblem(const QuantLaunch& l, const ExecutorPlan& plan) {
  kq::SwigluGroupQuantProblem p;
  const TensorSnapshot& x = plan.inputs[static_cast<size_t>(l.input[kX])];
  p.x = QuantViewOf(x);
  p.dtype = QuantFloatDtype(x.dtype);
  p.rows = 1;
  for (int d = 0; d + 1 < p.x.ndim; ++d) p.rows *= p.x.shape[d];
  p.h = p.x.shape[p.x.ndim - 1] / 2;
  if (l.input[kWeight] >= 0)
    p.weight = QuantViewOf(plan.inputs[static_cast<size_t>(l.input[kWeight])]);
  if (l.input[kGroup] >= 0) {
    const TensorSnapshot& g = plan.inputs[static_cast<size_t>(l.input[kGroup])];
    p.groupIndex = static_cast<const int64_t*>(FirstElement(g));
    p.groupCount = g.shape[0];
    p.groupStride = g.strides[0];
  }
  if (l.input[kScale] >= 0) {
    const TensorSnapshot& s = plan.inputs[static_cast<size_t>(l.input[kScale])];
    p.scale = QuantViewOf(s);
    p.scaleCount = s.shape[0];
  }
  p.y = QuantViewOf(plan.outputs[static_cast<size_t>(l.output[kY])]);
  if (l.output[kYScale] >= 0)
    p.yScale = QuantViewOf(plan.outputs[static_cast<size_t>(l.output[kYScale])]);
  if (l.output[kYOrigin] >= 0) {
    p.yOrigin = QuantViewOf(plan.outputs[static_cast<size_t>(l.output[kYOrigin])]);
  }
  p.mode = l.mode;
  p.target = l.target;
  p.roundScale = l.roundScale;
  p.clamp = l.clamp;
  p.dstTypeMax = l.dstTypeMax;
  p.clampExact = l.clampExact;
  p.dstTypeMaxExact = l.dstTypeMaxExact;
  p.golden = CurrentPrecision() == PrecisionMode::kGolden;
  return p;
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const QuantLaunch l = plan.Payload<QuantLaunch>();
  const char* op = plan.opName;
  for (int s = 0; s < kInSlots; ++s) {
    if (l.input[s] < 0) continue;
    const TensorSnapshot& v = plan.inputs[static_cast<size_t>(l.input[s])];
    if (CheckEnabled(1)) ACLCPU_RETURN_IF_ERROR(RecheckView(op, kInNames[s], v));
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(op, kInNames[s], v));
  }
  if (CheckEnabled(1)) {
    for (int o = 0; o < kOutSlots; ++o) {
      if (l.output[o] < 0) continue;
      ACLCPU_RETURN_IF_ERROR(
          RecheckView(op, kOutNames[o], plan.outputs[static_cast<size_t>(l.output[o])]));
    }
  }
  const kq::SwigluGroupQuantProblem problem = BuildProblem(l, plan);
  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  auto task = [problem, pool]() -> int {
    kq::RunSwigluGroupQuant(problem, pool);
    return 0;
  };
  return SubmitPlanTask(op, plan, stream, std::move(task));
}

}  // namespace

int FinishSwigluGroupQuantPlan(const SwigluGroupQuantPlan& plan, uint64_t* workspaceSize,
                               aclOpExecutor** executor) {
  const char* const op = plan.opName;
  const aclTensor* in[kInSlots] = {plan.x, plan.weight, plan.groupIndex, plan.scale};
  const aclTensor* out[kOutSlots] = {plan.y, plan.yScale, plan.yOrigin};
  const bool empty = opcheck::IsEmpty(plan.x) || opcheck::IsEmpty(plan.y);
  ExecutorPlan ep;
  ep.opName = op;
  QuantLaunch l{};
  std::fill(l.input, l.input + kInSlots, static_cast<int8_t>(-1));
  std::fill(l.output, l.output + kOutSlots, static_cast<int8_t>(-1));
  if (!empty) {
    for (int s = 0; s < kInSlots; ++s) {
      if (in[s] != nullptr) {
        ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, kInNames[s], in[s]));
      }
    }
    for (int o = 0; o < kOutSlots; ++o) {
      if (out[o] == nullptr) continue;
      ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, kOutNames[o], out[o]));
      ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, kOutNames[o], out[o]));
      for (int s = 0; s < kInSlots; ++s) {
        if (in[s] == nullptr) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, kOutNames[o], out[o], kInNames[s], in[s]));
      }
      for (int k = 0; k < o; ++k) {
        if (out[k] == nullptr) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, kOutNames[o], out[o], kOutNames[k], out[k]));
      }
    }
    l.mode = plan.mode;
    l.target = plan.target;
    l.roundScale = plan.roundScale;
    l.clamp = plan.clamp;
    l.dstTypeMax = plan.dstTypeMax;
    l.clampExact = plan.clampExact;
    l.dstTypeMaxExact = plan.dstTypeMaxExact;
    int8_t n = 0;
    ep.inputs.resize(0);
    for (int s = 0; s < kInSlots; ++s) {
      if (in[s] == nullptr) continue;
      l.input[s] = n;
      ep.inputs.resize(static_cast<size_t>(n) + 1);
      ep.inputs[static_cast<size_t>(n)] = Snapshot(*in[s]);
      ep.inputNames[n++] = kInNames[s];
    }
    n = 0;
    for (int o = 0; o < kOutSlots; ++o) {
      if (out[o] == nullptr) continue;
      l.output[o] = n;
      ep.outputs.resize(static_cast<size_t>(n) + 1);
      ep.outputs[static_cast<size_t>(n)] = Snapshot(*out[o]);
      ep.outputNames[n++] = kOutNames[o];
    }
    ep.SetPayload(l);
    ep.launch = &Launch;
  }
  // The API's numbering: every tensor the caller passed, including those this mode leaves alone
  // (re-pointed only) and those left out of an empty problem's plan.
  ep.apiInputs.Set({ApiSlotMap::Of(plan.x, l.input[kX]),
                    ApiSlotMap::Of(plan.weight, l.input[kWeight]),
                    ApiSlotMap::Of(plan.groupIndex, l.input[kGroup]),
                    ApiSlotMap::Of(plan.passedScale, l.input[kScale])});
  ep.apiOutputs.Set({ApiSlotMap::Of(plan.y, l.output[kY]),
                     ApiSlotMap::Of(plan.passedYScale, l.output[kYScale]),
                     ApiSlotMap::Of(plan.passedYOrigin, l.output[kYOrigin])});
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
