/*
 * aclnnop/level2/aclnn_mish.h — same declarations as aclnnop/aclnn_mish.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_MISH_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_MISH_H_

#include "../aclnn_mish.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_MISH_H_ */
