// The kernel registry: every row of the kernel lists (lists/*.inc) as data. Phase 1 looks a row
// up by (operator, kernel generation, dtype); the kernel tests and benchmarks enumerate the rows.
#pragma once

#include <cstddef>
#include <cstdint>

#include "elementwise/types.h"

namespace aclcpu {
namespace kernels {

enum class OpId : uint16_t {
#define ACLCPU_OP(name, nIn, nOut) k##name,
#include "elementwise/ops.inc"
#undef ACLCPU_OP
  kCount
};

struct OpInfo {
  const char* name;
  int numIn;
  int numOut;
};
const OpInfo& GetOpInfo(OpId op);

// out[k] / in[k] point at n contiguous elements of the row's dtype; outputs may alias inputs
// exactly. `stream`: write the outputs with streaming stores (values are the same either way).
using ContiguousFn = void (*)(void* const* out, const void* const* in, int64_t n,
                              const KernelParams& params, bool stream);

struct KernelRow {
  OpId op;
  Generation gen;
  DType dtype;  // every operand of the kernel has this dtype
  ContiguousFn npu;
  ContiguousFn golden;
  const char* name;  // "SeluBackward/Legacy/F16"
  bool tuned;        // a hand-tuned row: overrides the generic row of the same key
};

// All rows (generic and tuned), in list order.
const KernelRow* KernelRows(size_t* count);
// The row for (op, gen, dtype): a row of exactly that generation first, then one for Any; a
// tuned row wins over a generic one. nullptr when there is none.
const KernelRow* FindKernel(OpId op, Generation gen, DType dtype);
// The function to run in a precision mode (golden falls back to npu for exact integer rows).
inline ContiguousFn KernelFn(const KernelRow& row, Precision precision) {
  return precision == Precision::Golden && row.golden != nullptr ? row.golden : row.npu;
}

}  // namespace kernels
}  // namespace aclcpu
