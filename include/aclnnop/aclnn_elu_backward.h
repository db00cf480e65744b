/*
 * aclnnop/aclnn_elu_backward.h — aclnnEluBackward (aclnn-cpu, libopapi).
 *
 * gradInput = gradOutput * d(elu)/dx from the forward input or output (isResult).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_ELU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_ELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnEluBackward: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnEluBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclScalar *alpha, const aclScalar *scale,
    const aclScalar *inputScale, bool isResult, const aclTensor *selfOrResult, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnEluBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnEluBackward(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_ELU_BACKWARD_H_ */
