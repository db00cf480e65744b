/*
 * aclnnop/aclnn_hardswish_backward.h — aclnnHardswishBackward (aclnn-cpu, libopapi).
 *
 * out = gradOutput * (self < -3 ? 0 : self > 3 ? 1 : self / 3 + 0.5).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardswishBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnHardswishBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                             const aclTensor *self, aclTensor *out,
                                                             uint64_t *workspaceSize,
                                                             aclOpExecutor **executor);

/* Phase 2 of aclnnHardswishBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardswishBackward(void *workspace, uint64_t workspaceSize,
                                             aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSWISH_BACKWARD_H_ */
