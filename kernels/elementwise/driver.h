// The one N-ary strided elementwise driver. Pure compute: no ACL types, no logging, no
// allocation on the hot path. Callers (src/ops) validate everything before they get here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "elementwise/registry.h"
#include "elementwise/types.h"

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

// Bytes per operand of a contiguous block, at most. Threads claim blocks in turn, so each thread
// reads a series of block-long runs with a gap after each; a run must be long enough for the
// hardware prefetchers to pay off. With 16384-element blocks (16 KiB of int8) 2 threads ran an
// int8 SeluBackward of 16M elements in 0.99 ms, with 256 KiB blocks in 0.54 ms (same run, this
// VM; fp32 2.64 -> 2.30 ms); 1 and 4 MiB blocks were no faster.
constexpr int64_t kBlockBytes = 256 * 1024;
// Smaller problems are still cut into this many blocks (down to kBlockElems), so that they keep
// every thread busy.
constexpr int64_t kMinBlocks = 8;

// Elements per contiguous block of a problem of `numElems` elements whose widest operand has
// `maxItemBytes`-byte elements: a function of the problem alone, never of the thread count.
constexpr int64_t ContiguousBlockElems(int64_t maxItemBytes, int64_t numElems) {
  const int64_t byBytes = kBlockBytes / (maxItemBytes > 0 ? maxItemBytes : 1);
  const int64_t byCount = numElems / kMinBlocks;
  const int64_t elems = byBytes < byCount ? byBytes : byCount;
  return elems > kBlockElems ? elems : kBlockElems;
}

// Runs `row` in `precision` over the problem. `pool` may be null (run on the calling thread);
// small problems run on the calling thread without waking the pool.
void RunElementwise(const KernelRow& row, Precision precision, const ElementwiseProblem& problem,
                    const KernelParams& params, ThreadPool* pool);

}  // namespace kernels
}  // namespace aclcpu
