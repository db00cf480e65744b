// The values of KernelParams::mode per operator: shared by the operators (src/ops), which set
// them in phase 1, and the functors, which branch on them. No Eigen here.
#pragma once

namespace aclcpu {
namespace kernels {

// Swish forward: the 950 kernel's three templates, chosen from β (float compare).
enum SwishMode : int { kSwishGeneral = 0, kSwishMinusOne = 1, kSwishZero = 2 };

}  // namespace kernels
}  // namespace aclcpu
