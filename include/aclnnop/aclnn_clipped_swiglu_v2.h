/*
 * aclnnop/aclnn_clipped_swiglu_v2.h — aclnnClippedSwigluV2 (aclnn-cpu, libopapi).
 *
 * aclnnClippedSwiglu with clampMode (1: y = min(silu(A), limit) clamp(B, -limit, limit)).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_V2_H_
#define OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnClippedSwigluV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim, double alpha,
    double limit, double bias, bool interleaved, int64_t clampMode, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnClippedSwigluV2(void *workspace, uint64_t workspaceSize,
                                           aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_CLIPPED_SWIGLU_V2_H_ */
