// The suite reads the runtime's WARNING lines from stdout: make them visible unless the
// environment already says otherwise (the library reads these variables on first use).
#include <cstdlib>

namespace {
[[maybe_unused]] const bool kLogToStdout = [] {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "2", 0);
  setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 0);
  // Two devices: the device-ownership tests move memory between them (the rest use device 0).
  setenv("ACLNN_CPU_DEVICE_COUNT", "2", 0);
  return true;
}();
}  // namespace
