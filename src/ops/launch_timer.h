// The phase-2 side of ACLNN_CPU_TRACE: the call line, and a second line when the operator's work
// on the stream is done. Lives with the operators (it enqueues marker tasks on streams).
#pragma once

#include <memory>

#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"
#include "common/trace.h"

namespace aclcpu {
namespace ops {

// Measures an operator's phase 2: created before the launch, Finish() after it. After a
// successful launch a marker task on the same stream writes "<api> completed in N us (…)" once
// the work queued before it is done (N counts from when the stream reached the operator's work).
class LaunchTimer {
 public:
  LaunchTimer(const char* api, const void* executor, aclrtStream stream);
  void Finish(int status);

 private:
  struct State;
  aclrtStream stream_;
  std::shared_ptr<State> state_;  // shared with the marker tasks
};

// An operator's phase 2 (aclnn<Op>(workspace, workspaceSize, executor, stream)), traced.
template <typename Run>
int TracedLaunch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                 aclrtStream stream, Run&& run) {
  if (!trace::On()) return run();
  trace::Call call(api);
  call.Mem("workspace", workspace).UInt("workspaceSize", workspaceSize);
  call.Object("executor", "executor", executor).Object("stream", "stream", stream);
  LaunchTimer timer(api, executor, stream);
  const int status = run();
  call.Status(status);
  timer.Finish(status);
  return status;
}

}  // namespace ops
}  // namespace aclcpu
