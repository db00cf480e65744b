#include "ops/split_plan.h"

#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/precision.h"
#include "nnopbase/op_checks.h"
#include "ops/split_memcheck.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace sk = kernels::split;
using Extra = SplitOpPlan::Extra;

// Tensor slots of a plan, in message and view order.
enum Slot { kX, kDy, kSaved, kOut, kOut2, kExtra, kGroup, kSlots };

struct SplitLaunch {
  sk::Op kernel;
  sk::Params params;
  sk::Mode mode;
  Extra extraKind;
  int dim;
  bool activateFirst;
  bool backward;
  bool groupSumInFloat;
  int8_t input[kSlots];   // index in plan.inputs of each input slot, -1 = absent
  int8_t output[kSlots];  // index in plan.outputs of each output slot, -1 = absent
  const char* names[kSlots];
};

const char* FirstElement(const TensorSnapshot& v) {
  return static_cast<const char*>(v.data) + v.offset * static_cast<int64_t>(DtypeSize(v.dtype));
}

sk::Layout LayoutOf(const TensorSnapshot& v) {
  return sk::Layout{static_cast<int>(v.shape.size()), v.shape.data(), v.strides.data()};
}

bool SameShape(const sk::Geometry& a, const sk::Geometry& b) {
  if (a.ndim != b.ndim) return false;
  for (int d = 0; d < a.ndim; ++d) {
    if (a.shape[d] != b.shape[d]) return false;
  }
  return true;
}

void SetOperand(sk::Operand* op, const TensorSnapshot& v, int64_t elementOffset,
                const int64_t* strides, int ndim) {
  op->data = FirstElement(v) + elementOffset * static_cast<int64_t>(DtypeSize(v.dtype));
  op->dtype = SplitDtype(v.dtype);
  for (int d = 0; d < ndim; ++d) op->strides[d] = strides[d];
}

// An extra input over the iteration shape: zero strides everywhere (a scalar), or the tensor's
// elements walked over the row dims and repeated along the split ones (per row).
bool ExtraStrides(const sk::Geometry& g, Extra kind, const TensorSnapshot& t, int64_t* strides) {
  for (int d = 0; d < g.ndim; ++d) strides[d] = 0;
  if (kind == Extra::kScalar) return true;
  int64_t rowStrides[sk::kMaxDims];
  if (!sk::ReshapeStrides(static_cast<int>(t.shape.size()), t.shape.data(), t.strides.data(),
                          g.rowDims, g.shape, rowStrides)) {
    return false;
  }
  for (int d = 0; d < g.rowDims; ++d) strides[d] = rowStrides[d];
  return true;
}

