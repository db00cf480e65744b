// Logging with CANN's controls: ASCEND_GLOBAL_LOG_LEVEL (0 debug … 3 error, default; 4 none),
// ASCEND_LOG_PRINT_TO_STDOUT / ASCEND_SLOG_PRINT_TO_STDOUT (1 → stdout, else a log file under
// ASCEND_PROCESS_LOG_PATH, ASCEND_WORK_PATH or $HOME/ascend/log).
#pragma once

namespace aclcpu {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4 };

// The level in force (read once from the environment).
LogLevel CurrentLogLevel();
bool LogEnabled(LogLevel level);
void Log(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace aclcpu
