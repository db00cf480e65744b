/*
 * aclnnop/level2/aclnn_clipped_swiglu_grad.h — same declarations as
 * aclnnop/aclnn_clipped_swiglu_grad.h (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_

#include "../aclnn_clipped_swiglu_grad.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_ */
