// Logging with CANN's controls: ASCEND_GLOBAL_LOG_LEVEL (0 debug … 3 error, default; 4 none),
// ASCEND_LOG_PRINT_TO_STDOUT / ASCEND_SLOG_PRINT_TO_STDOUT (1 → stdout, else a log file under
// ASCEND_PROCESS_LOG_PATH, ASCEND_WORK_PATH/log or $HOME/ascend/log, in debug/plog/ as
// plog-<pid>_<YYYYmmddHHMMSS>.log). Lines follow CANN's layout:
//   [ERROR] ACLNN_CPU(4242,my_app):2025-01-31-09:15:02.123.456 [memory.cpp:88]4243 message
// (level, module, pid and process name, local time to the microsecond, source location when
// known, thread id, message).
#pragma once

namespace aclcpu {

enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4 };

// The level in force (read once from the environment).
LogLevel CurrentLogLevel();
bool LogEnabled(LogLevel level);
void Log(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
// Log with the source location shown ("[file:line]"); `file` may be a full path.
void LogAt(LogLevel level, const char* file, int line, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

}  // namespace aclcpu

#define ACLCPU_LOG(level, ...) ::aclcpu::LogAt((level), __FILE__, __LINE__, __VA_ARGS__)
