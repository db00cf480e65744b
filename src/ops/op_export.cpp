#include "ops/op_export.h"

#include <deque>
#include <string>
#include <utility>

#include "nnopbase/objects.h"
#include "ops/launch_timer.h"

namespace aclcpu {
namespace ops {

const char* Phase1Name(const char* api) {
  thread_local std::deque<std::pair<const char*, std::string>> names;  // stable addresses
  for (const auto& [key, name] : names) {
    if (key == api) return name.c_str();
  }
  names.emplace_back(api, std::string(api) + "GetWorkspaceSize");
  return names.back().second.c_str();
}

int RunPhase2(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
              aclrtStream stream) {
  return TracedLaunch(api, workspace, workspaceSize, executor, stream, [&] {
    return Guard(api, ACLNN_ERR_INNER,
                 [&] { return RunExecutor(api, workspace, workspaceSize, executor, stream); });
  });
}

}  // namespace ops
}  // namespace aclcpu
