// The one N-ary strided elementwise driver. Pure compute: no ACL types, no logging, no
// allocation on the hot path. Callers (src/ops) validate everything before they get here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "elementwise/registry.h"
#include "elementwise/types.h"
#include "stream_tasks.h"

namespace aclcpu {
namespace kernels {

class ThreadPool;

constexpr int kMaxInputs = 3;
constexpr int kMaxOutputs = 2;

// One operand: `data` points at the element with index (0, …, 0) (the view offset is already
// applied); strides count elements (0 for a broadcast input, negative allowed for inputs).
// `dtype` may differ from the kernel's: the driver converts through L1 buffers (cast.h).
struct Operand {
  const void* data = nullptr;
  const int64_t* strides = nullptr;
  DType dtype = DType::F32;
};

struct ElementwiseProblem {
  int ndim = 0;                    // 0 means a single element
  const int64_t* shape = nullptr;  // ndim entries, all > 0 (the output shape)
  int numIn = 0;
  int numOut = 0;
  Operand in[kMaxInputs];
  Operand out[kMaxOutputs];  // data is written
};

// Elements per work block: a tile of the strided driver, and the least a contiguous block holds.
// The partition of a problem into blocks never depends on the thread count, so results are
// bitwise identical for any pool size.
constexpr int64_t kBlockElems = 16384;

// Elements per contiguous block of a problem of `numElems` elements whose widest operand has
// `maxItemBytes`-byte elements: blocks of up to 256 KiB per operand (stream_tasks.h), at least
// kBlockElems.
constexpr int64_t ContiguousBlockElems(int64_t maxItemBytes, int64_t numElems) {
  return StreamTaskElems(maxItemBytes, numElems, kBlockElems);
}

// Runs `row` in `precision` over the problem. `pool` may be null (run on the calling thread);
// small problems run on the calling thread without waking the pool.
void RunElementwise(const KernelRow& row, Precision precision, const ElementwiseProblem& problem,
                    const KernelParams& params, ThreadPool* pool);

}  // namespace kernels
}  // namespace aclcpu
