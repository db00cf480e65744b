/*
 * aclnnop/aclnn_silu_backward.h — aclnnSiluBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * s * (1 + self * (1 - s)), s = sigmoid(self).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SILU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SILU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                        const aclTensor *self, aclTensor *gradInput,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize,
                                        aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SILU_BACKWARD_H_ */
