/*
 * aclnnop/aclnn_gelu_backward_v2.h — aclnnGeluBackwardV2 (aclnn-cpu, libopapi).
 *
 * GELU gradient, approximate "none" (erf) or "tanh".
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_V2_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGeluBackwardV2: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput,
                                                          const aclTensor *self, char *approximate,
                                                          aclTensor *gradInput,
                                                          uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/* Phase 2 of aclnnGeluBackwardV2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeluBackwardV2(void *workspace, uint64_t workspaceSize,
                                          aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_BACKWARD_V2_H_ */
