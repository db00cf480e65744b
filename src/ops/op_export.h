// The exported extern "C" layer every operator shares: phase 1 traced and guarded around the
// operator's own body, and phase 2, which is the same for every operator (the executor carries
// the plan). An operator file defines its entry points with these instead of pasting bodies.
#pragma once

#include <cstdint>

#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/trace.h"
#include "nnopbase/handle_lock.h"

namespace aclcpu {
namespace ops {

// aclnn<Op>(workspace, workspaceSize, executor, stream): traced, guarded, RunExecutor.
int RunPhase2(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
              aclrtStream stream);

// "<api>GetWorkspaceSize", kept per thread for the life of the process (`api` is a literal).
const char* Phase1Name(const char* api);

// Phase 1 of `api` (e.g. "aclnnSilu"): `args(call)` adds the arguments to the trace line in
// signature order, `body()` runs the checks and the plan; the trace line is named
// <api>GetWorkspaceSize and shows the workspace size and the new executor. The user's handles
// are pinned for the whole call (a concurrent aclDestroyTensor waits for it).
template <typename Args, typename Body>
int TracedPhase1(const char* api, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                 Args&& args, Body&& body) {
  HandleReadScope pinHandles;
  if (!trace::On()) return Guard(api, ACLNN_ERR_INNER, body);
  const char* name = Phase1Name(api);
  return trace::Traced(
      name, args, [&] { return Guard(name, ACLNN_ERR_INNER, body); },
      trace::WrotePlan(workspaceSize, executor));
}

}  // namespace ops
}  // namespace aclcpu

// Defines the exported phase 2 of operator `api` (an identifier, e.g. aclnnSilu).
#define ACLCPU_EXPORT_PHASE2(api)                                                              \
  extern "C" aclnnStatus api(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, \
                             aclrtStream stream) {                                             \
    return ::aclcpu::ops::RunPhase2(#api, workspace, workspaceSize, executor, stream);         \
  }
