/*
 * aclnnop/aclnn_fast_gelu.h — aclnnFastGelu (aclnn-cpu, libopapi).
 *
 * FastGELU: out = self / (1 + exp(-1.702*self)).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_FAST_GELU_H_
#define OP_API_INC_LEVEL2_ACLNN_FAST_GELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnFastGelu: checks the arguments, reports the workspace size, creates the executor.
 */
ACLNN_API aclnnStatus aclnnFastGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                    uint64_t *workspaceSize,
                                                    aclOpExecutor **executor);

/* Phase 2 of aclnnFastGelu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnFastGelu(void *workspace, uint64_t workspaceSize,
                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_FAST_GELU_H_ */
