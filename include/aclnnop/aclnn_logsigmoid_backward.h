/*
 * aclnnop/aclnn_logsigmoid_backward.h — aclnnLogSigmoidBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * sigmoid(-self); buffer is not read.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnLogSigmoidBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *buffer,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnLogSigmoidBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnLogSigmoidBackward(void *workspace, uint64_t workspaceSize,
                                              aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_BACKWARD_H_ */
