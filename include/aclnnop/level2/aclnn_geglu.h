/*
 * aclnnop/level2/aclnn_geglu.h — same declarations as aclnnop/aclnn_geglu.h (aclnn-cpu);
 * CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_H_

#include "../aclnn_geglu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_GEGLU_H_ */
