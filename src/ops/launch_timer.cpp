// Phase-2 timing for the trace: marker tasks on the operator's stream record when the stream
// reaches the operator's work and when that work is done.
#include "ops/launch_timer.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "common/precision.h"
#include "isa/isa.h"
#include "runtime/registry.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {

struct LaunchTimer::State {
  std::string what;   // "aclnnSwishBackward completed in "
  std::string where;  // " us (executor#1 on stream#1)"
  std::atomic<int64_t> startNs{0};
};

namespace {

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The stream `stream` names for the calling thread (nullptr = its context's default stream),
// looked up without recording an error when there is none.
std::shared_ptr<rt::Stream> FindStream(aclrtStream stream) {
  uint64_t handle = rt::PtrToHandle(stream);
  if (stream == nullptr) {
    std::shared_ptr<rt::Context> ctx = rt::CurrentContext();
    if (ctx == nullptr) return nullptr;
    handle = ctx->defaultStream;
  }
  rt::Registry& reg = rt::Reg();
  std::lock_guard<std::mutex> lock(reg.mu);
  auto it = reg.streams.find(handle);
  return it == reg.streams.end() ? nullptr : it->second;
}

}  // namespace

LaunchTimer::LaunchTimer(const char* api, const void* executor, aclrtStream stream)
    : stream_(stream), state_(std::make_shared<State>()) {
  state_->what = std::string(api) + " completed in ";
  state_->where = " us (" + trace::ObjectName("executor", executor) + " on " +
                  trace::ObjectName("stream", stream) + ", " + PrecisionName(CurrentPrecision()) +
                  " numerics, " + kernels::IsaName(kernels::SelectedIsa()) + " kernels)\n";
  state_->startNs = NowNs();
  // Work already queued: the operator's work starts when the stream reaches it, which a marker
  // enqueued just before it records. An idle stream reaches it now.
  std::shared_ptr<rt::Stream> s = FindStream(stream);
  if (s != nullptr && s->Pending()) {
    std::shared_ptr<State> state = state_;
    rt::Submit(stream, "trace marker",
               [state] {
                 state->startNs = NowNs();
                 return 0;
               },
               {});  // writes no device memory
  }
}

void LaunchTimer::Finish(int status) {
  // Whether the launch enqueued anything cannot be told from Pending(): the worker may already
  // have finished it. The marker declares no writes, so even after an empty launch (nothing
  // enqueued) it changes nothing the user can observe but this line.
  if (status != 0 || FindStream(stream_) == nullptr) return;
  std::shared_ptr<State> state = state_;
  rt::Submit(stream_, "trace marker",
             [state] {
               const int64_t us = (NowNs() - state->startNs.load()) / 1000;
               trace::detail::WriteLine(state->what + std::to_string(us) + state->where);
               return 0;
             },
             {});
}

}  // namespace ops
}  // namespace aclcpu
