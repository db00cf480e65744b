/*
 * aclnnop/level2/aclnn_rrelu_with_noise.h — same declarations as aclnnop/aclnn_rrelu_with_noise.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_

#include "../aclnn_rrelu_with_noise.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_ */
