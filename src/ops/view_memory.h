// The rowwise plans' names for the view helpers every operator's phase 2 shares
// (ops/view_utils.h): first element, traffic, byte hull, re-check, ACLNN_CPU_CHECK=2 tracking.
#pragma once

#include <cstddef>

#include "common/check_level.h"
#include "ops/view_utils.h"

namespace aclcpu {
namespace ops {

inline const void* ViewFirstElement(const TensorSnapshot& view) { return FirstElement(view); }
inline size_t ViewTrafficBytes(const TensorSnapshot& view) { return TrafficBytes(view); }
inline rt::ByteRange ViewHull(const TensorSnapshot& view) { return WrittenHull(view)[0]; }
inline int RecheckViewMemory(const char* opName, const char* arg, const TensorSnapshot& view) {
  return RecheckView(opName, arg, view);
}
inline int CheckViewInitialised(const char* opName, const char* arg, const TensorSnapshot& view) {
  return CheckInitialised(opName, arg, view);
}
// ACLNN_CPU_CHECK=2: marks an output's bytes written (in stream order, when enqueued).
inline void MarkViewWritten(const TensorSnapshot& view) {
  if (CheckEnabled(2)) MarkWritten(view);
}

}  // namespace ops
}  // namespace aclcpu
