/*
 * aclnnop/aclnn_clipped_swiglu.h — aclnnClippedSwiglu (aclnn-cpu, libopapi).
 *
 * Clamped SwiGLU over the rows counted by groupIndexOptional: A = min(A, limit), B = clamp(B,
 * -limit, limit), y = A sigmoid(alpha A) (B + bias); halves front/back or interleaved.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_
#define OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnClippedSwigluGetWorkspaceSize(
    const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim, double alpha,
    double limit, double bias, bool interleaved, const aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnClippedSwiglu(void *workspace, uint64_t workspaceSize,
                                         aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_H_ */
