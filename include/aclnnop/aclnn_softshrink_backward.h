/*
 * aclnnop/aclnn_softshrink_backward.h — aclnnSoftshrinkBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput where |self| > lambda or self is NaN, else 0 (broadcasting).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSoftshrinkBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnSoftshrinkBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *lambda,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnSoftshrinkBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftshrinkBackward(void *workspace, uint64_t workspaceSize,
                                              aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_BACKWARD_H_ */
