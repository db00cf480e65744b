/*
 * aclnnop/aclnn_fast_gelu_backward.h — aclnnFastGeluBackward (aclnn-cpu, libopapi).
 *
 * FastGELU gradient.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_FAST_GELU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_FAST_GELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnFastGeluBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnFastGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                            const aclTensor *self,
                                                            aclTensor *gradInput,
                                                            uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);

/* Phase 2 of aclnnFastGeluBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnFastGeluBackward(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_FAST_GELU_BACKWARD_H_ */
