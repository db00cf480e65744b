// Kernel instances of lists/swish.inc.
#include "elementwise/functors/swish.h"

#include "elementwise/functors/swish_fast.h"
#include "elementwise/instance.h"  // first: see io.h on GCC warnings

namespace aclcpu {
namespace kernels {

const KernelRow* RowsSwish(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/swish.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
