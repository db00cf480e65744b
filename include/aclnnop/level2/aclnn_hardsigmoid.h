/*
 * aclnnop/level2/aclnn_hardsigmoid.h — same declarations as aclnnop/aclnn_hardsigmoid.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_

#include "../aclnn_hardsigmoid.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSIGMOID_H_ */
