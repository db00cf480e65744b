/*
 * aclnnop/aclnn_selu_backward.h — aclnnSeluBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * (result > 0 ? scale : result + scale * alpha), where result is the
 * forward Selu output. The include guard's name follows CANN's (sic).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SILU_GRAD_H_
#define OP_API_INC_LEVEL2_ACLNN_SILU_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSeluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                        const aclTensor *result,
                                                        aclTensor *gradInput,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSeluBackward(void *workspace, uint64_t workspaceSize,
                                        aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SILU_GRAD_H_ */
