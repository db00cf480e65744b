/*
 * aclnnop/level2/aclnn_prelu.h — same declarations as aclnnop/aclnn_prelu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_PRELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_PRELU_H_

#include "../aclnn_prelu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_PRELU_H_ */
