#include "ops/view_utils.h"

#include <cstdio>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"

namespace aclcpu {
namespace ops {
namespace {

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

}  // namespace

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

void MarkWritten(const TensorSnapshot& view) {
  if (!ForEachRun(view, [](const void* p, size_t n) { rt::MarkWritten(p, n); })) {
    const rt::ByteRange hull = WrittenHull(view)[0];
    rt::MarkWritten(reinterpret_cast<const void*>(hull.begin), hull.end - hull.begin);
  }
}

int SubmitPlanTask(const char* op, const ExecutorPlan& plan, aclrtStream stream, rt::Task task) {
  size_t cost = 0;
  std::vector<rt::ByteRange> writes;
  for (size_t i = 0; i < plan.inputs.size(); ++i) cost += TrafficBytes(plan.inputs[i]);
  for (size_t o = 0; o < plan.outputs.size(); ++o) {
    cost += TrafficBytes(plan.outputs[o]);
    for (const rt::ByteRange& r : WrittenHull(plan.outputs[o])) writes.push_back(r);
  }
  const int rc = rt::Submit(stream, op, std::move(task), writes, cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR,
                std::string(op) + ": enqueueing on the stream failed with runtime error " +
                    std::to_string(rc));
  }
  if (CheckEnabled(2)) {
    for (size_t o = 0; o < plan.outputs.size(); ++o) MarkWritten(plan.outputs[o]);
  }
  return ACLNN_SUCCESS;
}

}  // namespace ops
}  // namespace aclcpu
