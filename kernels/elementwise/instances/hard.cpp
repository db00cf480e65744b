// Kernel instances of lists/hard.inc.
#include "elementwise/instance.h"  // first: see io.h on GCC warnings
// (the functors after it)
#include "elementwise/functors/hard.h"

namespace aclcpu {
namespace kernels {

const KernelRow* RowsHard(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/hard.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
