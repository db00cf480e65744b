// Thread-local "recent error" text behind aclGetRecentErrMsg, and the guard every exported
// function uses so that no exception ever crosses the C ABI.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

namespace aclcpu {

// Records a refusal: appends `message` to the calling thread's recent-error list (read newest
// first by aclGetRecentErrMsg) and logs it at ERROR level. Returns `code` so callers can write
// `return Fail(161002, "...")`.
int Fail(int code, const std::string& message);
// printf-style variant.
int Failf(int code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

// aclGetRecentErrMsg: returns the thread's messages (with the process-level mode, the
// process's) joined newest first and clears them; nullptr when empty. The pointer stays valid
// until the next call on the same thread.
const char* TakeRecentErrMsg();
// The calling thread's own messages, whatever the mode (a stream task's, taken by the stream).
const char* TakeThreadErrMsg();
// aclInit's err_msg_mode: "1" collects every thread's messages in one process-level list, which
// aclGetRecentErrMsg on any thread returns; "0" (the default) keeps them per thread.
void SetProcessLevelErrMsgs(bool on);
// While one exists on a thread, its messages stay thread-local in either mode: a stream task's
// messages belong to the task and are reported by the next synchronisation.
class ThreadErrMsgScope {
 public:
  explicit ThreadErrMsgScope(bool active = true);
  ~ThreadErrMsgScope();
  ThreadErrMsgScope(const ThreadErrMsgScope&) = delete;
  ThreadErrMsgScope& operator=(const ThreadErrMsgScope&) = delete;

 private:
  bool active_;
};
// Drops the thread's messages (tests use this).
void ClearRecentErrMsg();
// Exchanges the thread's messages (oldest first) with *messages. A stream task run inline on
// the caller's thread uses it to record into a list of its own and then restore the caller's.
void SwapRecentErrMsgs(std::vector<std::string>* messages);

// Runs `body` (which returns a status); any exception becomes `onException` plus a message.
template <typename Body>
int Guard(const char* api, int onException, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    return Fail(onException, std::string(api) + ": internal error: " + e.what());
  } catch (...) {
    return Fail(onException, std::string(api) + ": internal error");
  }
}

// Same for functions that return a pointer (nullptr on exception).
template <typename T, typename Body>
T* GuardPtr(const char* api, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::exception& e) {
    Fail(0, std::string(api) + ": internal error: " + e.what());
    return nullptr;
  } catch (...) {
    Fail(0, std::string(api) + ": internal error");
    return nullptr;
  }
}

}  // namespace aclcpu
