// The one strided elementwise driver. Pure compute: no ACL types, no logging, no allocation on
// the hot path. Callers (src/ops) validate everything before they get here.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {
namespace kernels {

class ThreadPool;

enum class KernelId : int {
#define ACLCPU_KERNEL(name, op, gen, dtype) k##name,
#include "elementwise/kernels.inc"
#undef ACLCPU_KERNEL
  kCount
};

// Returns the kernels.inc name, e.g. "SeluBackwardLegacyF16".
const char* KernelName(KernelId id);
// Element size in bytes of the dtype a kernel reads and writes.
size_t KernelItemSize(KernelId id);

// One operand of a 2-in/1-out elementwise call: `data` points at the element with index
// (0, …, 0) (the view offset is already applied); strides count elements and may be 0 or
// negative for inputs.
struct Operand {
  const void* data;
  const int64_t* strides;
};

struct BinaryProblem {
  int ndim;              // 0 means a single element
  const int64_t* shape;  // ndim entries, all > 0
  Operand in0;           // Swish: gradOutput; Selu: gradOutput
  Operand in1;           // Swish: self (x); Selu: result (y)
  void* out;
  const int64_t* outStrides;
};

struct KernelParams {
  float beta = 1.0f;  // Swish only
};

// Elements per work block. The partition of a problem into blocks never depends on the thread
// count, so results are bitwise identical for any pool size.
constexpr int64_t kBlockElems = 16384;

// Runs kernel `id` over the problem. `pool` may be null (run on the calling thread); small
// problems run on the calling thread without waking the pool.
void RunBinary(KernelId id, const BinaryProblem& problem, const KernelParams& params,
               ThreadPool* pool);

}  // namespace kernels
}  // namespace aclcpu
