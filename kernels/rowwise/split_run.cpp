// Dispatch of the split-and-gate problems to their functors, and the fixed-block parallel loop.
#include "rowwise/split_formulas.h"  // first: its pragmas silence GCC's AVX-512 header warnings
#include "rowwise/split_map.h"
#include "rowwise/split_problem.h"

namespace aclcpu {
namespace kernels {
namespace split {
namespace {

// D5: the row limit from the group index, read now (the stream has made it current).
int64_t GroupRows(const Problem& p) {
  int64_t rows = 1;
  for (int d = 0; d < p.rowDims; ++d) rows *= p.shape[d];
  if (p.groupSumInFloat) {
    float sum = 0.0f;
    for (int64_t g = 0; g < p.groupCount; ++g) {
      sum += static_cast<float>(p.groupIndex[g * p.groupStride]);
    }
    if (!(sum > 0.0f)) return 0;
    return sum >= static_cast<float>(rows) ? rows : static_cast<int64_t>(sum);
  }
  int64_t sum = 0;
  for (int64_t g = 0; g < p.groupCount; ++g) {
    const int64_t v = p.groupIndex[g * p.groupStride];
    if (__builtin_add_overflow(sum, v, &sum)) sum = v > 0 ? INT64_MAX : INT64_MIN;
  }
  return sum <= 0 ? 0 : std::min(sum, rows);
}

template <typename C, typename F>
bool RunWith(const Problem& problem, ThreadPool* pool) {
  if (problem.numInputs != F::kIn || problem.numOutputs != F::kOut) return false;
  Problem p = problem;
  if (p.groupIndex != nullptr) p.rowLimit = GroupRows(p);
  const SplitMap<C, F> map(p);
  const int64_t total = map.Total();
  if (total == 0) return true;
  const int64_t tasks = (total + kBlockElements - 1) / kBlockElements;
  auto body = [&map, total](int64_t t) {
    const int64_t begin = t * kBlockElements;
    map.RunBlock(begin, std::min(total, begin + kBlockElements));
  };
  RunTasks(pool, tasks, body);
  return true;
}

// Formulas offered in double as well (the operators whose dtype list has DOUBLE).
template <typename F>
bool RunFloatOrDouble(const Problem& p, ThreadPool* pool) {
  return p.computeInDouble ? RunWith<double, F>(p, pool) : RunWith<float, F>(p, pool);
}

template <typename F>
bool RunFloat(const Problem& p, ThreadPool* pool) {
  return p.computeInDouble ? false : RunWith<float, F>(p, pool);
}

}  // namespace

bool Run(const Problem& p, ThreadPool* pool) {
  switch (p.op) {
    case Op::kSwiGlu:
      return RunFloat<SwiGluFn>(p, pool);
    case Op::kGlu:
      return RunFloatOrDouble<GluFn<false>>(p, pool);
    case Op::kGluHalfSteps:
      return RunFloat<GluFn<true>>(p, pool);
    case Op::kGeGluTanh:
      return RunFloat<GeGluFn<false, false>>(p, pool);
    case Op::kGeGluErf:
      return RunFloat<GeGluFn<true, false>>(p, pool);
    case Op::kGeGluTanhHalfGelu:
      return RunFloat<GeGluFn<false, true>>(p, pool);
    case Op::kGeGluErfHalfGelu:
      return RunFloat<GeGluFn<true, true>>(p, pool);
    case Op::kSwiGluGrad:
      return RunFloat<SwiGluGradFn>(p, pool);
    case Op::kGluGrad:
      return RunFloatOrDouble<GluGradFn<false>>(p, pool);
    case Op::kGluGradBf16Steps:
      return RunFloat<GluGradFn<true>>(p, pool);
    case Op::kGeGluGradTanh:
      return RunFloat<GeGluGradFn<false>>(p, pool);
    case Op::kGeGluGradErf:
      return RunFloat<GeGluGradFn<true>>(p, pool);
    case Op::kGeluMulTanh:
      return RunFloat<GeluMulFn<false>>(p, pool);
    case Op::kGeluMulErf:
      return RunFloat<GeluMulFn<true>>(p, pool);
    case Op::kFatreluMul:
      return RunFloat<FatreluMulFn>(p, pool);
    case Op::kSituGlu:
      return RunFloat<SituGluFn>(p, pool);
    case Op::kClippedSwiglu:
      return RunFloat<ClippedSwigluFn>(p, pool);
    case Op::kClippedSwigluMode1:
      return RunFloat<ClippedSwigluMode1Fn>(p, pool);
    case Op::kSwigluGroup:
      return RunFloat<SwigluGroupFn<false>>(p, pool);
    case Op::kSwigluGroupWeighted:
      return RunFloat<SwigluGroupFn<true>>(p, pool);
    case Op::kSituGluGrad:
      return RunFloat<SituGluGradFn>(p, pool);
    case Op::kClippedSwigluGrad:
      return RunFloat<ClippedSwigluGradFn>(p, pool);
  }
  return false;
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
