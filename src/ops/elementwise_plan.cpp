#include "ops/elementwise_plan.h"

#include <cstdio>
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

// Phase 2 re-checks the memory: an allocation may have been freed, or an address replaced by
// aclSetTensorAddr, since phase 1.
int RecheckView(const char* opName, const char* arg, const TensorSnapshot& view) {
  // Reused per thread: assigning into its vectors allocates only the first time.
  thread_local aclTensor probe;
  probe.viewShape.assign(view.shape.begin(), view.shape.end());
  probe.strides.assign(view.strides.begin(), view.strides.end());
  probe.offset = view.offset;
  probe.dtype = view.dtype;
  probe.data = view.data;
  return opcheck::ViewInDeviceMemory(opName, arg, &probe);
}

const void* FirstElement(const TensorSnapshot& view) {
  return static_cast<const char*>(view.data) +
         view.offset * static_cast<int64_t>(DtypeSize(view.dtype));
}

// Calls f(first byte, byte count) for each contiguous run of the view's elements; returns false
// (without calling f) when there would be more than kMaxRuns runs.
constexpr int64_t kMaxRuns = int64_t{1} << 20;

template <typename F>
bool ForEachRun(const TensorSnapshot& view, F f) {
  const int64_t item = static_cast<int64_t>(DtypeSize(view.dtype));
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  for (size_t i = 0; i < view.shape.size(); ++i) {
    if (view.shape[i] == 0) return true;
    if (view.shape[i] == 1) continue;
    // Merge into the previous (outer) dim when the two walk memory as one.
    if (!sizes.empty() && strides.back() == view.shape[i] * view.strides[i]) {
      sizes.back() *= view.shape[i];
      strides.back() = view.strides[i];
      continue;
    }
    sizes.push_back(view.shape[i]);
    strides.push_back(view.strides[i]);
  }
  int64_t runBytes = item;
  if (!sizes.empty() && strides.back() == 1) {
    runBytes = sizes.back() * item;
    sizes.pop_back();
    strides.pop_back();
  }
  int64_t runs = 1;
  for (int64_t n : sizes) {
    if (__builtin_mul_overflow(runs, n, &runs) || runs > kMaxRuns) return false;
  }
  const char* first = static_cast<const char*>(FirstElement(view));
  std::vector<int64_t> index(sizes.size(), 0);
  for (int64_t r = 0; r < runs; ++r) {
    int64_t element = 0;
    for (size_t d = 0; d < sizes.size(); ++d) element += index[d] * strides[d];
    f(first + element * item, static_cast<size_t>(runBytes));
    for (size_t d = sizes.size(); d-- > 0;) {
      if (++index[d] < sizes[d]) break;
      index[d] = 0;
    }
  }
  return true;
}

// ACLNN_CPU_CHECK=2: an input must not read device bytes nobody wrote.
int CheckInitialised(const char* opName, const char* arg, const TensorSnapshot& view) {
  if (!CheckEnabled(2)) return ACLNN_SUCCESS;
  rt::UnwrittenBytes gap;
  const char* where = nullptr;
  ForEachRun(view, [&](const void* p, size_t bytes) {
    if (where == nullptr && rt::FindUnwritten(p, bytes, &gap)) where = static_cast<const char*>(p);
  });
  if (where == nullptr) return ACLNN_SUCCESS;
  char text[320];
  std::snprintf(text, sizeof(text),
                ": %s reads never-written device memory: bytes %zu..%zu of the allocation at %p "
                "(%zu bytes; no aclrtMemcpy, aclrtMemset or operator output wrote them)",
                arg, gap.offset, gap.offset + gap.length - 1, gap.allocation, gap.length);
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(opName) + text);
}

// The output's byte hull, for the missing-synchronisation warning.
std::vector<rt::ByteRange> WrittenHull(const TensorSnapshot& view) {
  const int64_t item = static_cast<int64_t>(DtypeSize(view.dtype));
  int64_t lo = 0;
  int64_t hi = 0;
  for (size_t i = 0; i < view.shape.size(); ++i) {
    const int64_t span = (view.shape[i] - 1) * view.strides[i];  // bounds were checked
    (span >= 0 ? hi : lo) += span;
  }
  const auto first = reinterpret_cast<uintptr_t>(FirstElement(view));
  return {rt::ByteRange{first + lo * item, first + (hi + 1) * item}};
}

// Bytes the kernel reads or writes through `view` (the stream's cost hint).
size_t TrafficBytes(const TensorSnapshot& view) {
  size_t n = DtypeSize(view.dtype);
  for (int64_t d : view.shape) n *= static_cast<size_t>(d);
  return n;
}

struct LaunchInfo {
  kernels::KernelId kernel;
  kernels::KernelParams params;
  const char* argNames[3];
};

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const LaunchInfo info = plan.Payload<LaunchInfo>();
  const char* opName = plan.opName;
  const TensorSnapshot* views[] = {&plan.inputs[0], &plan.inputs[1], &plan.outputs[0]};
  if (CheckEnabled(1)) {
    for (int i = 0; i < 3; ++i) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(opName, info.argNames[i], *views[i]));
    }
  }
  for (int i = 0; i < 2; ++i) {
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(opName, info.argNames[i], *views[i]));
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
  // Small work on an idle stream runs inline, on this thread (see rt::kInlineCostLimit).
  const size_t cost =
      TrafficBytes(plan.inputs[0]) + TrafficBytes(plan.inputs[1]) + TrafficBytes(plan.outputs[0]);
  const int rc = rt::Submit(stream, opName, std::move(task), WrittenHull(plan.outputs[0]), cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(opName) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  if (CheckEnabled(2)) {
    // Marked when enqueued (stream order): an operator enqueued next may read this output.
    if (!ForEachRun(plan.outputs[0], [](const void* p, size_t n) { rt::MarkWritten(p, n); })) {
      const rt::ByteRange hull = WrittenHull(plan.outputs[0])[0];
      rt::MarkWritten(reinterpret_cast<const void*>(hull.begin), hull.end - hull.begin);
    }
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

  ExecutorPlan executorPlan;  // filling it allocates nothing (views of <= 8 dims)
  executorPlan.opName = plan.opName;
  executorPlan.inputs = {Snapshot(*plan.in0), Snapshot(*plan.in1)};
  executorPlan.outputs = {Snapshot(*plan.out)};
  executorPlan.inputNames[0] = names[0];  // for nnopbase's phase-2 messages
  executorPlan.inputNames[1] = names[1];
  executorPlan.outputNames[0] = names[2];
  executorPlan.workspaceSize = 0;
  if (!empty) {
    executorPlan.SetPayload(LaunchInfo{plan.kernel, plan.params, {names[0], names[1], names[2]}});
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
