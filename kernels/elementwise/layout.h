// The walk order of an elementwise problem: size-1 dims dropped, dims ordered by decreasing
// |output stride| (the output is walked in memory order), neighbours merged where every operand
// steps through them as one dim.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kernels {

// Dims of size >= 2 multiply to at most 2^63, so at most 63 of them survive.
constexpr int kMaxDims = 64;
// Operand slots: outputs first, then inputs.
constexpr int kMaxOperands = 5;

struct Layout {
  int ndim = 0;
  int numOperands = 0;
  int64_t shape[kMaxDims];
  int64_t stride[kMaxOperands][kMaxDims];
};

// strides[k] (k < numOperands) has ndim entries; the first operand is the primary output.
void BuildLayout(int ndim, const int64_t* shape, int numOperands, const int64_t* const* strides,
                 Layout* layout);

}  // namespace kernels
}  // namespace aclcpu
