// Used by the exported acl_rt_*_api.cpp wrappers only: run the implementation under
// aclcpu::Guard (no exception crosses the C ABI) and remember a failing status for
// aclrtGetLastError / aclrtPeekAtLastError.
#pragma once

#include "acl/acl_base.h"
#include "common/error.h"
#include "runtime/registry.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {

template <typename Body>
int Api(const char* name, Body&& body) noexcept {
  int rc = CheckNotForkedChild(name);  // a forked child's calls fail instead of hanging
  if (rc == 0) rc = Guard(name, ACL_ERROR_INTERNAL_ERROR, body);
  if (rc != 0) SetLastError(rc);
  return rc;
}

}  // namespace rt
}  // namespace aclcpu
