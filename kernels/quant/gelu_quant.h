// aclnnGeluQuant's kernel: gelu (the vendor's 950 erf or tanh form, in fp32) of each element,
// then the D4 quantizer (quantize_rows.h) over each row of the last dim: static scale / offset
// per column or scalar, or a dynamic per-row scale written to outScale. Strided views are read
// and written in place; rows are independent, so any thread count gives the same bytes.
#pragma once

#include <cstdint>

#include "elementwise/types.h"
#include "quant/quantize_rows.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace quant {

constexpr int kMaxDims = 8;

// A 1-D fp32/fp16/bf16 vector read per column (count == columns) or as one value (count 1).
struct ColumnVector {
  const void* data = nullptr;  // nullptr: absent
  int64_t stride = 1;          // in elements
  int64_t count = 0;
  DType dtype = DType::F32;
};

struct GeluQuantProblem {
  int ndim = 1;                  // >= 1; the last dim holds the columns
  int64_t shape[kMaxDims] = {};  // all > 0
  const void* x = nullptr;
  int64_t xStrides[kMaxDims] = {};
  DType xDtype = DType::F32;
  uint8_t* y = nullptr;  // one byte per element (int8 / fp8 / hifloat8 codes)
  int64_t yStrides[kMaxDims] = {};
  ColumnVector scale;
  ColumnVector offset;                     // static only
  float* outScale = nullptr;               // dynamic: one value per row
  int64_t outScaleStrides[kMaxDims] = {};  // over the leading ndim - 1 dims
  bool dynamic = false;
  bool tanh = false;  // approximate "tanh" (else "none": the erf form)
  Target target = Target::kInt8;
  HifRounding hif = HifRounding::kRound;
  bool golden = false;  // ACLNN_CPU_PRECISION=golden: double arithmetic, one rounding per output
};

// Rows per pool task (fixed: the partition never depends on the thread count).
constexpr int64_t kGeluQuantBlockElements = 16384;

void RunGeluQuant(const GeluQuantProblem& problem, ThreadPool* pool);

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
