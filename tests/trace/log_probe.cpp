// Logs one line at each level through the public API (aclAppLog), then provokes one runtime
// error (an invalid device id), which the library logs at ERROR level itself.
#include <cstdio>

#include "acl/acl.h"

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS) return 1;
  aclAppLog(ACL_DEBUG, __func__, __FILE__, __LINE__, "probe debug %d", 0);
  aclAppLog(ACL_INFO, __func__, __FILE__, __LINE__, "probe info %d", 1);
  aclAppLog(ACL_WARNING, __func__, __FILE__, __LINE__, "probe warning %d", 2);
  aclAppLog(ACL_ERROR, __func__, __FILE__, __LINE__, "probe error %d", 3);
  const aclError rc = aclrtSetDevice(12345);
  std::printf("aclrtSetDevice(12345) returned %d\n", static_cast<int>(rc));
  aclFinalize();
  return rc == ACL_SUCCESS ? 1 : 0;
}
