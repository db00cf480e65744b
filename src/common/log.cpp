#include "common/log.h"

#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>

namespace aclcpu {
namespace {

LogLevel ReadLevel() {
  const char* text = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (text == nullptr || text[0] < '0' || text[0] > '4' || text[1] != '\0') {
    return LogLevel::kError;
  }
  return static_cast<LogLevel>(text[0] - '0');
}

// What the stdout switches say, and the warnings CANN gives about them (logged once the sink
// exists): an invalid value means "off", the legacy name is deprecated (the new one wins).
struct StdoutChoice {
  bool toStdout = false;
  std::string warning;
};

StdoutChoice ReadStdoutChoice() {
  StdoutChoice choice;
  const char* modern = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
  const char* legacy = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  const char* name =
      modern != nullptr ? "ASCEND_LOG_PRINT_TO_STDOUT" : "ASCEND_SLOG_PRINT_TO_STDOUT";
  const char* value = modern != nullptr ? modern : legacy;
  if (value == nullptr) return choice;
  choice.toStdout = std::strcmp(value, "1") == 0;
  if (!choice.toStdout && std::strcmp(value, "0") != 0) {
    choice.warning = std::string(name) + "=\"" + value + "\" is not 0 or 1; logging to files";
  } else if (modern == nullptr) {
    choice.warning = "ASCEND_SLOG_PRINT_TO_STDOUT is deprecated; use ASCEND_LOG_PRINT_TO_STDOUT";
  }
  return choice;
}

void MakeDirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') mkdir(path.substr(0, i).c_str(), 0750);
  }
}

std::string LogDirectory() {
  if (const char* p = std::getenv("ASCEND_PROCESS_LOG_PATH"); p != nullptr && *p) return p;
  if (const char* p = std::getenv("ASCEND_WORK_PATH"); p != nullptr && *p) {
    return std::string(p) + "/log";
  }
  const char* home = std::getenv("HOME");
  return std::string(home != nullptr ? home : "/tmp") + "/ascend/log";
}

class Sink {
 public:
  void Write(const char* line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (toStdout_) {
      std::fputs(line, stdout);
      std::fflush(stdout);
      return;
    }
    if (file_ == nullptr && !openFailed_) Open();
    if (file_ != nullptr) {
      std::fputs(line, file_);
      std::fflush(file_);
    }
  }

 private:
  void Open() {
    std::string dir = LogDirectory() + "/debug/plog";
    MakeDirs(dir);
    char name[64];
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    std::snprintf(name, sizeof(name), "/plog-%d_%04d%02d%02d%02d%02d%02d.log",
                  static_cast<int>(getpid()), tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour, tm.tm_min, tm.tm_sec);
    file_ = std::fopen((dir + name).c_str(), "a");
    openFailed_ = file_ == nullptr;
  }

  std::mutex mutex_;
  bool toStdout_ = ReadStdoutChoice().toStdout;
  std::FILE* file_ = nullptr;
  bool openFailed_ = false;
};

Sink& TheSink() {
  static Sink* sink = new Sink();  // never destroyed: logging may happen during exit
  return *sink;
}

void Write(LogLevel level, const char* file, int line, const char* fmt, va_list args);

void WarnAboutSettingsOnce() {
  static std::atomic<bool> warned{false};
  if (warned.exchange(true)) return;
  const StdoutChoice choice = ReadStdoutChoice();
  if (!choice.warning.empty() && LogEnabled(LogLevel::kWarning)) {
    LogAt(LogLevel::kWarning, __FILE__, __LINE__, "%s", choice.warning.c_str());
  }
}

const char* LevelName(LogLevel level) {
  static const char* const kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR", "NONE"};
  return kNames[static_cast<int>(level)];
}

}  // namespace

LogLevel CurrentLogLevel() {
  static const LogLevel level = ReadLevel();
  return level;
}

bool LogEnabled(LogLevel level) {
  return level != LogLevel::kNone && static_cast<int>(level) >= static_cast<int>(CurrentLogLevel());
}

void Log(LogLevel level, const char* fmt, ...) {
  if (!LogEnabled(level)) return;
  va_list args;
  va_start(args, fmt);
  Write(level, nullptr, 0, fmt, args);
  va_end(args);
}

void LogAt(LogLevel level, const char* file, int line, const char* fmt, ...) {
  if (!LogEnabled(level)) return;
  va_list args;
  va_start(args, fmt);
  Write(level, file, line, fmt, args);
  va_end(args);
}

namespace {

void Write(LogLevel level, const char* file, int line, const char* fmt, va_list args) {
  WarnAboutSettingsOnce();
  char message[2048];  // room for aclAppLog's 1024 bytes behind its "[APP] file:line func: " prefix
  std::vsnprintf(message, sizeof(message), fmt, args);

  char location[160] = "";
  if (file != nullptr) {
    const char* slash = std::strrchr(file, '/');
    std::snprintf(location, sizeof(location), "[%s:%d]", slash != nullptr ? slash + 1 : file, line);
  }
  timeval tv{};
  gettimeofday(&tv, nullptr);
  std::tm tm{};
  localtime_r(&tv.tv_sec, &tm);
  char text[2560];
  std::snprintf(text, sizeof(text),
                "[%s] ACLNN_CPU(%d,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03d.%03d %s%ld %s\n",
                LevelName(level), static_cast<int>(getpid()), program_invocation_short_name,
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(tv.tv_usec / 1000), static_cast<int>(tv.tv_usec % 1000), location,
                static_cast<long>(syscall(SYS_gettid)), message);
  TheSink().Write(text);
}

}  // namespace

}  // namespace aclcpu
