// Prints what the ISA dispatch sees and chose, after aclInit (which refuses a bad
// ACLNN_CPU_MAX_ISA): "built: ...", "supported: ...", "selected: ...", or the aclInit error.
#include <cstdio>

#include "acl/acl.h"
#include "isa/isa.h"

namespace k = aclcpu::kernels;

int main() {
  const aclError rc = aclInit(nullptr);
  if (rc != ACL_SUCCESS) {
    std::printf("aclInit: %d %s\n", static_cast<int>(rc), aclGetRecentErrMsg());
    return 0;
  }
  k::Isa built[8];
  const int n = k::BuiltIsas(built, 8);
  std::printf("built:");
  for (int i = 0; i < n; ++i) std::printf(" %s", k::IsaName(built[i]));
  std::printf("\nsupported:");
  for (int i = 0; i < n; ++i) {
    if (k::CpuSupports(built[i])) std::printf(" %s", k::IsaName(built[i]));
  }
  std::printf("\nselected: %s\n", k::IsaName(k::SelectedIsa()));
  aclFinalize();
  return 0;
}
