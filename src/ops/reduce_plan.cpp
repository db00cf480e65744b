#include "ops/reduce_plan.h"

#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/precision.h"
#include "elementwise/cast.h"
#include "nnopbase/objects.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/view_memory.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

namespace rw = kernels::rowwise;

struct LaunchInfo {
  rw::ReduceOp op;
  bool computeF64;
  int64_t dim;
  kernels::DType inVia[2];
  kernels::DType outVia[2];
  const char* names[4];  // inputs, then outputs (static literals), in the kernel's order
  int8_t inSlot[2];      // the executor slot of the kernel's input k (API order)
  int8_t outSlot[2];
  // Output 0's dtype is not a float the kernel stores (SoftmaxBackward's unchecked out): the
  // kernel writes a contiguous buffer of outVia[0], which the vendor's Cast then converts.
  bool castOut;
  kernels::DType castTo;
};

// Converts the row-major values of `shape` at src (type `from`) into the strided view at dst
// (type `to`, strides in elements): the last dim one strided run at a time.
void CastIntoView(const char* src, kernels::DType from, char* dst, kernels::DType to,
                  const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
  const kernels::CastFn cast = kernels::GetCast(from, to);
  const int nd = static_cast<int>(shape.size());
  if (nd == 0) {
    cast(src, 1, dst, 1, 1);
    return;
  }
  const int64_t run = shape[nd - 1];
  int64_t runs = 1;
  for (int d = 0; d + 1 < nd; ++d) runs *= shape[d];
  if (run == 0 || runs == 0) return;
  const int64_t fromSize = static_cast<int64_t>(kernels::DTypeSize(from));
  const int64_t toSize = static_cast<int64_t>(kernels::DTypeSize(to));
  std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
  int64_t offset = 0;  // elements of dst
  for (int64_t r = 0; r < runs; ++r) {
    cast(src + r * run * fromSize, 1, dst + offset * toSize, strides[nd - 1], run);
    for (int d = nd - 2; d >= 0; --d) {
      offset += strides[d];
      if (++idx[d] < shape[d]) break;
      offset -= strides[d] * shape[d];
      idx[d] = 0;
    }
  }
}

void FillOperand(const TensorSnapshot& view, kernels::DType via, int64_t dim, int ndim,
                 bool perLine, rw::ReduceOperand* operand) {
  operand->data = const_cast<void*>(ViewFirstElement(view));
  ToElem(view.dtype, &operand->storage);
  operand->via = via;
  if (view.shape.empty()) {  // 0-d: one value
    operand->strides[0] = 1;
    return;
  }
  for (int d = 0; d < ndim; ++d) {
    if (perLine) {  // the view lacks `dim`
      operand->strides[d] = d == dim ? 0 : view.strides[d < dim ? d : d - 1];
    } else {
      operand->strides[d] = view.strides[d];
    }
  }
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const LaunchInfo info = plan.Payload<LaunchInfo>();
  const char* opName = plan.opName;
  const int nIn = rw::NumInputs(info.op);
  const int nOut = rw::NumOutputs(info.op);
  auto In = [&](int k) -> const TensorSnapshot& { return plan.inputs[info.inSlot[k]]; };
  auto Out = [&](int k) -> const TensorSnapshot& { return plan.outputs[info.outSlot[k]]; };
  if (CheckEnabled(1)) {
    for (int k = 0; k < nIn; ++k) {
      ACLCPU_RETURN_IF_ERROR(RecheckViewMemory(opName, info.names[k], In(k)));
    }
    for (int k = 0; k < nOut; ++k) {
      ACLCPU_RETURN_IF_ERROR(RecheckViewMemory(opName, info.names[nIn + k], Out(k)));
    }
  }
  for (int k = 0; k < nIn; ++k) {
    ACLCPU_RETURN_IF_ERROR(CheckViewInitialised(opName, info.names[k], In(k)));
  }
  rw::ReduceProblem problem;
  problem.op = info.op;
  problem.computeF64 = info.computeF64;
  const TensorSnapshot& shapeView = In(0);
  problem.ndim = shapeView.shape.empty() ? 1 : static_cast<int>(shapeView.shape.size());
  problem.dim = static_cast<int>(info.dim);
  for (int d = 0; d < problem.ndim; ++d) {
    problem.shape[d] = shapeView.shape.empty() ? 1 : shapeView.shape[d];
  }
  for (int k = 0; k < nIn; ++k) {
    FillOperand(In(k), info.inVia[k], info.dim, problem.ndim, false, &problem.in[k]);
  }
  for (int k = 0; k < nOut; ++k) {
    FillOperand(Out(k), info.outVia[k], info.dim, problem.ndim, k == 1, &problem.out[k]);
  }
  // Output 0 through a buffer of outVia[0] and the cast: the kernel's operand is that buffer,
  // row-major (its pointer is set when the task runs and owns it).
  std::vector<int64_t> castShape;
  std::vector<int64_t> castStrides;
  char* castDst = nullptr;
  if (info.castOut) {
    const TensorSnapshot& o = Out(0);
    castShape.assign(o.shape.begin(), o.shape.end());
    castStrides.assign(o.strides.begin(), o.strides.end());
    castDst = static_cast<char*>(const_cast<void*>(ViewFirstElement(o)));
    problem.out[0].storage = info.outVia[0];
    int64_t stride = 1;
    for (int d = problem.ndim - 1; d >= 0; --d) {
      problem.out[0].strides[d] = stride;
      stride *= problem.shape[d];
    }
  }
  size_t cost = 0;
  std::vector<rt::ByteRange> writes;
  for (int k = 0; k < nIn; ++k) cost += ViewTrafficBytes(In(k));
  for (int k = 0; k < nOut; ++k) {
    cost += ViewTrafficBytes(Out(k));
    writes.push_back(ViewHull(Out(k)));
  }
  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  // The problem holds raw pointers and strides only: the executor may be gone when it runs.
  const bool castOut = info.castOut;
  const kernels::DType castFrom = info.outVia[0];
  const kernels::DType castTo = info.castTo;
  auto task = [problem, pool, castOut, castFrom, castTo, castShape, castStrides,
               castDst]() mutable -> int {
    std::vector<char> buffer;
    if (castOut) {
      int64_t n = 1;
      for (int64_t d : castShape) n *= d;
      buffer.resize(static_cast<size_t>(n) * kernels::DTypeSize(castFrom));
      problem.out[0].data = buffer.data();
    }
    rw::RunReduce(problem, pool);
    if (castOut) CastIntoView(buffer.data(), castFrom, castDst, castTo, castShape, castStrides);
    return 0;
  };
  const int rc = rt::Submit(stream, opName, std::move(task), std::move(writes), cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  for (int k = 0; k < nOut; ++k) MarkViewWritten(plan.outputs[k]);
  return ACLNN_SUCCESS;
}

int CheckViews(const ReducePlan& plan, int nIn, int nOut) {
  const char* op = plan.opName;
  for (int k = 0; k < nIn; ++k) {
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, plan.in[k].name, plan.in[k].tensor));
  }
  for (int k = 0; k < nOut; ++k) {
    const ReduceArg& out = plan.out[k];
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, out.name, out.tensor));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, out.name, out.tensor));
    for (int i = 0; i < nIn; ++i) {
      ACLCPU_RETURN_IF_ERROR(
          opcheck::NoPartialOverlap(op, out.name, out.tensor, plan.in[i].name, plan.in[i].tensor));
    }
  }
  if (nOut == 2) {
    // The per-line output is written after its line's other output: no sharing at all.
    ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(op, plan.out[1].name, plan.out[1].tensor,
                                                     plan.out[0].name, plan.out[0].tensor));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

