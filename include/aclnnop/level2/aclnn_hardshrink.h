/*
 * aclnnop/level2/aclnn_hardshrink.h — same declarations as aclnnop/aclnn_hardshrink.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_

#include "../aclnn_hardshrink.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSHRINK_H_ */