// Builds the kernel problem from the views (indexed by Slot, absent = nullptr); on failure
// *fault names the argument whose layout cannot be walked as the split needs.
bool BuildProblem(const SplitLaunch& l, const TensorSnapshot* const* views, sk::Problem* p,
                  const char** fault) {
  const TensorSnapshot& x = *views[kX];
  sk::Geometry g;
  *fault = l.names[kX];
  if (!sk::MakeGeometry(LayoutOf(x), l.dim, l.mode, &g)) return false;
  *p = sk::Problem{};
  p->op = l.kernel;
  p->params = l.params;
  p->ndim = g.ndim;
  for (int d = 0; d < g.ndim; ++d) p->shape[d] = g.shape[d];
  p->rowDims = g.rowDims;
  p->computeInDouble = x.dtype == ACL_DOUBLE;
  const int64_t gateOffset = l.activateFirst ? g.firstOffset : g.secondOffset;
  const int64_t upOffset = l.activateFirst ? g.secondOffset : g.firstOffset;
  int64_t mapped[sk::kMaxDims];
  int in = 0;
  if (l.backward) {
    *fault = l.names[kDy];
    if (!sk::MapOnto(g, LayoutOf(*views[kDy]), mapped)) return false;
    SetOperand(&p->in[in++], *views[kDy], 0, mapped, g.ndim);
  }
  SetOperand(&p->in[in++], x, gateOffset, g.halfStrides, g.ndim);
  SetOperand(&p->in[in++], x, upOffset, g.halfStrides, g.ndim);
  if (views[kSaved] != nullptr) {
    *fault = l.names[kSaved];
    if (!sk::MapOnto(g, LayoutOf(*views[kSaved]), mapped)) return false;
    SetOperand(&p->in[in++], *views[kSaved], 0, mapped, g.ndim);
  }
  if (views[kExtra] != nullptr) {
    *fault = l.names[kExtra];
    if (!ExtraStrides(g, l.extraKind, *views[kExtra], mapped)) return false;
    SetOperand(&p->in[in++], *views[kExtra], 0, mapped, g.ndim);
  }
  p->numInputs = in;
  if (views[kGroup] != nullptr) {
    const TensorSnapshot& gi = *views[kGroup];
    p->groupIndex = reinterpret_cast<const int64_t*>(FirstElement(gi));
    p->groupCount = gi.shape.empty() ? 1 : gi.shape[0];
    p->groupStride = gi.shape.empty() ? 1 : gi.strides[0];
    p->groupSumInFloat = l.groupSumInFloat;
    p->zeroPastLimit = l.backward;
  }
  const kernels::DType round = SplitDtype(x.dtype);
  if (l.backward) {
    const TensorSnapshot& gx = *views[kOut];
    sk::Geometry gg;
    *fault = l.names[kOut];
    if (!sk::MakeGeometry(LayoutOf(gx), l.dim, l.mode, &gg)) return false;
    // The two layouts may pair the same elements through different shapes (a merged block vs.
    // last-dim pairs): walk gradX's halves in x's iteration shape.
    int64_t halfStrides[sk::kMaxDims];
    if (SameShape(g, gg)) {
      for (int d = 0; d < g.ndim; ++d) halfStrides[d] = gg.halfStrides[d];
    } else if (!sk::ReshapeStrides(gg.ndim, gg.shape, gg.halfStrides, g.ndim, g.shape,
                                   halfStrides)) {
      return false;
    }
    SetOperand(&p->out[0], gx, l.activateFirst ? gg.firstOffset : gg.secondOffset, halfStrides,
               g.ndim);
    SetOperand(&p->out[1], gx, l.activateFirst ? gg.secondOffset : gg.firstOffset, halfStrides,
               g.ndim);
    p->numOutputs = 2;
  } else {
    p->numOutputs = views[kOut2] != nullptr ? 2 : 1;
    for (int k = 0; k < p->numOutputs; ++k) {
      *fault = l.names[kOut + k];
      if (!sk::MapOnto(g, LayoutOf(*views[kOut + k]), mapped)) return false;
      SetOperand(&p->out[k], *views[kOut + k], 0, mapped, g.ndim);
    }
  }
  p->computeRound[0] = p->computeRound[1] = round;
  if (CurrentPrecision() == PrecisionMode::kGolden) {
    // float64 from the exactly widened inputs, no rounding before each output's own.
    p->golden = true;
    p->computeInDouble = true;
    p->computeRound[0] = p->computeRound[1] = kernels::DType::F64;
  }
  return true;
}

int RecheckView(const char* opName, const char* arg, const TensorSnapshot& view) {
  thread_local aclTensor probe;
  probe.viewShape.assign(view.shape.begin(), view.shape.end());
  probe.strides.assign(view.strides.begin(), view.strides.end());
  probe.offset = view.offset;
  probe.dtype = view.dtype;
  probe.data = view.data;
  return opcheck::ViewInDeviceMemory(opName, arg, &probe);
}

