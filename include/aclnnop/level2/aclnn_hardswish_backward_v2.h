/*
 * aclnnop/level2/aclnn_hardswish_backward_v2.h — same declarations as
 * aclnnop/aclnn_hardswish_backward_v2.h (aclnn-cpu); CANN installs operator headers under both
 * paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_

#include "../aclnn_hardswish_backward_v2.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_HARDSWISH_BACKWARD_V2_H_ */
