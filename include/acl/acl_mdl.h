/*
 * acl/acl_mdl.h — empty compatibility header (aclnn-cpu).
 *
 * In a runtime-only CANN install this file exists but declares nothing; the graph/model
 * package replaces it. aclnn programs include it indirectly and need nothing from it.
 */
#ifndef INC_EXTERNAL_ACL_ACL_MDL_H_
#define INC_EXTERNAL_ACL_ACL_MDL_H_

#endif /* INC_EXTERNAL_ACL_ACL_MDL_H_ */
