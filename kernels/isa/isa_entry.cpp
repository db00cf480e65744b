// Compiled into every ISA variant (ACLCPU_ISA_VARIANT names it): the variant's table, and the two
// things its kernels take from the core -- the thread pool's fork/join and the cache size -- in
// place of thread_pool.cpp and cache_info.cpp, which exist once, in the core.
#include <functional>

#include "cache_info.h"
#include "isa/isa_table.h"

#ifndef ACLCPU_ISA_VARIANT
#error "ACLCPU_ISA_VARIANT must name the variant (kernels/CMakeLists.txt sets it)"
#endif

namespace aclcpu {
namespace kernels {
namespace {

const IsaHost* gHost = nullptr;

void CallStdFunction(void* ctx, int64_t task) {
  (*static_cast<const std::function<void(int64_t)>*>(ctx))(task);
}

}  // namespace

// The variant's kernels call these; the pool object and its threads belong to the core.
void ThreadPool::ParallelFor(int64_t numTasks, TaskFn fn, void* ctx) {
  gHost->parallelFor(this, numTasks, fn, ctx);
}

void ThreadPool::ParallelFor(int64_t numTasks, const std::function<void(int64_t task)>& fn) {
  gHost->parallelFor(this, numTasks, CallStdFunction,
                     const_cast<std::function<void(int64_t)>*>(&fn));
}

int64_t LastLevelCacheBytes() { return gHost->lastLevelCacheBytes(); }

}  // namespace kernels
}  // namespace aclcpu

#define ACLCPU_ISA_CAT2(a, b) a##b
#define ACLCPU_ISA_CAT(a, b) ACLCPU_ISA_CAT2(a, b)
#define ACLCPU_ISA_STR2(a) #a
#define ACLCPU_ISA_STR(a) ACLCPU_ISA_STR2(a)

extern "C" __attribute__((visibility("default"))) const ::aclcpu::kernels::IsaTable* ACLCPU_ISA_CAT(
    aclcpu_kernels_isa_, ACLCPU_ISA_VARIANT)(const ::aclcpu::kernels::IsaHost* host) {
  namespace k = ::aclcpu::kernels;
  static const k::IsaTable table = {
      k::kIsaAbi,
      ACLCPU_ISA_STR(ACLCPU_ISA_VARIANT),
      &k::KernelRows,
      &k::FindKernel,
      &k::GetOpInfo,
      &k::RunElementwise,
      &k::GetCast,
      &k::GetCopy,
      &k::DTypeName,
      &k::rowwise::RunReduce,
      &k::rowwise::NumInputs,
      &k::rowwise::NumOutputs,
      &k::split::Run,
      &k::quant::RunGeluQuant,
      &k::quant::RunSwigluQuantGrad,
      &k::quant::RunSwigluGroupQuant,
  };
  k::gHost = host;
  return &table;
}
