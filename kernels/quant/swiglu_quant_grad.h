// aclnnSwigluGroupQuantGrad's kernel (Ascend 950): per token row of x [.., 2H] and gradY [.., H],
// in fp32 and in the vendor kernel's order,
//   gw = sum_j gy[j] * yOrigin[j]                          (when weight: the row's grad weight)
//   gy' = gy * weight[row]                                 (when weight)
//   x0' = min(x0, c), x1' = clamp(x1, -c, c)               (when clamp c > 0)
//   s = exp(x0') / (exp(x0') + 1), silu = x0' s, dsilu = s ((1 - s) x0' + 1)
//   gradX0 = (gy' x1') dsilu * [x0 < c],  gradX1 = gy' silu * [-c < x1 < c]
// Rows at or past min(sum of groupIndex as uint32, rows) are zero in gradX and gradWeight.
// Strided views are read and written in place; rows are independent (bitwise identical
// results for any thread count). Golden mode runs the same steps in double.
#pragma once

#include <cstdint>

#include "quant/gelu_quant.h"  // DType, kMaxDims
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace quant {

// A tensor view: element strides over its own shape.
struct View {
  const void* data = nullptr;
  int ndim = 0;
  int64_t shape[kMaxDims] = {};
  int64_t strides[kMaxDims] = {};
};

struct SwigluQuantGradProblem {
  int64_t rows = 0;               // tokens: product of all dims but the last
  int64_t h = 0;                  // gradY's last dim; x's is 2h
  DType dtype = DType::F32;       // gradY, x, yOrigin, gradX
  View gradY, x, yOrigin, gradX;  // rows walked over dims 0 .. ndim-2 of each
  View weight, gradWeight;        // fp32, one element per row in row-major order (optional)
  const int64_t* groupIndex = nullptr;
  int64_t groupCount = 0;
  int64_t groupStride = 1;
  float clamp = -1.0f;  // > 0: on
  // Golden mode: the same steps in double from the exactly widened inputs and the attribute as
  // given (clampExact), each output rounded once.
  bool golden = false;
  double clampExact = -1.0;
};

void RunSwigluQuantGrad(const SwigluQuantGradProblem& problem, ThreadPool* pool);

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
