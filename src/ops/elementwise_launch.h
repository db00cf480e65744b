// Phase 2 of the elementwise operators: re-checks the captured views and enqueues one strided
// kernel call on the stream.
#pragma once

#include "elementwise/driver.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {

// The launch payload an elementwise executor carries (trivially copyable, by value).
struct LaunchInfo {
  const kernels::KernelRow* row = nullptr;  // registry rows live as long as the process
  kernels::Precision precision = kernels::Precision::Npu;
  kernels::KernelParams params;
  int numIn = 0;
  int numOut = 0;
  kernels::DType dtypes[kernels::kMaxInputs + kernels::kMaxOutputs] = {};  // inputs, outputs
  const char* argNames[kernels::kMaxInputs + kernels::kMaxOutputs] = {};
};

int LaunchElementwise(const ExecutorPlan& plan, aclrtStream stream);

}  // namespace ops
}  // namespace aclcpu
