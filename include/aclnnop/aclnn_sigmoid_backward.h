/*
 * aclnnop/aclnn_sigmoid_backward.h — aclnnSigmoidBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * (1 - output) * output, output = sigmoid(x).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SIGMOID_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSigmoidBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                           const aclTensor *output,
                                                           aclTensor *gradInput,
                                                           uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/* Phase 2 of aclnnSigmoidBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSigmoidBackward(void *workspace, uint64_t workspaceSize,
                                           aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SIGMOID_BACKWARD_H_ */
