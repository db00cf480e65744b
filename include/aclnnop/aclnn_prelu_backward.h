/*
 * aclnnop/aclnn_prelu_backward.h — aclnnPreluBackward (aclnn-cpu, libopapi).
 *
 * gradInput = self > 0 ? gradOutput : weight[c] * gradOutput;
 * gradWeight[c] = sum of (self > 0 ? 0 : self * gradOutput) over channel c.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_PRELU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_PRELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnPreluBackward: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnPreluBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *weight,
    aclTensor *gradInput, aclTensor *gradWeight, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnPreluBackward: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnPreluBackward(void *workspace, uint64_t workspaceSize,
                                         aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_PRELU_BACKWARD_H_ */
