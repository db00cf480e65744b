/*
 * aclnnop/aclnn_swish_backward.h — aclnnSwishBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * sigma(beta*self) * (1 + beta*self * (1 - sigma(beta*self))),
 * elementwise with broadcasting of gradOutput and self.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWISH_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SWISH_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments (betaOptional NULL means beta = 1.0), reports the workspace
 * size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwishBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *betaOptional,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwishBackward(void *workspace, uint64_t workspaceSize,
                                         aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWISH_BACKWARD_H_ */
