/*
 * aclnnop/aclnn_mish.h — aclnnMish, aclnnInplaceMish (aclnn-cpu, libopapi).
 *
 * out = self * tanh(softplus(self)); the inplace form writes selfRef.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_MISH_H_
#define OP_API_INC_LEVEL2_ACLNN_MISH_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnMish: checks the arguments, reports the workspace size, creates the executor. */
ACLNN_API aclnnStatus aclnnMishGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnMish: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnMish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream);

/* Phase 1 of aclnnInplaceMish: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceMishGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceMish: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceMish(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_MISH_H_ */
