/*
 * aclnnop/level2/aclnn_sigmoid.h — same declarations as aclnnop/aclnn_sigmoid.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SIGMOID_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SIGMOID_H_

#include "../aclnn_sigmoid.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SIGMOID_H_ */
