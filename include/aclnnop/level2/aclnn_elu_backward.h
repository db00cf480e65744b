/*
 * aclnnop/level2/aclnn_elu_backward.h — same declarations as aclnnop/aclnn_elu_backward.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_BACKWARD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_BACKWARD_H_

#include "../aclnn_elu_backward.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_BACKWARD_H_ */
