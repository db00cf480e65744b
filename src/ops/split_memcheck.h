// ACLNN_CPU_CHECK=2 support for the split-and-gate plans: inputs must not read never-written
// device bytes, and outputs are marked written element run by element run (so that a strided
// output does not mark its gaps). The shared helpers of ops/view_utils.h, under the names the
// split plans use.
#pragma once

#include "ops/view_utils.h"

namespace aclcpu {
namespace ops {
namespace splitmem {

// ACLNN_SUCCESS, or 161002 naming `arg` and the first never-written byte range it reads.
inline int CheckInitialised(const char* opName, const char* arg, const TensorSnapshot& view) {
  return ops::CheckInitialised(opName, arg, view);
}
// Marks the bytes of the view's elements written.
inline void MarkWritten(const TensorSnapshot& view) { ops::MarkWritten(view); }

}  // namespace splitmem
}  // namespace ops
}  // namespace aclcpu
