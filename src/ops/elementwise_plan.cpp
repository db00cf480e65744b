#include "ops/elementwise_plan.h"

#include <string>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

// Phase 2 re-checks the memory: an allocation may have been freed, or an address replaced by
// aclSetTensorAddr, since phase 1.
int RecheckView(const char* opName, const char* arg, const TensorSnapshot& view) {
  aclTensor probe;
  probe.viewShape = view.shape;
  probe.strides = view.strides;
  probe.offset = view.offset;
  probe.dtype = view.dtype;
  probe.data = view.data;
  return opcheck::ViewInDeviceMemory(opName, arg, &probe);
}

const void* FirstElement(const TensorSnapshot& view) {
  return static_cast<const char*>(view.data) +
         view.offset * static_cast<int64_t>(DtypeSize(view.dtype));
}

struct LaunchInfo {
  kernels::KernelId kernel;
  kernels::KernelParams params;
  const char* argNames[3];
};

int Launch(const LaunchInfo& info, const ExecutorPlan& plan, aclrtStream stream) {
  const char* opName = plan.opName.c_str();
  const TensorSnapshot* views[] = {&plan.inputs[0], &plan.inputs[1], &plan.outputs[0]};
  for (int i = 0; i < 3; ++i) {
    ACLCPU_RETURN_IF_ERROR(RecheckView(opName, info.argNames[i], *views[i]));
  }
  const kernels::KernelId kernel = info.kernel;
  const kernels::KernelParams params = info.params;

  kernels::ThreadPool* pool = rt::CurrentDevicePool();
  // The task owns copies of the views: the executor may be gone before the stream runs it.
  auto task = [kernel, params, pool, in0 = plan.inputs[0], in1 = plan.inputs[1],
               out = plan.outputs[0]]() -> int {
    kernels::BinaryProblem problem;
    problem.ndim = static_cast<int>(out.shape.size());
    problem.shape = out.shape.data();
    problem.in0 = {FirstElement(in0), in0.strides.data()};
    problem.in1 = {FirstElement(in1), in1.strides.data()};
    problem.out = const_cast<void*>(FirstElement(out));
    problem.outStrides = out.strides.data();
    kernels::RunBinary(kernel, problem, params, pool);
    return 0;
  };
  const int rc = rt::Submit(stream, opName, std::move(task));
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

int FinishBinaryPlan(const BinaryOpPlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* const op = plan.opName;
  const char* const* names = plan.argNames;
  const bool empty = opcheck::IsEmpty(plan.out);
  if (!empty) {
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[0], plan.in0));
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[1], plan.in1));
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[2], plan.out));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, names[2], plan.out));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(op, names[2], plan.out, names[0], plan.in0));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(op, names[2], plan.out, names[1], plan.in1));
  }

  ExecutorPlan executorPlan;
  executorPlan.opName = plan.opName;
  executorPlan.inputs = {Snapshot(*plan.in0), Snapshot(*plan.in1)};
  executorPlan.outputs = {Snapshot(*plan.out)};
  executorPlan.workspaceSize = 0;
  if (!empty) {
    const LaunchInfo info{plan.kernel, plan.params, {names[0], names[1], names[2]}};
    executorPlan.launch = [info](const ExecutorPlan& p, aclrtStream stream) {
      return Launch(info, p, stream);
    };
  }
  aclOpExecutor* created = CreateExecutor(std::move(executorPlan));
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
