/*
 * aclnnop/level2/aclnn_erfinv.h — same declarations as aclnnop/aclnn_erfinv.h
 * (aclnn-cpu); CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_ERFINV_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_ERFINV_H_

#include "../aclnn_erfinv.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_ERFINV_H_ */
