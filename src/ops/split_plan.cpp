#include "ops/split_plan.h"

#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace sk = kernels::split;

struct SplitLaunch {
  sk::Op kernel;
  sk::Params params;
  sk::Mode mode;
  int dim;
  bool activateFirst;
  bool backward;
  bool hasSaved;
  bool hasOut2;
  const char* names[5];  // x, dy, saved, out, out2
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

// Builds the kernel problem from the views; on failure *fault names the argument whose layout
// cannot be walked as the split needs.
bool BuildProblem(const SplitLaunch& l, const TensorSnapshot* const* views, sk::Problem* p,
                  const char** fault) {
  // views: x, dy, saved, out, out2 (absent = nullptr)
  const TensorSnapshot& x = *views[0];
  sk::Geometry g;
  *fault = l.names[0];
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
    *fault = l.names[1];
    if (!sk::MapOnto(g, LayoutOf(*views[1]), mapped)) return false;
    SetOperand(&p->in[in++], *views[1], 0, mapped, g.ndim);
  }
  SetOperand(&p->in[in++], x, gateOffset, g.halfStrides, g.ndim);
  SetOperand(&p->in[in++], x, upOffset, g.halfStrides, g.ndim);
  if (l.hasSaved) {
    *fault = l.names[2];
    if (!sk::MapOnto(g, LayoutOf(*views[2]), mapped)) return false;
    SetOperand(&p->in[in++], *views[2], 0, mapped, g.ndim);
  }
  p->numInputs = in;
  const sk::Dtype round = SplitDtype(x.dtype);
  if (l.backward) {
    const TensorSnapshot& gx = *views[3];
    sk::Geometry gg;
    *fault = l.names[3];
    if (!sk::MakeGeometry(LayoutOf(gx), l.dim, l.mode, &gg) || !SameShape(g, gg)) return false;
    SetOperand(&p->out[0], gx, l.activateFirst ? gg.firstOffset : gg.secondOffset, gg.halfStrides,
               g.ndim);
    SetOperand(&p->out[1], gx, l.activateFirst ? gg.secondOffset : gg.firstOffset, gg.halfStrides,
               g.ndim);
    p->numOutputs = 2;
  } else {
    p->numOutputs = l.hasOut2 ? 2 : 1;
    for (int k = 0; k < p->numOutputs; ++k) {
      *fault = l.names[3 + k];
      if (!sk::MapOnto(g, LayoutOf(*views[3 + k]), mapped)) return false;
      SetOperand(&p->out[k], *views[3 + k], 0, mapped, g.ndim);
    }
  }
  p->computeRound[0] = p->computeRound[1] = round;
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

// The plan's snapshots in BuildProblem's order: x, dy, saved, out, out2.
void ViewsOf(const ExecutorPlan& plan, const SplitLaunch& l, const TensorSnapshot** views) {
  for (int i = 0; i < 5; ++i) views[i] = nullptr;
  if (l.backward) {
    views[1] = &plan.inputs[0];
    views[0] = &plan.inputs[1];
    if (l.hasSaved) views[2] = &plan.inputs[2];
  } else {
    views[0] = &plan.inputs[0];
  }
  views[3] = &plan.outputs[0];
  if (l.hasOut2) views[4] = &plan.outputs[1];
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const SplitLaunch l = plan.Payload<SplitLaunch>();
  const char* opName = plan.opName;
  const TensorSnapshot* views[5];
  ViewsOf(plan, l, views);
  if (CheckEnabled(1)) {
    for (int i = 0; i < 5; ++i) {
      if (views[i] != nullptr) ACLCPU_RETURN_IF_ERROR(RecheckView(opName, l.names[i], *views[i]));
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
  for (int i = 0; i < 5; ++i) {
    if (views[i] != nullptr) cost += TrafficBytes(*views[i]);
  }
  for (int i = 3; i < 5; ++i) {
    if (views[i] != nullptr) writes.push_back(Hull(*views[i]));
  }
  const int rc = rt::Submit(stream, opName, std::move(task), writes, cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  if (CheckEnabled(2)) {  // outputs count as written from here on (stream order)
    for (const rt::ByteRange& r : writes) {
      rt::MarkWritten(reinterpret_cast<const void*>(r.begin), r.end - r.begin);
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace

sk::Dtype SplitDtype(aclDataType dtype) {
  if (dtype == ACL_FLOAT16) return sk::Dtype::kF16;
  if (dtype == ACL_BF16) return sk::Dtype::kBf16;
  if (dtype == ACL_DOUBLE) return sk::Dtype::kF64;
  return sk::Dtype::kF32;
}

int FinishSplitPlan(const SplitOpPlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* const op = plan.opName;
  SplitLaunch l{plan.kernel,
                plan.params,
                plan.mode,
                plan.dim,
                plan.activateFirst,
                plan.backward,
                plan.saved != nullptr,
                plan.out2 != nullptr,
                {plan.xName, plan.dyName, plan.savedName, plan.outName, plan.out2Name}};
  const aclTensor* tensors[5] = {plan.x, plan.backward ? plan.dy : nullptr, plan.saved, plan.out,
                                 plan.out2};
  bool empty = plan.noWork;
  for (const aclTensor* t : tensors) empty = empty || (t != nullptr && opcheck::IsEmpty(t));

  ExecutorPlan executorPlan;
  executorPlan.opName = op;
  if (plan.backward) {
    if (plan.saved != nullptr) {
      executorPlan.inputs = {Snapshot(*plan.dy), Snapshot(*plan.x), Snapshot(*plan.saved)};
    } else {
      executorPlan.inputs = {Snapshot(*plan.dy), Snapshot(*plan.x)};
    }
  } else {
    executorPlan.inputs = {Snapshot(*plan.x)};
  }
  if (plan.out2 != nullptr) {
    executorPlan.outputs = {Snapshot(*plan.out), Snapshot(*plan.out2)};
  } else {
    executorPlan.outputs = {Snapshot(*plan.out)};
  }
  executorPlan.workspaceSize = 0;

  if (!empty) {
    for (int i = 0; i < 5; ++i) {
      if (tensors[i] != nullptr) {
        ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, l.names[i], tensors[i]));
      }
    }
    for (int o = 3; o < 5; ++o) {
      if (tensors[o] == nullptr) continue;
      ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, l.names[o], tensors[o]));
      for (int i = 0; i < 3; ++i) {
        if (tensors[i] == nullptr) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, l.names[o], tensors[o], l.names[i], tensors[i]));
      }
    }
    if (tensors[4] != nullptr) {
      ACLCPU_RETURN_IF_ERROR(
          opcheck::NoPartialOverlap(op, l.names[4], tensors[4], l.names[3], tensors[3]));
    }
    const TensorSnapshot* views[5];
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
