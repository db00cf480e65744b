/*
 * aclnnop/level2/aclnn_geglu_backward.h — same declarations as aclnnop/aclnn_geglu_backward.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_BACKWARD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_BACKWARD_H_

#include "../aclnn_geglu_backward.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_BACKWARD_H_ */
