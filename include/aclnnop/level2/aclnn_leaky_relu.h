/*
 * aclnnop/level2/aclnn_leaky_relu.h — same declarations as aclnnop/aclnn_leaky_relu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_

#include "../aclnn_leaky_relu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_LEAKY_RELU_H_ */
