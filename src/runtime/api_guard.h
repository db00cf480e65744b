// Used by the exported acl_rt_*_api.cpp wrappers only: run the implementation under
// aclcpu::Guard (no exception crosses the C ABI) and remember a failing status for
// aclrtGetLastError / aclrtPeekAtLastError.
#pragma once

#include "acl/acl_base.h"
#include "common/error.h"
#include "runtime/rt_impl.h"

namespace aclcpu {
namespace rt {

template <typename Body>
int Api(const char* name, Body&& body) noexcept {
  const int rc = Guard(name, ACL_ERROR_INTERNAL_ERROR, body);
  if (rc != 0) SetLastError(rc);
  return rc;
}

}  // namespace rt
}  // namespace aclcpu
