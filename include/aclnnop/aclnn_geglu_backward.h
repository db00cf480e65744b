/*
 * aclnnop/aclnn_geglu_backward.h — aclnnGeGluBackward and aclnnGeGluV3Backward (aclnn-cpu,
 * libopapi).
 *
 * Gradient of aclnnGeGlu / aclnnGeGluV3 from the saved gelu output: the other half receives
 * gradOutput * gelu, the gate half gelu'(gate) * gradOutput * other; gradInput has self's shape.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GEGLU_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_GEGLU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGeGluBackward. */
ACLNN_API aclnnStatus aclnnGeGluBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gelu, int64_t dim,
    int64_t approximate, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnGeGluBackward. */
ACLNN_API aclnnStatus aclnnGeGluBackward(void *workspace, uint64_t workspaceSize,
                                         aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnGeGluV3Backward (activateLeft: the gate was the first half). */
ACLNN_API aclnnStatus aclnnGeGluV3BackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gelu, int64_t dim,
    int64_t approximate, bool activateLeft, aclTensor *gradInput, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2 of aclnnGeGluV3Backward. */
ACLNN_API aclnnStatus aclnnGeGluV3Backward(void *workspace, uint64_t workspaceSize,
                                           aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GEGLU_BACKWARD_H_ */
