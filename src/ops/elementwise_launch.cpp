#include "ops/elementwise_launch.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"
#include "ops/view_utils.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

constexpr int kMaxOperands = kernels::kMaxInputs + kernels::kMaxOutputs;

// What the stream task owns: copies of the views (the executor may be gone before the stream
// runs it) and the inputs' strides aligned to the output's shape (0 where broadcast).
struct Task {
  LaunchInfo info;
  kernels::ThreadPool* pool = nullptr;
  TensorSnapshot views[kMaxOperands];  // inputs, then outputs
  DimVector inStrides[kernels::kMaxInputs];

  int operator()() const {
    const TensorSnapshot& shapeOf = views[info.numIn];
    kernels::ElementwiseProblem p;
    p.ndim = static_cast<int>(shapeOf.shape.size());
    p.shape = shapeOf.shape.data();
    p.numIn = info.numIn;
    p.numOut = info.numOut;
    for (int i = 0; i < info.numIn; ++i) {
      p.in[i] = {FirstElement(views[i]), inStrides[i].data(), info.dtypes[i]};
    }
    for (int k = 0; k < info.numOut; ++k) {
      const TensorSnapshot& v = views[info.numIn + k];
      p.out[k] = {FirstElement(v), v.strides.data(), info.dtypes[info.numIn + k]};
    }
    kernels::RunElementwise(*info.row, info.precision, p, info.params, pool);
    return 0;
  }
};

// The strides of `in` in the coordinates of an output of shape `out` (numpy broadcasting:
// missing leading dims and size-1 dims step 0).
void AlignStrides(const TensorSnapshot& in, const DimVector& out, DimVector* strides) {
  const size_t n = out.size();
  const size_t m = in.shape.size();
  int64_t buf[64] = {};
  for (size_t d = 0; d < n && d < 64; ++d) {
    const size_t back = n - 1 - d;  // dim counted from the right
    if (back < m) {
      const size_t j = m - 1 - back;
      buf[d] = in.shape[j] == 1 && out[d] != 1 ? 0 : in.strides[j];
    }
  }
  strides->assign(buf, buf + n);
}

}  // namespace

int LaunchElementwise(const ExecutorPlan& plan, aclrtStream stream) {
  const LaunchInfo info = plan.Payload<LaunchInfo>();
  const char* opName = plan.opName;
  auto task = std::make_shared<Task>();
  task->info = info;
  for (int i = 0; i < info.numIn; ++i) task->views[i] = plan.inputs[i];
  for (int k = 0; k < info.numOut; ++k) task->views[info.numIn + k] = plan.outputs[k];
  const int count = info.numIn + info.numOut;
  if (CheckEnabled(1)) {
    for (int i = 0; i < count; ++i) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(opName, info.argNames[i], task->views[i]));
    }
  }
  for (int i = 0; i < info.numIn; ++i) {
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(opName, info.argNames[i], task->views[i]));
  }
  const DimVector& outShape = task->views[info.numIn].shape;
  size_t cost = 0;
  for (int i = 0; i < info.numIn; ++i) {
    AlignStrides(task->views[i], outShape, &task->inStrides[i]);
    cost += TrafficBytes(task->views[i]);
  }
  std::vector<rt::ByteRange> writes;
  for (int k = 0; k < info.numOut; ++k) {
    const TensorSnapshot& v = task->views[info.numIn + k];
    cost += TrafficBytes(v);
    const std::vector<rt::ByteRange> hull = WrittenHull(v);
    writes.insert(writes.end(), hull.begin(), hull.end());
  }
  task->pool = rt::CurrentDevicePool();
  // Small work on an idle stream runs inline, on this thread (see rt::kInlineCostLimit).
  const int rc = rt::Submit(
      stream, opName, [task] { return (*task)(); }, std::move(writes), cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  if (CheckEnabled(2)) {
    for (int k = 0; k < info.numOut; ++k) MarkWritten(task->views[info.numIn + k]);
  }
  return ACLNN_SUCCESS;
}

}  // namespace ops
}  // namespace aclcpu
