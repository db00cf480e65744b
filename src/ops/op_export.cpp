#include "ops/op_export.h"

#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {

int RunPhase2(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
              aclrtStream stream) {
  return trace::TracedLaunch(api, workspace, workspaceSize, executor, stream, [&] {
    return Guard(api, ACLNN_ERR_INNER,
                 [&] { return RunExecutor(api, workspace, workspaceSize, executor, stream); });
  });
}

}  // namespace ops
}  // namespace aclcpu
