/*
 * aclnnop/aclnn_swiglu_group_quant_grad.h — aclnnSwigluGroupQuantGrad (aclnn-cpu, libopapi).
 * Ascend 950 only.
 *
 * Backward of the grouped, weighted SwiGLU of aclnnSwigluGroup(Quant): gradXOut (x's shape) from
 * gradY (x's shape with the last dim halved), x, weightOptional (one value per row, with
 * yOriginOptional, the forward's output) and clampLimit (-1: none); gradWeightOutOptional[row] =
 * sum of gradY * yOriginOptional over the row. Rows at or past the sum of groupIndexOptional
 * are zero.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_GRAD_H_
#define OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwigluGroupQuantGradGetWorkspaceSize(
    const aclTensor *gradY, const aclTensor *x, const aclTensor *weightOptional,
    const aclTensor *yOriginOptional, const aclTensor *groupIndexOptional, double clampLimit,
    const aclTensor *gradXOut, const aclTensor *gradWeightOutOptional, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwigluGroupQuantGrad(void *workspace, uint64_t workspaceSize,
                                                aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_GRAD_H_ */
