/*
 * aclnnop/aclnn_logsoftmax_backward.h — aclnnLogSoftmaxBackward (aclnn-cpu, libopapi).
 *
 * out = gradOutput - exp(output) * sum(gradOutput) along dim, where output is the forward
 * log-softmax result.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_LOGSOFTMAX_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_LOGSOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnLogSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                              const aclTensor *output, int64_t dim,
                                                              aclTensor *out,
                                                              uint64_t *workspaceSize,
                                                              aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnLogSoftmaxBackward(void *workspace, uint64_t workspaceSize,
                                              aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_LOGSOFTMAX_BACKWARD_H_ */
