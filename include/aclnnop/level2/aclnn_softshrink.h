/*
 * aclnnop/level2/aclnn_softshrink.h — same declarations as aclnnop/aclnn_softshrink.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_

#include "../aclnn_softshrink.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTSHRINK_H_ */
