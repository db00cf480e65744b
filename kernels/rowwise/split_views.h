// D0 for the split-and-gate family: from x's layout, a dim and a split mode, the iteration shape
// and the two half views of x; and the mapping of a half-shaped tensor (out, dy) onto that
// iteration shape. Pure index arithmetic on element strides; nothing is copied.
#pragma once

#include <cstdint>

#include "rowwise/split_problem.h"

namespace aclcpu {
namespace kernels {
namespace split {

enum class Mode : uint8_t {
  kAlongDim,      // halves of x[dim]: [pre, C/2, post] each
  kMergedHalves,  // front / back half of each merged [C * post] block (any C * post even)
  kInterleaved,   // even / odd elements of each merged [C * post] block
};

struct Layout {
  int ndim = 0;
  const int64_t* shape = nullptr;
  const int64_t* strides = nullptr;
};

struct Geometry {
  int ndim = 0;
  int64_t shape[kMaxDims] = {};  // the iteration shape (what out / dy are reshaped to)
  int rowDims = 0;               // dims of `shape` before the split dim
  int64_t firstOffset = 0;       // element offsets of the halves from x's first element
  int64_t secondOffset = 0;
  int64_t halfStrides[kMaxDims] = {};  // x's strides over `shape` (both halves)
};

// Fills *geometry for x split at `dim` (already in [0, rank); rank 0 is taken as [1]). Returns
// false when x's layout cannot be walked as the mode needs (a merged block whose dims do not
// share one stride and cannot be split at the last dim), or the split length is odd.
bool MakeGeometry(const Layout& x, int dim, Mode mode, Geometry* geometry);

// Strides of `tensor` over the iteration shape: the tensor's elements taken in row-major order
// must match the iteration shape's. Returns false when its layout cannot be reshaped that way
// (or the element counts differ).
bool MapOnto(const Geometry& geometry, const Layout& tensor, int64_t* strides);

// PyTorch's view rule: strides for `newShape` that walk the same elements as (shape, strides)
// in row-major order, when such strides exist.
bool ReshapeStrides(int ndim, const int64_t* shape, const int64_t* strides, int newNdim,
                    const int64_t* newShape, int64_t* newStrides);

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
