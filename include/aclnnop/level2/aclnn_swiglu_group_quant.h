/*
 * aclnnop/level2/aclnn_swiglu_group_quant.h — same declarations as
 * aclnnop/aclnn_swiglu_group_quant.h (aclnn-cpu); CANN installs operator headers under both
 * paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_

#include "../aclnn_swiglu_group_quant.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_ */
