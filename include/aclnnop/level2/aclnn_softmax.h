/*
 * aclnnop/level2/aclnn_softmax.h — same declarations as aclnnop/aclnn_softmax.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_H_

#include "../aclnn_softmax.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_H_ */
