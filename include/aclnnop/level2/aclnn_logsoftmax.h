/*
 * aclnnop/level2/aclnn_logsoftmax.h — same declarations as aclnnop/aclnn_logsoftmax.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSOFTMAX_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSOFTMAX_H_

#include "../aclnn_logsoftmax.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_LOGSOFTMAX_H_ */
