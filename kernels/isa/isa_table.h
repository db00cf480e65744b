// The interface between the core library and one ISA variant of the kernels: a table of entry
// points, filled in by the variant (isa_entry.cpp, compiled once per variant) and called by the
// forwarders in dispatch.cpp. Both sides are compiled from this header; kIsaAbi guards against
// a variant from another build.
#pragma once

#include <cstddef>
#include <cstdint>

#include "elementwise/cast.h"
#include "elementwise/driver.h"
#include "elementwise/registry.h"
#include "quant/gelu_quant.h"
#include "quant/swiglu_group_quant.h"
#include "quant/swiglu_quant_grad.h"
#include "rowwise/reduce.h"
#include "rowwise/split_problem.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {

constexpr uint32_t kIsaAbi = 3;

// What a variant needs from the core: the one thread pool and the one cache size.
struct IsaHost {
  void (*parallelFor)(ThreadPool* pool, int64_t numTasks, ThreadPool::TaskFn fn, void* ctx);
  int64_t (*lastLevelCacheBytes)();
};

struct IsaTable {
  uint32_t abi;
  const char* name;
  const KernelRow* (*kernelRows)(size_t* count);
  const KernelRow* (*findKernel)(OpId op, Generation gen, DType dtype);
  const OpInfo& (*getOpInfo)(OpId op);
  void (*runElementwise)(const KernelRow& row, Precision precision,
                         const ElementwiseProblem& problem, const KernelParams& params,
                         ThreadPool* pool);
  CastFn (*getCast)(DType from, DType to);
  CastFn (*getCopy)(int64_t itemSize);
  const char* (*dtypeName)(DType t);
  void (*runReduce)(const rowwise::ReduceProblem& problem, ThreadPool* pool);
  int (*reduceInputs)(rowwise::ReduceOp op);
  int (*reduceOutputs)(rowwise::ReduceOp op);
  bool (*runSplit)(const split::Problem& problem, ThreadPool* pool);
  void (*runGeluQuant)(const quant::GeluQuantProblem& problem, ThreadPool* pool);
  void (*runSwigluQuantGrad)(const quant::SwigluQuantGradProblem& problem, ThreadPool* pool);
  void (*runSwigluGroupQuant)(const quant::SwigluGroupQuantProblem& problem, ThreadPool* pool);
};

// The core's choice (isa.cpp): the best built variant the CPU supports under the cap.
enum class Isa : int;
Isa ChooseIsa();

}  // namespace kernels
}  // namespace aclcpu

// Each variant exports exactly one symbol: aclcpu_kernels_isa_<variant>(host).
#define ACLCPU_ISA_ENTRY_DECL(variant)                                        \
  extern "C" const ::aclcpu::kernels::IsaTable* aclcpu_kernels_isa_##variant( \
      const ::aclcpu::kernels::IsaHost* host)
