/*
 * aclnnop/level2/aclnn_relu.h — same declarations as aclnnop/aclnn_relu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_RELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_RELU_H_

#include "../aclnn_relu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_RELU_H_ */