bool ToElem(aclDataType dtype, kernels::DType* elem) {
  switch (dtype) {
    case ACL_FLOAT:
      *elem = kernels::DType::F32;
      return true;
    case ACL_FLOAT16:
      *elem = kernels::DType::F16;
      return true;
    case ACL_BF16:
      *elem = kernels::DType::BF16;
      return true;
    case ACL_DOUBLE:
      *elem = kernels::DType::F64;
      return true;
    default:
      return false;
  }
}

int FinishReducePlan(const ReducePlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const int nIn = rw::NumInputs(plan.op);
  const int nOut = rw::NumOutputs(plan.op);
  ExecutorPlan executorPlan;
  executorPlan.opName = plan.opName;
  executorPlan.workspaceSize = 0;
  if (!plan.empty) {
    ACLCPU_RETURN_IF_ERROR(CheckViews(plan, nIn, nOut));
    LaunchInfo info{plan.op, plan.computeF64, plan.dim, {},    {},
                    {},      {0, 1},          {0, 1},   false, kernels::DType::F32};
    if (plan.apiSwapsIn && nIn == 2) info.inSlot[0] = 1, info.inSlot[1] = 0;
    if (plan.apiSwapsOut && nOut == 2) info.outSlot[0] = 1, info.outSlot[1] = 0;
    for (int k = 0; k < nIn; ++k) {
      if (!ToElem(plan.in[k].via, &info.inVia[k])) info.inVia[k] = kernels::DType::F64;
      info.names[k] = plan.in[k].name;
    }
    for (int k = 0; k < nOut; ++k) {
      if (!ToElem(plan.out[k].via, &info.outVia[k])) info.outVia[k] = kernels::DType::F64;
      info.names[nIn + k] = plan.out[k].name;
    }
    kernels::DType outElem = kernels::DType::F32;
    if (!ToElem(plan.out[0].tensor->dtype, &outElem)) {
      if (nOut != 1 || !ToKernelDtype(plan.out[0].tensor->dtype, &outElem)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, std::string(plan.opName) + ": " + plan.out[0].name +
                                                 " has a dtype the result cannot be cast to");
      }
      info.castOut = true;
      info.castTo = outElem;
    }
    if (CurrentPrecision() == PrecisionMode::kGolden) {
      // The golden: float64 from the exactly widened inputs, one rounding to each output.
      info.computeF64 = true;
      for (kernels::DType& via : info.inVia) via = kernels::DType::F64;
      for (kernels::DType& via : info.outVia) via = kernels::DType::F64;
    }
    if (nIn == 1) {
      executorPlan.inputs = {Snapshot(*plan.in[0].tensor)};
    } else {
      executorPlan.inputs = {Snapshot(*plan.in[info.inSlot[0]].tensor),
                             Snapshot(*plan.in[info.inSlot[1]].tensor)};
    }
    if (nOut == 1) {
      executorPlan.outputs = {Snapshot(*plan.out[0].tensor)};
    } else {
      executorPlan.outputs = {Snapshot(*plan.out[info.outSlot[0]].tensor),
                              Snapshot(*plan.out[info.outSlot[1]].tensor)};
    }
    for (int k = 0; k < nIn; ++k) executorPlan.inputNames[info.inSlot[k]] = plan.in[k].name;
    for (int k = 0; k < nOut; ++k) executorPlan.outputNames[info.outSlot[k]] = plan.out[k].name;
    executorPlan.SetPayload(info);
    executorPlan.launch = &Launch;
  }
  aclOpExecutor* created = CreateExecutor(executorPlan);
  if (created == nullptr) {
    return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR,
                std::string(plan.opName) + ": could not create the executor");
  }
  *workspaceSize = 0;
  *executor = created;
  return ACLNN_SUCCESS;
}

}  // namespace ops
}  // namespace aclcpu
