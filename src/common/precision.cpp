#include "common/precision.h"

#include <cstdlib>

namespace aclcpu {
namespace {

struct Selection {
  PrecisionMode mode = PrecisionMode::kNpu;
  std::string error;
};

Selection Select() {
  Selection s;
  const char* env = std::getenv("ACLNN_CPU_PRECISION");
  const std::string value = env != nullptr ? env : "";
  if (value.empty() || value == "npu") return s;
  if (value == "golden") {
    s.mode = PrecisionMode::kGolden;
    return s;
  }
  s.error =
      "ACLNN_CPU_PRECISION must be \"npu\" (the NPU's arithmetic, the default) or "
      "\"golden\" (float64, rounded once), but is \"" +
      value + "\"";
  return s;
}

const Selection& Get() {
  static const Selection selection = Select();
  return selection;
}

}  // namespace

bool SelectedPrecision(PrecisionMode* mode, std::string* error) {
  const Selection& s = Get();
  if (mode != nullptr) *mode = s.mode;
  if (!s.error.empty() && error != nullptr) *error = s.error;
  return s.error.empty();
}

PrecisionMode CurrentPrecision() { return Get().mode; }

const char* PrecisionName(PrecisionMode mode) {
  return mode == PrecisionMode::kGolden ? "golden" : "npu";
}

}  // namespace aclcpu
