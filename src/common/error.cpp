#include "common/error.h"

#include <atomic>
#include <cstdio>
#include <mutex>
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

std::atomic<bool> gProcessLevel{false};
thread_local int tThreadScopes = 0;

struct ProcessErrors {
  std::mutex mu;
  std::vector<std::string> messages;  // oldest first
};
ProcessErrors& Process() {
  static ProcessErrors* errors = new ProcessErrors;  // never destroyed: usable at exit
  return *errors;
}

bool UseProcessList() {
  return tThreadScopes == 0 && gProcessLevel.load(std::memory_order_relaxed);
}

void Append(std::vector<std::string>* messages, const std::string& message) {
  if (messages->size() >= kMaxKeptMessages) messages->erase(messages->begin());
  messages->push_back(message);
}

// The messages joined newest first into the thread's return storage.
const char* Joined(const std::vector<std::string>& messages) {
  RecentErrors& errors = ThreadErrors();
  if (messages.empty()) return nullptr;
  errors.returned.clear();
  for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
    if (!errors.returned.empty()) errors.returned += '\n';
    errors.returned += *it;
  }
  return errors.returned.c_str();
}

}  // namespace

int Fail(int code, const std::string& message) {
  if (UseProcessList()) {
    ProcessErrors& p = Process();
    std::lock_guard<std::mutex> lock(p.mu);
    Append(&p.messages, message);
  } else {
    Append(&ThreadErrors().messages, message);
  }
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

const char* TakeThreadErrMsg() {
  std::vector<std::string> messages;
  messages.swap(ThreadErrors().messages);
  return Joined(messages);
}

const char* TakeRecentErrMsg() {
  if (!UseProcessList()) return TakeThreadErrMsg();
  // The thread's own (recorded before the mode was set, or in a scope) are the older ones.
  std::vector<std::string> messages;
  messages.swap(ThreadErrors().messages);
  {
    ProcessErrors& p = Process();
    std::lock_guard<std::mutex> lock(p.mu);
    messages.insert(messages.end(), p.messages.begin(), p.messages.end());
    p.messages.clear();
  }
  return Joined(messages);
}

void SetProcessLevelErrMsgs(bool on) { gProcessLevel.store(on, std::memory_order_relaxed); }

ThreadErrMsgScope::ThreadErrMsgScope(bool active) : active_(active) {
  if (active_) ++tThreadScopes;
}
ThreadErrMsgScope::~ThreadErrMsgScope() {
  if (active_) --tThreadScopes;
}

void ClearRecentErrMsg() { ThreadErrors().messages.clear(); }

void SwapRecentErrMsgs(std::vector<std::string>* messages) {
  ThreadErrors().messages.swap(*messages);
}

}  // namespace aclcpu
