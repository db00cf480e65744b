// The core's side of the ISA dispatch: chooses one variant at the first kernel call and forwards
// the kernel library's entry points (the functions src/ calls) to its table.
#include <cstdio>
#include <cstdlib>

#include "cache_info.h"
#include "isa/isa.h"
#include "isa/isa_table.h"
#include "isa/isa_variants.inc.h"

#define ACLCPU_ISA(variant, level) ACLCPU_ISA_ENTRY_DECL(variant);
ACLCPU_ISA_VARIANTS
#undef ACLCPU_ISA

namespace aclcpu {
namespace kernels {
namespace {

void HostParallelFor(ThreadPool* pool, int64_t numTasks, ThreadPool::TaskFn fn, void* ctx) {
  pool->ParallelFor(numTasks, fn, ctx);
}

int64_t HostLastLevelCacheBytes() { return LastLevelCacheBytes(); }

const IsaHost kHost = {HostParallelFor, HostLastLevelCacheBytes};

struct Chosen {
  Isa isa;
  const IsaTable* table;
};

const Chosen& Get() {
  static const Chosen chosen = [] {
    const Isa isa = ChooseIsa();
    const IsaTable* table = nullptr;
#define ACLCPU_ISA(variant, level) \
  if (isa == Isa::level) table = aclcpu_kernels_isa_##variant(&kHost);
    ACLCPU_ISA_VARIANTS
#undef ACLCPU_ISA
    if (table == nullptr || table->abi != kIsaAbi) {
      std::fprintf(stderr, "aclnn-cpu: the kernel variant %s does not match this library\n",
                   IsaName(isa));
      std::abort();
    }
    return Chosen{isa, table};
  }();
  return chosen;
}

inline const IsaTable& T() { return *Get().table; }

}  // namespace

Isa SelectedIsa() { return Get().isa; }

const KernelRow* KernelRows(size_t* count) { return T().kernelRows(count); }
const KernelRow* FindKernel(OpId op, Generation gen, DType dtype) {
  return T().findKernel(op, gen, dtype);
}
const OpInfo& GetOpInfo(OpId op) { return T().getOpInfo(op); }
void RunElementwise(const KernelRow& row, Precision precision, const ElementwiseProblem& problem,
                    const KernelParams& params, ThreadPool* pool) {
  T().runElementwise(row, precision, problem, params, pool);
}
CastFn GetCast(DType from, DType to) { return T().getCast(from, to); }
CastFn GetCopy(int64_t itemSize) { return T().getCopy(itemSize); }
const char* DTypeName(DType t) { return T().dtypeName(t); }

namespace rowwise {
void RunReduce(const ReduceProblem& problem, ThreadPool* pool) { T().runReduce(problem, pool); }
int NumInputs(ReduceOp op) { return T().reduceInputs(op); }
int NumOutputs(ReduceOp op) { return T().reduceOutputs(op); }
}  // namespace rowwise

namespace split {
bool Run(const Problem& problem, ThreadPool* pool) { return T().runSplit(problem, pool); }
}  // namespace split

namespace quant {
void RunGeluQuant(const GeluQuantProblem& problem, ThreadPool* pool) {
  T().runGeluQuant(problem, pool);
}
void RunSwigluQuantGrad(const SwigluQuantGradProblem& problem, ThreadPool* pool) {
  T().runSwigluQuantGrad(problem, pool);
}
void RunSwigluGroupQuant(const SwigluGroupQuantProblem& problem, ThreadPool* pool) {
  T().runSwigluGroupQuant(problem, pool);
}
}  // namespace quant

}  // namespace kernels
}  // namespace aclcpu
