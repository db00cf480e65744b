/*
 * aclnnop/level2/aclnn_shrink.h — same declarations as aclnnop/aclnn_shrink.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_

#include "../aclnn_shrink.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SHRINK_H_ */
