/*
 * aclnnop/aclnn_softmax_backward.h — aclnnSoftmaxBackward (aclnn-cpu, libopapi).
 *
 * out = output * (gradOutput - sum(gradOutput * output)) along dim, where output is the
 * forward softmax result.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTMAX_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                           const aclTensor *output, int64_t dim,
                                                           aclTensor *out, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftmaxBackward(void *workspace, uint64_t workspaceSize,
                                           aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTMAX_BACKWARD_H_ */
