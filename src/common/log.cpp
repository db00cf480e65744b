#include "common/log.h"

#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

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

bool PrintToStdout() {
  const char* modern = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
  if (modern != nullptr) return std::strcmp(modern, "1") == 0;
  const char* legacy = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  return legacy != nullptr && std::strcmp(legacy, "1") == 0;
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
  bool toStdout_ = PrintToStdout();
  std::FILE* file_ = nullptr;
  bool openFailed_ = false;
};

Sink& TheSink() {
  static Sink* sink = new Sink();  // never destroyed: logging may happen during exit
  return *sink;
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
  char message[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);

  timeval tv{};
  gettimeofday(&tv, nullptr);
  std::tm tm{};
  localtime_r(&tv.tv_sec, &tm);
  char line[1200];
  std::snprintf(line, sizeof(line),
                "[%s] ACLNN_CPU(%d):%04d-%02d-%02d-%02d:%02d:%02d.%03d.%03d %s\n", LevelName(level),
                static_cast<int>(getpid()), tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(tv.tv_usec / 1000),
                static_cast<int>(tv.tv_usec % 1000), message);
  TheSink().Write(line);
}

}  // namespace aclcpu
