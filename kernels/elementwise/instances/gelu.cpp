// Kernel instances of lists/gelu.inc.
// clang-format off
#include "elementwise/instance.h"  // first: see io.h on GCC warnings
#include "elementwise/functors/gelu.h"
// clang-format on

namespace aclcpu {
namespace kernels {

const KernelRow* RowsGelu(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/gelu.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
