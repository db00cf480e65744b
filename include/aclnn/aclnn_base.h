/*
 * aclnn/aclnn_base.h — process-wide set-up of the aclnn library (aclnn-cpu). C++ only.
 */
#ifndef OP_API_INC_EXTERNAL_ACLNN_ACLNN_BASE_H_
#define OP_API_INC_EXTERNAL_ACLNN_ACLNN_BASE_H_

#include <cstdint>
#include <cstdlib>

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Optional one-time set-up; configPath is NULL or a JSON file (op_debug_config). Returns 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char *configPath);

/* Pairs with aclnnInit. Returns 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_EXTERNAL_ACLNN_ACLNN_BASE_H_ */
