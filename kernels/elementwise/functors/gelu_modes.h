// The KernelParams::mode values of the GELU family (functors/gelu.h), shared by the operators
// (src/ops), which set them in phase 1, and the functors. No Eigen here.
#pragma once

namespace aclcpu {
namespace kernels {

// GELU forward and backward: the tanh approximation (aclnnGelu, aclnnGeluBackward, GeluV2
// approximate = 1, GeluBackwardV2 "tanh") or the erf form (GeluV2 other values, "none").
enum GeluMode : int { kGeluTanh = 0, kGeluErf = 1 };

// Scalar slots of KernelParams for Softplus / SoftplusBackward.
enum SoftplusScalar : int { kSoftplusBeta = 0, kSoftplusThreshold = 1, kSoftplusInvBeta = 2 };

}  // namespace kernels
}  // namespace aclcpu
