/*
 * aclnnop/level2/aclnn_silu.h — same declarations as aclnnop/aclnn_silu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SILU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SILU_H_

#include "../aclnn_silu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SILU_H_ */
