// Conversions between element types, as the vendor's Cast operator does them: floating formats
// round to nearest-even (overflow to inf), integers widen exactly or wrap when narrowed, a
// floating value becomes an integer by truncation toward zero (saturating, NaN -> 0), bool is
// value != 0, complex targets take the value as the real part. The elementwise driver uses them
// where an operand's dtype differs from its kernel's (mixed-dtype operators, promotion, the
// final cast to `out`).
#pragma once

#include <cstdint>

#include "elementwise/types.h"

namespace aclcpu {
namespace kernels {

// dst[i * dstStride] = convert(src[i * srcStride]) for i < n; strides in elements.
using CastFn = void (*)(const void* src, int64_t srcStride, void* dst, int64_t dstStride,
                        int64_t n);
// The conversion from -> to (a plain strided copy when they are equal). Never null for valid
// DType values.
CastFn GetCast(DType from, DType to);

}  // namespace kernels
}  // namespace aclcpu

namespace aclcpu {
namespace kernels {

// A strided copy of items of `itemSize` bytes (1, 2, 4, 8 or 16), with CastFn's signature.
CastFn GetCopy(int64_t itemSize);

}  // namespace kernels
}  // namespace aclcpu
