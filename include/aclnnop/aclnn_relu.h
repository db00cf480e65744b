/*
 * aclnnop/aclnn_relu.h — aclnnRelu, aclnnInplaceRelu (aclnn-cpu, libopapi).
 *
 * out = max(self, 0).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_RELU_H_
#define OP_API_INC_LEVEL2_ACLNN_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnRelu: checks the arguments, reports the workspace size and creates the executor.
 */
ACLNN_API aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor *self, const aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream);

/* Phase 1 of aclnnInplaceRelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnInplaceRelu(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_RELU_H_ */
