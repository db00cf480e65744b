/*
 * aclnnop/aclnn_leaky_relu_backward.h — aclnnLeakyReluBackward (aclnn-cpu, libopapi).
 *
 * out = self > 0 ? gradOutput : gradOutput * negativeSlope.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnLeakyReluBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *negativeSlope,
    bool selfIsResult, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnLeakyReluBackward: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnLeakyReluBackward(void *workspace, uint64_t workspaceSize,
                                             aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_BACKWARD_H_ */
