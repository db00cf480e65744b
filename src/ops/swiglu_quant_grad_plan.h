// Phase-1 tail and phase-2 launch of aclnnSwigluGroupQuantGrad: after the operator file's
// checks, memory and overlap checks, the frozen views, and a launch that runs
// kernels/quant/swiglu_quant_grad on the device's pool.
#pragma once

#include <cstdint>

#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {

struct SwigluQuantGradPlan {
  const char* opName = "";
  const aclTensor* gradY = nullptr;
  const aclTensor* x = nullptr;
  const aclTensor* weight = nullptr;  // with yOrigin and gradWeight, or none of the three used
  const aclTensor* yOrigin = nullptr;
  const aclTensor* groupIndex = nullptr;
  const aclTensor* gradX = nullptr;
  const aclTensor* gradWeight = nullptr;
  float clamp = -1.0f;
  double clampExact = -1.0;  // the attribute as given (golden mode)
};

// Returns an aclnnStatus; fills *workspaceSize = 0 and *executor on success.
int FinishSwigluQuantGradPlan(const SwigluQuantGradPlan& plan, uint64_t* workspaceSize,
                              aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
