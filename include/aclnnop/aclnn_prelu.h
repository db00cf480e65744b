/*
 * aclnnop/aclnn_prelu.h — aclnnPrelu (aclnn-cpu, libopapi).
 *
 * out = self > 0 ? self : weight[c] * self (weight along dim 1).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_PRELU_H_
#define OP_API_INC_LEVEL2_ACLNN_PRELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnPrelu: checks the arguments, reports the workspace size and creates the executor.
 */
ACLNN_API aclnnStatus aclnnPreluGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                 aclTensor *out, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor);

/* Phase 2 of aclnnPrelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnPrelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_PRELU_H_ */
