/*
 * aclnnop/level2/aclnn_softplus.h — same declarations as aclnnop/aclnn_softplus.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTPLUS_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTPLUS_H_

#include "../aclnn_softplus.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTPLUS_H_ */
