/*
 * aclnnop/level2/aclnn_softmax_cross_entropy_with_logits.h — same declarations as
 * aclnnop/aclnn_softmax_cross_entropy_with_logits.h (aclnn-cpu); CANN installs operator headers
 * under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_

#include "../aclnn_softmax_cross_entropy_with_logits.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_ */
