/*
 * aclnnop/level2/aclnn_clipped_swiglu.h — same declarations as aclnnop/aclnn_clipped_swiglu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_

#include "../aclnn_clipped_swiglu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_ */
