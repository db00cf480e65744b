/*
 * aclnnop/aclnn_swiglu_group.h — aclnnSwigluGroup (aclnn-cpu, libopapi).
 *
 * y = silu(A) B (A, B clamped when clampLimit > 0) times weightOptional[row], over the rows counted
 * by groupIndexOptional; A, B the halves of x's last dim.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_H_
#define OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwigluGroupGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weightOptional, const aclTensor *groupIndexOptional,
    double clampLimit, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwigluGroup(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_H_ */
