/*
 * aclnnop/aclnn_threshold_backward.h — aclnnThresholdBackward (aclnn-cpu, libopapi).
 *
 * out = self <= threshold ? 0 : gradOutput.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnThresholdBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnThresholdBackward: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnThresholdBackward(void *workspace, uint64_t workspaceSize,
                                             aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_ */
