/*
 * aclnnop/aclnn_mish_backward.h — aclnnMishBackward (aclnn-cpu, libopapi).
 *
 * Mish gradient; gradOutput and self broadcast and promote.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_MISH_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_MISH_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnMishBackward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnMishBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                        const aclTensor *self, aclTensor *gradInput,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/* Phase 2 of aclnnMishBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnMishBackward(void *workspace, uint64_t workspaceSize,
                                        aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_MISH_BACKWARD_H_ */
