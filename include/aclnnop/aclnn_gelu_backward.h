/*
 * aclnnop/aclnn_gelu_backward.h — aclnnGeluBackward (aclnn-cpu, libopapi).
 *
 * Gradient of the tanh-approximated GELU; gradOutput and self broadcast and promote.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGeluBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                        const aclTensor *self,
                                                        const aclTensor *gradInput,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/* Phase 2 of aclnnGeluBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeluBackward(void *workspace, uint64_t workspaceSize,
                                        aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_H_ */
