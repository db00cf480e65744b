/*
 * aclnnop/level2/aclnn_threshold.h — same declarations as aclnnop/aclnn_threshold.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_H_

#include "../aclnn_threshold.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_H_ */
