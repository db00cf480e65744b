// Internal: the contiguous functor behind each kernels.inc entry, and the element types.
#pragma once

#include <cstddef>
#include <cstdint>

#include "elementwise/driver.h"

namespace aclcpu {
namespace kernels {

enum class DType { F32, F16, BF16, I32, I8 };

constexpr size_t DTypeSize(DType t) {
  return t == DType::F32 || t == DType::I32 ? 4 : (t == DType::I8 ? 1 : 2);
}

// out[i] = f(in0[i], in1[i]) for i in [0, n) on contiguous arrays. `out` may alias `in0` or `in1`
// exactly. The result for an element never depends on its position in the array. `stream`: the
// output will not be read again soon (it exceeds the last-level cache): write it with streaming
// (non-temporal) stores; the values are the same either way.
using ContiguousFn = void (*)(void* out, const void* in0, const void* in1, int64_t n,
                              const KernelParams& params, bool stream);

#define ACLCPU_KERNEL(name, op, gen, dtype)                                     \
  void name##Contiguous(void* out, const void* in0, const void* in1, int64_t n, \
                        const KernelParams& params, bool stream);
#include "elementwise/kernels.inc"
#undef ACLCPU_KERNEL

}  // namespace kernels
}  // namespace aclcpu
