/*
 * aclnnop/level2/aclnn_logsigmoid.h — same declarations as aclnnop/aclnn_logsigmoid.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSIGMOID_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSIGMOID_H_

#include "../aclnn_logsigmoid.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSIGMOID_H_ */
