/*
 * aclnnop/aclnn_softplus_backward.h — aclnnSoftplusBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput where beta*self > threshold, else gradOutput * sigmoid(beta*self).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSoftplusBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *beta,
    const aclScalar *threshold, aclTensor *gradInput, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2 of aclnnSoftplusBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftplusBackward(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_BACKWARD_H_ */
