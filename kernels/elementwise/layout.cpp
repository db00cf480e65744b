#include "elementwise/layout.h"

#include <cstdlib>
#include <utility>

namespace aclcpu {
namespace kernels {

void BuildLayout(int ndim, const int64_t* shape, int numOperands, const int64_t* const* strides,
                 Layout* l) {
  l->numOperands = numOperands;
  int n = 0;
  for (int d = 0; d < ndim; ++d) {
    if (shape[d] == 1) continue;
    l->shape[n] = shape[d];
    for (int k = 0; k < numOperands; ++k) l->stride[k][n] = strides[k][d];
    ++n;
  }
  for (int i = 1; i < n; ++i) {  // stable insertion sort by |output stride|, largest first
    for (int j = i; j > 0 && std::llabs(l->stride[0][j - 1]) < std::llabs(l->stride[0][j]); --j) {
      std::swap(l->shape[j - 1], l->shape[j]);
      for (int k = 0; k < numOperands; ++k) std::swap(l->stride[k][j - 1], l->stride[k][j]);
    }
  }
  int m = 0;
  for (int d = 0; d < n; ++d) {
    if (m > 0) {
      bool mergeable = true;
      for (int k = 0; k < numOperands; ++k) {
        mergeable = mergeable && l->stride[k][m - 1] == l->stride[k][d] * l->shape[d];
      }
      if (mergeable) {
        l->shape[m - 1] *= l->shape[d];
        for (int k = 0; k < numOperands; ++k) l->stride[k][m - 1] = l->stride[k][d];
        continue;
      }
    }
    l->shape[m] = l->shape[d];
    for (int k = 0; k < numOperands; ++k) l->stride[k][m] = l->stride[k][d];
    ++m;
  }
  if (m == 0) {  // 0-dim or all dims of size 1: one element
    l->shape[0] = 1;
    for (int k = 0; k < numOperands; ++k) l->stride[k][0] = 1;
    m = 1;
  }
  l->ndim = m;
}

}  // namespace kernels
}  // namespace aclcpu
