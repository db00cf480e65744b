// Phase-1 tail and phase-2 launch of aclnnGeluQuant: after the operator file's checks, this
// checks memory and overlap, freezes the views in an executor, and its launch runs
// kernels/quant/gelu_quant on the device's pool.
#pragma once

#include <cstdint>

#include "nnopbase/objects.h"
#include "quant/quantize_rows.h"

namespace aclcpu {
namespace ops {

struct GeluQuantPlan {
  const char* opName = "";
  const aclTensor* self = nullptr;
  const aclTensor* scale = nullptr;   // optional (static: required)
  const aclTensor* offset = nullptr;  // optional; static only (ignored when dynamic)
  const aclTensor* y = nullptr;
  const aclTensor* outScale = nullptr;  // dynamic only
  bool dynamic = false;
  bool tanh = false;
  kernels::quant::Target target = kernels::quant::Target::kInt8;
  kernels::quant::HifRounding hif = kernels::quant::HifRounding::kRound;
};

// Returns an aclnnStatus; fills *workspaceSize = 0 and *executor on success.
int FinishGeluQuantPlan(const GeluQuantPlan& plan, uint64_t* workspaceSize,
                        aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
