/*
 * aclnnop/aclnn_util.h — export marker of aclnn operator functions (aclnn-cpu).
 */
#ifndef OP_API_INC_ACLNN_UTIL_H_
#define OP_API_INC_ACLNN_UTIL_H_

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

#endif /* OP_API_INC_ACLNN_UTIL_H_ */
