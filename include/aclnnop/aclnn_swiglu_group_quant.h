/*
 * aclnnop/aclnn_swiglu_group_quant.h — aclnnSwigluGroupQuant (aclnn-cpu, libopapi).
 * Ascend 950 only.
 *
 * The grouped SwiGLU of aclnnSwigluGroup (x's last dim split in halves A, B; clampLimit -1: no
 * clamp; y = silu(A) B, times weightOptional[row]) quantized into yOut by quantMode:
 *   0: per 128-element block, FLOAT8 E4M3FN / E5M2 (= dstType), yScaleOut FLOAT per block;
 *   1: MX, per 32-element block, FLOAT8 codes, yScaleOut FLOAT8_E8M0 [..., blocks / 2, 2]
 *      (roundScale must be true);
 *   2: static HIFLOAT8, y = round(value * scaleOptional[group]);
 *   3: dynamic HIFLOAT8, yScaleOut[group] = amax / dstTypeMax over the tensor or each group.
 * groupIndexOptional holds the number of rows of each group. yOriginOut receives the SwiGLU
 * value before the weight when outputOrigin is true (modes 2 and 3 only).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_
#define OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwigluGroupQuantGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weightOptional, const aclTensor *groupIndexOptional,
    const aclTensor *scaleOptional, int64_t dstType, int64_t quantMode, int64_t blockSize,
    bool roundScale, double clampLimit, double dstTypeMax, bool outputOrigin, const aclTensor *yOut,
    const aclTensor *yScaleOut, const aclTensor *yOriginOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwigluGroupQuant(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWIGLU_GROUP_QUANT_H_ */
