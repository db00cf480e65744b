#include "ops/gelu_quant_plan.h"

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
#include "quant/gelu_quant.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace kq = kernels::quant;

struct GeluQuantLaunch {
  bool dynamic;
  bool tanh;
  kq::Target target;
  kq::HifRounding hif;
  int8_t scaleInput;   // index in plan.inputs, -1 = absent
  int8_t offsetInput;  // -1 = absent (always absent when dynamic)
};

constexpr const char* kInputNames[] = {"self", "inputScaleOptional", "inputOffsetOptional"};

kq::ColumnVector VectorOf(const TensorSnapshot& v) {
  kq::ColumnVector c;
  c.data = FirstElement(v);
  c.dtype = QuantFloatDtype(v.dtype);
  c.count = 1;
  for (int64_t d : v.shape) c.count *= d;
  c.stride = v.shape.empty() ? 1 : v.strides[0];
  return c;
}

kq::GeluQuantProblem BuildProblem(const GeluQuantLaunch& l, const ExecutorPlan& plan) {
  const TensorSnapshot& x = plan.inputs[0];
  const TensorSnapshot& y = plan.outputs[0];
  kq::GeluQuantProblem p;
  if (x.shape.empty()) {  // a 0-dim self is one row of one column
    p.ndim = 1;
    p.shape[0] = 1;
    p.xStrides[0] = 1;
    p.yStrides[0] = 1;
  } else {
    p.ndim = static_cast<int>(x.shape.size());
    for (int d = 0; d < p.ndim; ++d) {
      p.shape[d] = x.shape[static_cast<size_t>(d)];
      p.xStrides[d] = x.strides[static_cast<size_t>(d)];
      p.yStrides[d] = y.strides[static_cast<size_t>(d)];
    }
  }
  p.x = FirstElement(x);
  p.xDtype = QuantFloatDtype(x.dtype);
  p.y = static_cast<uint8_t*>(const_cast<void*>(FirstElement(y)));
  if (l.scaleInput >= 0) p.scale = VectorOf(plan.inputs[static_cast<size_t>(l.scaleInput)]);
  if (l.offsetInput >= 0) p.offset = VectorOf(plan.inputs[static_cast<size_t>(l.offsetInput)]);
  if (l.dynamic) {
    // outScale's elements in row-major order, one per row (phase 1 checked the count): its
    // leading dims equal self's, so its strides over them walk the rows.
    const TensorSnapshot& s = plan.outputs[1];
    p.outScale = static_cast<float*>(const_cast<void*>(FirstElement(s)));
    for (int d = 0; d + 1 < p.ndim; ++d) p.outScaleStrides[d] = s.strides[static_cast<size_t>(d)];
  }
  p.dynamic = l.dynamic;
  p.tanh = l.tanh;
  p.target = l.target;
  p.hif = l.hif;
  p.golden = CurrentPrecision() == PrecisionMode::kGolden;
  return p;
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const GeluQuantLaunch l = plan.Payload<GeluQuantLaunch>();
  const char* op = plan.opName;
  const char* outNames[] = {"y", "outScaleOptional"};
  if (CheckEnabled(1)) {
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(op, kInputNames[i], plan.inputs[i]));
    }
    for (size_t i = 0; i < plan.outputs.size(); ++i) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(op, outNames[i], plan.outputs[i]));
    }
  }
  for (size_t i = 0; i < plan.inputs.size(); ++i) {
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(op, kInputNames[i], plan.inputs[i]));
  }
  const kq::GeluQuantProblem problem = BuildProblem(l, plan);
  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  auto task = [problem, pool]() -> int {
    kq::RunGeluQuant(problem, pool);
    return 0;
  };
  return SubmitPlanTask(op, plan, stream, std::move(task));
}

}  // namespace

int FinishGeluQuantPlan(const GeluQuantPlan& plan, uint64_t* workspaceSize,
                        aclOpExecutor** executor) {
  const char* const op = plan.opName;
  const aclTensor* inputs[] = {plan.self, plan.scale, plan.dynamic ? nullptr : plan.offset};
  const aclTensor* outputs[] = {plan.y, plan.dynamic ? plan.outScale : nullptr};
  // Every tensor the kernel touches lies in device memory; outputs write each element once and
  // never overlap an input or each other (the dtypes differ, so no exact aliasing either).
  const char* outNames[] = {"y", "outScaleOptional"};
  for (int i = 0; i < 3; ++i) {
    if (inputs[i] != nullptr) {
      ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, kInputNames[i], inputs[i]));
    }
  }
  for (int o = 0; o < 2; ++o) {
    if (outputs[o] == nullptr) continue;
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, outNames[o], outputs[o]));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, outNames[o], outputs[o]));
    for (int i = 0; i < 3; ++i) {
      if (inputs[i] == nullptr) continue;
      ACLCPU_RETURN_IF_ERROR(
          opcheck::NoPartialOverlap(op, outNames[o], outputs[o], kInputNames[i], inputs[i]));
    }
  }
  if (outputs[1] != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        opcheck::NoPartialOverlap(op, outNames[1], outputs[1], outNames[0], outputs[0]));
  }
  GeluQuantLaunch l{};
  l.dynamic = plan.dynamic;
  l.tanh = plan.tanh;
  l.target = plan.target;
  l.hif = plan.hif;
  l.scaleInput = -1;
  l.offsetInput = -1;
  ExecutorPlan ep;
  ep.opName = op;
  TensorSnapshot in[3];
  int8_t n = 0;
  in[n++] = Snapshot(*plan.self);
  if (inputs[1] != nullptr) {
    l.scaleInput = n;
    in[n++] = Snapshot(*inputs[1]);
  }
  if (inputs[2] != nullptr) {
    l.offsetInput = n;
    in[n++] = Snapshot(*inputs[2]);
  }
  if (n == 1) ep.inputs = {in[0]};
  if (n == 2) ep.inputs = {in[0], in[1]};
  if (n == 3) ep.inputs = {in[0], in[1], in[2]};
  ep.outputs =
      outputs[1] != nullptr
          ? SnapshotArray<ExecutorPlan::kMaxOutputs>{Snapshot(*outputs[0]), Snapshot(*outputs[1])}
          : SnapshotArray<ExecutorPlan::kMaxOutputs>{Snapshot(*outputs[0])};
  // The API's numbering: self, inputScaleOptional, inputOffsetOptional; y, outScaleOptional (a
  // dynamic plan does not read the offset, a static one does not write outScale).
  ep.apiInputs.Set(
      {0, ApiSlotMap::Of(plan.scale, l.scaleInput), ApiSlotMap::Of(plan.offset, l.offsetInput)});
  ep.apiOutputs.Set({0, ApiSlotMap::Of(plan.outScale, outputs[1] != nullptr ? 1 : -1)});
  ep.workspaceSize = 0;
  ep.SetPayload(l);
  ep.launch = &Launch;
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
