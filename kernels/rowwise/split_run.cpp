// Dispatch of the split-and-gate problems to their functors, and the fixed-block parallel loop.
#include "rowwise/split_formulas.h"  // first: its pragmas silence GCC's AVX-512 header warnings
#include "rowwise/split_map.h"
#include "rowwise/split_problem.h"

namespace aclcpu {
namespace kernels {
namespace split {
namespace {

template <typename C, typename F>
bool RunWith(const Problem& p, ThreadPool* pool) {
  if (p.numInputs != F::kIn || p.numOutputs != F::kOut) return false;
  const SplitMap<C, F> map(p);
  const int64_t total = map.Total();
  if (total == 0) return true;
  const int64_t tasks = (total + kBlockElements - 1) / kBlockElements;
  auto body = [&map, total](int64_t t) {
    const int64_t begin = t * kBlockElements;
    map.RunBlock(begin, std::min(total, begin + kBlockElements));
  };
  if (pool == nullptr || tasks == 1 || pool->NumThreads() == 1) {
    for (int64_t t = 0; t < tasks; ++t) body(t);
    return true;
  }
  struct Ctx {
    decltype(body)* fn;
  } ctx{&body};
  pool->ParallelFor(
      tasks, [](void* c, int64_t t) { (*static_cast<Ctx*>(c)->fn)(t); }, &ctx);
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
  }
  return false;
}

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
