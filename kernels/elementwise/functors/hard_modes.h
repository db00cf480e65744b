// KernelParams::mode values of the hard group's operators (shared by src/ops and the functors;
// no Eigen here).
#pragma once

namespace aclcpu {
namespace kernels {

// Elu: the AICore kernel, or the Threshold + Muls path the vendor takes when α or inputScale is
// inf or NaN.
enum EluMode : int { kEluAiCore = 0, kEluThreshold = 1 };

}  // namespace kernels
}  // namespace aclcpu
