/*
 * acl/acl_base.h — base types plus every error-code table (aclnn-cpu). Declares nothing itself.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_H_
#define INC_EXTERNAL_ACL_ACL_BASE_H_

/* CANN's include order. */
/* clang-format off */
#include "acl/acl_base_rt.h"
#include "acl/acl_base_mdl.h"
#include "error_codes/rt_error_codes.h"
#include "error_codes/ge_error_codes.h"
/* clang-format on */

#endif /* INC_EXTERNAL_ACL_ACL_BASE_H_ */
