/*
 * aclnnop/level2/aclnn_elu.h — same declarations as aclnnop/aclnn_elu.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_H_

#include "../aclnn_elu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_ELU_H_ */
