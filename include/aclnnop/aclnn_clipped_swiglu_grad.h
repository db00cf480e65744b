/*
 * aclnnop/aclnn_clipped_swiglu_grad.h — aclnnClippedSwigluGrad (aclnn-cpu, libopapi).
 *
 * Gradient of aclnnClippedSwiglu with respect to x; rows past the group index sum are zeroed.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_
#define OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnClippedSwigluGradGetWorkspaceSize(
    const aclTensor *gradY, const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim,
    double alpha, double limit, double bias, bool interleaved, const aclTensor *gradXOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnClippedSwigluGrad(void *workspace, uint64_t workspaceSize,
                                             aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_GRAD_H_ */
