/*
 * aclnnop/level2/aclnn_heaviside.h — same declarations as aclnnop/aclnn_heaviside.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_HEAVISIDE_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_HEAVISIDE_H_

#include "../aclnn_heaviside.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_HEAVISIDE_H_ */
