// Which numerics the operators compute: the NPU's (default) or a float64 golden, chosen once per
// process by ACLNN_CPU_PRECISION=npu|golden.
#pragma once

#include <string>

namespace aclcpu {

enum class PrecisionMode { kNpu, kGolden };

// The mode ACLNN_CPU_PRECISION selects (read once per process). Returns false (and fills *error)
// for a value other than "npu", "golden" or unset/empty; the mode is then kNpu.
bool SelectedPrecision(PrecisionMode* mode, std::string* error = nullptr);
PrecisionMode CurrentPrecision();
const char* PrecisionName(PrecisionMode mode);  // "npu" / "golden"

}  // namespace aclcpu
