/*
 * aclnnop/aclnn_gelu.h — aclnnGelu (aclnn-cpu, libopapi).
 *
 * GELU, tanh approximation: out = 0.5*self*(1 + tanh(sqrt(2/pi)*(self + 0.044715*self^3))).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGelu: checks the arguments, reports the workspace size, creates the executor. */
ACLNN_API aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnGelu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_H_ */
