// aclnnSwigluGroupQuant's kernel (Ascend 950): per token row of x [.., 2h], in fp32,
//   a = x[j], b = x[h + j]; with a clamp c > 0: a = min(a, c), b = clamp(b, -c, c)
//   o = a / (1 + exp(-a)) * b            (yOrigin, before the weight; modes 2 and 3)
//   v = o * weight[row]                  (when a weight is given)
// then one of four quantizers into y [.., h] (one code per byte):
//   kBlockFp8 (0): per block of 128 along h, amax over the finite |v| floored at 1e-4;
//     s = amax / M (M = 448 E4M3FN, 57344 E5M2), or with roundScale the power of two >= s;
//     y = rint(v * (M / amax) or v / s), the raw v where that product is not finite;
//     yScale fp32 [rows, blocks].
//   kMxFp8 (1): per block of 32, amax over |v| floored at 1e-4, s the power of two >= amax / M,
//     stored as E8M0 (exponent + 127) in yScale [rows, blocks / 2, 2]; y = rint(v / s).
//   kStaticHif8 (2): y = round_hif8(v * scale[group of the row]); yScale is not written.
//   kDynamicHif8 (3): amax = max(max |v|, 1e-8) over the whole tensor or over each group's rows;
//     yScale[g] = amax / dstTypeMax; y = round_hif8(v * dstTypeMax / amax) (whole tensor:
//     v * (1 / yScale[0])).
// Row limits: without a group index every row. With one, modes 0/1 write the rows below
// min(max(sum, 0), rows) and leave the others untouched; modes 2/3 walk the groups in order
// (group g: rows [sum of the sizes before g, + size g), clipped to the tensor; a later group
// overwrites an earlier one where negative sizes make them overlap) and write y = 0 (and the
// yOrigin) of the rows from the sum of the sizes to the end. Nothing outside the views is read
// or written. Rows go to pool tasks in fixed chunks and the maxima are exact, so any thread
// count gives the same bytes.
#pragma once

#include <cstdint>

#include "quant/quantize_rows.h"      // Target
#include "quant/swiglu_quant_grad.h"  // View, DType, kMaxDims
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace quant {

enum class SwigluQuantMode : uint8_t {
  kBlockFp8 = 0,
  kMxFp8 = 1,
  kStaticHif8 = 2,
  kDynamicHif8 = 3
};

struct SwigluGroupQuantProblem {
  int64_t rows = 0;          // tokens: product of all dims of x but the last
  int64_t h = 0;             // y's last dim; x's is 2h
  DType dtype = DType::F32;  // x and yOrigin
  View x;                    // rows walked over dims 0 .. ndim-2
  View weight;               // fp32, one value per row in row-major order (optional)
  const int64_t* groupIndex = nullptr;
  int64_t groupCount = 0;
  int64_t groupStride = 1;
  View scale;  // kStaticHif8: fp32, 1-D, scaleCount values (one, or one per group)
  int64_t scaleCount = 0;
  View y;        // one byte per element, rows over dims 0 .. ndim-2
  View yScale;   // modes 0/1: one value per (row, block) in row-major order; mode 3: per group
  View yOrigin;  // optional (modes 2/3): x's dtype, y's shape
  SwigluQuantMode mode = SwigluQuantMode::kBlockFp8;
  Target target = Target::kFloat8E4M3FN;  // E4M3FN / E5M2 (modes 0/1), HiFloat8 (modes 2/3)
  bool roundScale = false;
  float clamp = -1.0f;  // > 0: on
  float dstTypeMax = 15.0f;
  // Golden mode (ACLNN_CPU_PRECISION=golden): the same steps in double with the attributes as the
  // API passed them, scales and maxima exact, each code and yOrigin rounded once.
  bool golden = false;
  double clampExact = -1.0;
  double dstTypeMaxExact = 15.0;
};

// Block lengths of modes 0 and 1.
constexpr int64_t kFp8BlockLen = 128;
constexpr int64_t kMxBlockLen = 32;

void RunSwigluGroupQuant(const SwigluGroupQuantProblem& problem, ThreadPool* pool);

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
