// Exported aclnnInit / aclnnFinalize. There are no operator packages to load: every kernel is
// linked in, so both calls only succeed (configPath is accepted and not read).
#include "aclnn/aclnn_base.h"
#include "common/trace.h"

using aclcpu::trace::Call;
using aclcpu::trace::Traced;

extern "C" {

aclnnStatus aclnnInit(const char* configPath) {
  return Traced(
      "aclnnInit", [&](Call& c) { c.Text("configPath", configPath); },
      [] { return aclnnStatus{0}; });
}

aclnnStatus aclnnFinalize(void) {
  return Traced(
      "aclnnFinalize", [](Call&) {}, [] { return aclnnStatus{0}; });
}

}  // extern "C"
