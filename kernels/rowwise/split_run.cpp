// Dispatch of the split-and-gate problems to their functors, and the fixed-block parallel loop.
#include "rowwise/split_formulas.h"  // first: its pragmas silence GCC's AVX-512 header warnings
#include "rowwise/split_map.h"
#include "rowwise/split_problem.h"
#include "stream_tasks.h"

namespace aclcpu {
namespace kernels {
namespace split {
namespace {

int64_t ItemBytes(DType d) { return static_cast<int64_t>(DTypeSize(d)); }

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
  p.params.golden = p.golden;
  if (p.groupIndex != nullptr) p.rowLimit = GroupRows(p);
  const SplitMap<C, F> map(p);
  const int64_t total = map.Total();
  if (total == 0) return true;
  // Tasks of up to 256 KiB of the widest operand (stream_tasks.h), at least kBlockElements.
  int64_t item = 1;
  for (int k = 0; k < p.numInputs; ++k) item = std::max(item, ItemBytes(p.in[k].dtype));
  for (int k = 0; k < p.numOutputs; ++k) item = std::max(item, ItemBytes(p.out[k].dtype));
  const int64_t block = StreamTaskElems(item, total, kBlockElements);
  const int64_t tasks = (total + block - 1) / block;
  auto body = [&map, total, block](int64_t t) {
    const int64_t begin = t * block;
    map.RunBlock(begin, std::min(total, begin + block));
  };
  RunTasks(pool, tasks, body);
  return true;
}

// fp32 packets, or double for DOUBLE operands and golden mode.
template <typename F>
bool RunFloatOrDouble(const Problem& p, ThreadPool* pool) {
  return p.computeInDouble ? RunWith<double, F>(p, pool) : RunWith<float, F>(p, pool);
}

}  // namespace

bool Run(const Problem& p, ThreadPool* pool) {
  switch (p.op) {
    case Op::kSwiGlu:
      return RunFloatOrDouble<SwiGluFn>(p, pool);
    case Op::kGlu:
      return RunFloatOrDouble<GluFn<false>>(p, pool);
    case Op::kGluHalfSteps:
      return RunFloatOrDouble<GluFn<true>>(p, pool);
    case Op::kGeGluTanh:
      return RunFloatOrDouble<GeGluFn<false, false>>(p, pool);
    case Op::kGeGluErf:
      return RunFloatOrDouble<GeGluFn<true, false>>(p, pool);
    case Op::kGeGluTanhHalfGelu:
      return RunFloatOrDouble<GeGluFn<false, true>>(p, pool);
    case Op::kGeGluErfHalfGelu:
      return RunFloatOrDouble<GeGluFn<true, true>>(p, pool);
    case Op::kSwiGluGrad:
      return RunFloatOrDouble<SwiGluGradFn>(p, pool);
    case Op::kGluGrad:
      return RunFloatOrDouble<GluGradFn<false>>(p, pool);
    case Op::kGluGradBf16Steps:
      return RunFloatOrDouble<GluGradFn<true>>(p, pool);
    case Op::kGeGluGradTanh:
      return RunFloatOrDouble<GeGluGradFn<false>>(p, pool);
    case Op::kGeGluGradErf:
      return RunFloatOrDouble<GeGluGradFn<true>>(p, pool);
    case Op::kGeluMulTanh:
      return RunFloatOrDouble<GeluMulFn<false>>(p, pool);
    case Op::kGeluMulErf:
      return RunFloatOrDouble<GeluMulFn<true>>(p, pool);
    case Op::kFatreluMul:
      return RunFloatOrDouble<FatreluMulFn>(p, pool);
    case Op::kSituGlu:
      return RunFloatOrDouble<SituGluFn>(p, pool);
    case Op::kClippedSwiglu:
      return RunFloatOrDouble<ClippedSwigluFn>(p, pool);
    case Op::kClippedSwigluMode1:
      return RunFloatOrDouble<ClippedSwigluMode1Fn>(p, pool);
    case Op::kSwigluGroup:
      return RunFloatOrDouble<SwigluGroupFn<false>>(p, pool);
    case Op::kSwigluGroupWeighted:
      return RunFloatOrDouble<SwigluGroupFn<true>>(p, pool);
    case Op::kSituGluGrad:
      return RunFloatOrDouble<SituGluGradFn>(p, pool);
    case Op::kClippedSwigluGrad:
      return RunFloatOrDouble<ClippedSwigluGradFn>(p, pool);
  }
  return false;
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
