/*
 * acl/acl.h — umbrella header of AscendCL (aclnn-cpu). Declares nothing itself.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

/* CANN's include order. */
/* clang-format off */
#include "acl_rt.h"
#include "acl_op.h"
#include "acl_mdl.h"
/* clang-format on */

#endif /* INC_EXTERNAL_ACL_ACL_H_ */
