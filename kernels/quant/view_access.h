// Element access of the quant kernels' strided Views (SwigluGroupQuant, SwigluGroupQuantGrad):
// the offset of a row-major flat index and fp32 / fp16 / bf16 loads and stores in fp32.
#pragma once

#include <cstdint>

#include "quant/swiglu_quant_grad.h"  // View, DType
#include "rowwise/split_io.h"

namespace aclcpu {
namespace kernels {
namespace quant {

// Element offset of the flat (row-major) index `flat` over the first `dims` dims of v.
inline int64_t Offset(const View& v, int64_t flat, int dims) {
  int64_t off = 0;
  for (int d = dims - 1; d >= 0; --d) {
    off += (flat % v.shape[d]) * v.strides[d];
    flat /= v.shape[d];
  }
  return off;
}

inline float Load(const View& v, int64_t index, DType dt) {
  if (dt == DType::F32) return static_cast<const float*>(v.data)[index];
  const uint16_t b = static_cast<const uint16_t*>(v.data)[index];
  return dt == DType::F16 ? HalfToFloat(b) : Bf16ToFloat(b);
}

inline void Store(const View& v, int64_t index, DType dt, float value) {
  void* base = const_cast<void*>(v.data);
  if (dt == DType::F32) {
    static_cast<float*>(base)[index] = value;
  } else {
    static_cast<uint16_t*>(base)[index] =
        dt == DType::F16 ? FloatToHalf(value) : FloatToBf16(value);
  }
}

// Golden mode: a double rounded once to the view's dtype.
inline void Store(const View& v, int64_t index, DType dt, double value) {
  if (dt == DType::F32) {
    Store(v, index, dt, static_cast<float>(value));
  } else {
    Store(v, index, dt, split::For16(value, true));  // rounded to odd: one rounding in all
  }
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
