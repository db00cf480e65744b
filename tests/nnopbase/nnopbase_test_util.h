// Small helpers shared by the nnopbase tests.
#pragma once

#include <string>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"

// The calling thread's recent error text (empty when there is none); reading it clears it.
inline std::string TakeErr() {
  const char* message = aclGetRecentErrMsg();
  return message != nullptr ? std::string(message) : std::string();
}
