#include "ops/split_memcheck.h"

#include <cstdio>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace splitmem {
namespace {

const char* FirstElement(const TensorSnapshot& v) {
  return static_cast<const char*>(v.data) + v.offset * static_cast<int64_t>(DtypeSize(v.dtype));
}

constexpr int64_t kMaxRuns = int64_t{1} << 20;

// Calls f(first byte, byte count) for each contiguous run of the view's elements; false (and no
// call) when there would be more than kMaxRuns runs.
template <typename F>
bool ForEachRun(const TensorSnapshot& view, F f) {
  const int64_t item = static_cast<int64_t>(DtypeSize(view.dtype));
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  for (size_t i = 0; i < view.shape.size(); ++i) {
    if (view.shape[i] == 0) return true;
    if (view.shape[i] == 1) continue;
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
  const char* first = FirstElement(view);
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

void MarkWritten(const TensorSnapshot& view) {
  if (ForEachRun(view, [](const void* p, size_t n) { rt::MarkWritten(p, n); })) return;
  const int64_t item = static_cast<int64_t>(DtypeSize(view.dtype));
  int64_t lo = 0;
  int64_t hi = 0;
  for (size_t i = 0; i < view.shape.size(); ++i) {
    const int64_t span = (view.shape[i] - 1) * view.strides[i];
    (span >= 0 ? hi : lo) += span;
  }
  rt::MarkWritten(FirstElement(view) + lo * item, static_cast<size_t>((hi - lo + 1) * item));
}

}  // namespace splitmem
}  // namespace ops
}  // namespace aclcpu
