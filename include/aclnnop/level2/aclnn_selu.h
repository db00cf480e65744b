/*
 * aclnnop/level2/aclnn_selu.h — same declarations as aclnnop/aclnn_selu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SELU_H_

#include "../aclnn_selu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SELU_H_ */
