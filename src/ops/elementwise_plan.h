// Shared phase-1 tail and phase-2 launch for 2-in/1-out elementwise operators: captures the
// views into an executor whose launch enqueues one strided kernel call on the stream.
#pragma once

#include <cstdint>

#include "elementwise/driver.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {

struct BinaryOpPlan {
  const char* opName;
  const aclTensor* in0;
  const aclTensor* in1;
  const aclTensor* out;
  const char* argNames[3];  // the operator's names for in0, in1, out (used in messages)
  kernels::KernelId kernel;
  kernels::KernelParams params;
};

// Checks the views against device memory and each other (unless empty), fills
// *workspaceSize = 0 and creates the executor. Returns an aclnnStatus.
int FinishBinaryPlan(const BinaryOpPlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
