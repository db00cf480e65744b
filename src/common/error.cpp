#include "common/error.h"

#include <cstdio>
#include <vector>

#include "common/log.h"

namespace aclcpu {
namespace {

struct RecentErrors {
  std::vector<std::string> messages;  // oldest first
  std::string returned;               // storage behind the last TakeRecentErrMsg pointer
};

RecentErrors& ThreadErrors() {
  thread_local RecentErrors errors;
  return errors;
}

constexpr size_t kMaxKeptMessages = 64;

}  // namespace

int Fail(int code, const std::string& message) {
  RecentErrors& errors = ThreadErrors();
  if (errors.messages.size() >= kMaxKeptMessages) errors.messages.erase(errors.messages.begin());
  errors.messages.push_back(message);
  Log(LogLevel::kError, "%s (status %d)", message.c_str(), code);
  return code;
}

int Failf(int code, const char* fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return Fail(code, buffer);
}

const char* TakeRecentErrMsg() {
  RecentErrors& errors = ThreadErrors();
  if (errors.messages.empty()) return nullptr;
  errors.returned.clear();
  for (auto it = errors.messages.rbegin(); it != errors.messages.rend(); ++it) {
    if (!errors.returned.empty()) errors.returned += '\n';
    errors.returned += *it;
  }
  errors.messages.clear();
  return errors.returned.c_str();
}

void ClearRecentErrMsg() { ThreadErrors().messages.clear(); }

void SwapRecentErrMsgs(std::vector<std::string>* messages) {
  ThreadErrors().messages.swap(*messages);
}

}  // namespace aclcpu
