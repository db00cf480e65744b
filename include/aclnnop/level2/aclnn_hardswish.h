/*
 * aclnnop/level2/aclnn_hardswish.h — same declarations as aclnnop/aclnn_hardswish.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_

#include "../aclnn_hardswish.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_H_ */
