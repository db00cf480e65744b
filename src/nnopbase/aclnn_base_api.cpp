// Exported aclnnInit / aclnnFinalize. There are no operator packages to load: every kernel is
// linked in, so both calls only succeed (configPath is accepted and not read).
#include "aclnn/aclnn_base.h"

extern "C" {

aclnnStatus aclnnInit(const char* configPath) {
  (void)configPath;
  return 0;
}

aclnnStatus aclnnFinalize(void) { return 0; }

}  // extern "C"
