/*
 * aclnnop/aclnn_gelu_quant.h — aclnnGeluQuant (aclnn-cpu, libopapi). Ascend 950 only.
 *
 * g = gelu(self) ("none": erf form, "tanh": tanh form), quantized into y (INT8, FLOAT8_E4M3FN,
 * FLOAT8_E5M2 or HIFLOAT8, = dstType): quantMode "static" uses inputScaleOptional (required)
 * and inputOffsetOptional; "dynamic" scales each row of the last dim by its own amax and
 * writes the scale to outScaleOptional. roundMode: "rint" (INT8, FLOAT8), "round" or "hybrid"
 * (HIFLOAT8).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_QUANT_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_QUANT_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnGeluQuantGetWorkspaceSize(
    const aclTensor *self, const aclTensor *inputScaleOptional,
    const aclTensor *inputOffsetOptional, const char *approximate, const char *quantMode,
    const char *roundMode, int64_t dstType, const aclTensor *y, const aclTensor *outScaleOptional,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeluQuant(void *workspace, uint64_t workspaceSize,
                                     aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_QUANT_H_ */
