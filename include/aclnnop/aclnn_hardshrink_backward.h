/*
 * aclnnop/aclnn_hardshrink_backward.h — aclnnHardshrinkBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput where |self| > lambd, else 0 (broadcasting).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardshrinkBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnHardshrinkBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *lambd,
    aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnHardshrinkBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardshrinkBackward(void *workspace, uint64_t workspaceSize,
                                              aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_BACKWARD_H_ */