rt::ByteRange Hull(const TensorSnapshot& view) {
  const int64_t item = static_cast<int64_t>(DtypeSize(view.dtype));
  int64_t lo = 0;
  int64_t hi = 0;
  for (size_t i = 0; i < view.shape.size(); ++i) {
    const int64_t span = (view.shape[i] - 1) * view.strides[i];
    (span >= 0 ? hi : lo) += span;
  }
  const auto first = reinterpret_cast<uintptr_t>(FirstElement(view));
  return rt::ByteRange{first + lo * item, first + (hi + 1) * item};
}

size_t TrafficBytes(const TensorSnapshot& view) {
  size_t n = DtypeSize(view.dtype);
  for (int64_t d : view.shape) n *= static_cast<size_t>(d);
  return n;
}

void ViewsOf(const ExecutorPlan& plan, const SplitLaunch& l, const TensorSnapshot** views) {
  for (int s = 0; s < kSlots; ++s) {
    views[s] = nullptr;
    if (l.input[s] >= 0) views[s] = &plan.inputs[static_cast<size_t>(l.input[s])];
    if (l.output[s] >= 0) views[s] = &plan.outputs[static_cast<size_t>(l.output[s])];
  }
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const SplitLaunch l = plan.Payload<SplitLaunch>();
  const char* opName = plan.opName;
  const TensorSnapshot* views[kSlots];
  ViewsOf(plan, l, views);
  if (CheckEnabled(1)) {
    for (int s = 0; s < kSlots; ++s) {
      if (views[s] != nullptr) ACLCPU_RETURN_IF_ERROR(RecheckView(opName, l.names[s], *views[s]));
    }
  }
  for (int s = 0; s < kSlots; ++s) {
    if (views[s] != nullptr && l.input[s] >= 0) {
      ACLCPU_RETURN_IF_ERROR(splitmem::CheckInitialised(opName, l.names[s], *views[s]));
    }
  }
  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  sk::Problem problem;
  const char* fault = "";
  if (!BuildProblem(l, views, &problem, &fault)) {  // phase 1 planned the same views
    return Fail(ACLNN_ERR_INNER, std::string(opName) + ": " + fault + " changed layout");
  }
  auto task = [problem, pool]() -> int {
    return sk::Run(problem, pool) ? 0 : ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
  };
  size_t cost = 0;
  std::vector<rt::ByteRange> writes;
  for (int s = 0; s < kSlots; ++s) {
    if (views[s] == nullptr) continue;
    cost += TrafficBytes(*views[s]);
    if (l.output[s] >= 0) writes.push_back(Hull(*views[s]));
  }
  const int rc = rt::Submit(stream, opName, std::move(task), writes, cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  if (CheckEnabled(2)) {  // outputs count as written from here on (stream order)
    for (int s = 0; s < kSlots; ++s) {
      if (views[s] != nullptr && l.output[s] >= 0) splitmem::MarkWritten(*views[s]);
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace

kernels::DType SplitDtype(aclDataType dtype) {
  if (dtype == ACL_FLOAT16) return kernels::DType::F16;
  if (dtype == ACL_BF16) return kernels::DType::BF16;
  if (dtype == ACL_DOUBLE) return kernels::DType::F64;
  return kernels::DType::F32;
}

int FinishSplitPlan(const SplitOpPlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* const op = plan.opName;
  SplitLaunch l{};
  l.kernel = plan.kernel;
  l.params = plan.params;
  l.mode = plan.mode;
  l.extraKind = plan.extraKind;
  l.dim = plan.dim;
  l.activateFirst = plan.activateFirst;
  l.backward = plan.backward;
  l.groupSumInFloat = plan.groupSumInFloat;
  const char* names[kSlots] = {plan.xName,    plan.dyName,    plan.savedName,     plan.outName,
                               plan.out2Name, plan.extraName, plan.groupIndexName};
  const aclTensor* tensors[kSlots] = {plan.x,         plan.backward ? plan.dy : nullptr,
                                      plan.saved,     plan.out,
                                      plan.out2,      plan.extra,
                                      plan.groupIndex};
  for (int s = 0; s < kSlots; ++s) {
    l.names[s] = names[s];
    l.input[s] = -1;
    l.output[s] = -1;
  }
  // Snapshot order: forward x, extra, groupIndex; backward dy, x, saved, groupIndex.
  ExecutorPlan executorPlan;
  executorPlan.opName = op;
  const Slot inputOrder[] = {kDy, kX, kSaved, kExtra, kGroup};
  int8_t n = 0;
  for (Slot s : inputOrder) {
    if (tensors[s] == nullptr) continue;
    l.input[s] = n++;
  }
  const Slot outputOrder[] = {kOut, kOut2};
  int8_t m = 0;
  for (Slot s : outputOrder) {
    if (tensors[s] != nullptr) l.output[s] = m++;
  }
  TensorSnapshot in[5];
  TensorSnapshot out[2];
  for (int s = 0; s < kSlots; ++s) {
    if (l.input[s] >= 0) in[l.input[s]] = Snapshot(*tensors[s]);
    if (l.output[s] >= 0) out[l.output[s]] = Snapshot(*tensors[s]);
  }
  if (n == 1) executorPlan.inputs = {in[0]};
  if (n == 2) executorPlan.inputs = {in[0], in[1]};
  if (n == 3) executorPlan.inputs = {in[0], in[1], in[2]};
  if (n == 4) executorPlan.inputs = {in[0], in[1], in[2], in[3]};
  if (n > 4) return Fail(ACLNN_ERR_INNER, std::string(op) + ": too many inputs for one plan");
  executorPlan.outputs = m == 2 ? SnapshotArray<ExecutorPlan::kMaxOutputs>{out[0], out[1]}
                                : SnapshotArray<ExecutorPlan::kMaxOutputs>{out[0]};
  // The API's input numbering counts an optional tensor the caller passed as null.
  ApiSlotMap& api = executorPlan.apiInputs;
  api.count = 0;
  for (Slot s : inputOrder) {
    const bool takes = s == kDy      ? plan.backward
                       : s == kSaved ? plan.saved != nullptr
                       : s == kExtra ? plan.extraKind != SplitOpPlan::Extra::kNone
                       : s == kGroup ? plan.takesGroupIndex
                                     : true;
    if (takes) api.slot[api.count++] = ApiSlotMap::Of(tensors[s], l.input[s]);
  }
  executorPlan.workspaceSize = 0;

  bool empty = plan.noWork;
  for (Slot s : {kX, kDy, kSaved, kOut, kOut2}) {
    empty = empty || (tensors[s] != nullptr && opcheck::IsEmpty(tensors[s]));
  }
  if (!empty) {
    for (int s = 0; s < kSlots; ++s) {
      if (tensors[s] != nullptr) {
        ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[s], tensors[s]));
      }
    }
    for (Slot o : {kOut, kOut2}) {
      if (tensors[o] == nullptr) continue;
      ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, names[o], tensors[o]));
      for (Slot i : {kX, kDy, kSaved, kExtra, kGroup}) {
        if (tensors[i] == nullptr) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, names[o], tensors[o], names[i], tensors[i]));
      }
    }
    if (tensors[kOut2] != nullptr) {
      ACLCPU_RETURN_IF_ERROR(
          opcheck::NoPartialOverlap(op, names[kOut2], tensors[kOut2], names[kOut], tensors[kOut]));
    }
    const TensorSnapshot* views[kSlots];
    ViewsOf(executorPlan, l, views);
    sk::Problem problem;
    const char* fault = "";
    if (!BuildProblem(l, views, &problem, &fault)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  std::string(op) + ": " + fault +
                      " has a layout the split cannot walk in place (its dims from the split " +
                      "dim on do not share one stride); pass a contiguous tensor");
    }
    executorPlan.SetPayload(l);
    executorPlan.launch = &Launch;
  }
  aclOpExecutor* created = CreateExecutor(executorPlan);
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
