/*
 * aclnnop/level2/aclnn_gelu.h — same declarations as aclnnop/aclnn_gelu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_GELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_GELU_H_

#include "../aclnn_gelu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_GELU_H_ */
