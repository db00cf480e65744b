// Phase-1 tail and phase-2 launch of aclnnSwigluGroupQuant: after the operator file's checks,
// memory and overlap checks, the frozen views, and a launch that runs
// kernels/quant/swiglu_group_quant on the device's pool.
#pragma once

#include <cstdint>

#include "nnopbase/objects.h"
#include "quant/swiglu_group_quant.h"

namespace aclcpu {
namespace ops {

struct SwigluGroupQuantPlan {
  const char* opName = "";
  const aclTensor* x = nullptr;
  const aclTensor* weight = nullptr;      // optional
  const aclTensor* groupIndex = nullptr;  // optional
  const aclTensor* scale = nullptr;       // mode 2 only
  const aclTensor* y = nullptr;
  const aclTensor* yScale = nullptr;   // written in modes 0, 1 and 3 (null: not written)
  const aclTensor* yOrigin = nullptr;  // written in modes 2 and 3 with outputOrigin (else null)
  // The optional tensors as the caller passed them: aclSet*TensorAddr numbers each, used or not.
  const aclTensor* passedScale = nullptr;
  const aclTensor* passedYScale = nullptr;
  const aclTensor* passedYOrigin = nullptr;
  kernels::quant::SwigluQuantMode mode = kernels::quant::SwigluQuantMode::kBlockFp8;
  kernels::quant::Target target = kernels::quant::Target::kFloat8E4M3FN;
  bool roundScale = false;
  float clamp = -1.0f;
  float dstTypeMax = 15.0f;
  double clampExact = -1.0;  // golden mode's clamp and dstTypeMax: the doubles the API passed
  double dstTypeMaxExact = 15.0;
};

// Returns an aclnnStatus; fills *workspaceSize = 0 and *executor on success.
int FinishSwigluGroupQuantPlan(const SwigluGroupQuantPlan& plan, uint64_t* workspaceSize,
                               aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
