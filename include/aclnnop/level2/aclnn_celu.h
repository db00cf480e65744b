/*
 * aclnnop/level2/aclnn_celu.h — same declarations as aclnnop/aclnn_celu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_CELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_CELU_H_

#include "../aclnn_celu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_CELU_H_ */
