/*
 * aclnnop/aclnn_celu.h — aclnnCelu, aclnnInplaceCelu (aclnn-cpu, libopapi).
 *
 * out = max(0, self) + min(0, alpha * (exp(self / alpha) - 1)).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_CELU_H_
#define OP_API_INC_LEVEL2_ACLNN_CELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnCelu: checks the arguments, reports the workspace size and creates the executor.
 */
ACLNN_API aclnnStatus aclnnCeluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha,
                                                aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);

/* Phase 2 of aclnnCelu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnCelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream);

/* Phase 1 of aclnnInplaceCelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceCeluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha,
                                                       uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceCelu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceCelu(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_CELU_H_ */
