/*
 * aclnnop/aclnn_hardtanh_backward.h — aclnnHardtanhBackward (aclnn-cpu, libopapi).
 *
 * out = min < self < max (or self NaN) ? gradOutput : 0.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardtanhBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnHardtanhBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclScalar *min, const aclScalar *max,
    aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnHardtanhBackward: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnHardtanhBackward(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDTANH_BACKWARD_H_ */
