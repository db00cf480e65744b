/*
 * aclnnop/level2/aclnn_swish.h — same declarations as aclnnop/aclnn_swish.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWISH_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWISH_H_

#include "../aclnn_swish.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWISH_H_ */
