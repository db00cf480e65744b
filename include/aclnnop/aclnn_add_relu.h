/*
 * aclnnop/aclnn_add_relu.h — aclnnAddRelu, aclnnInplaceAddRelu (aclnn-cpu, libopapi).
 *
 * out = max(self + alpha * other, 0), broadcasting.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_ADD_RELU_H_
#define OP_API_INC_LEVEL2_ACLNN_ADD_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnAddRelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnAddReluGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                                   aclScalar *alpha, aclTensor *out,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/* Phase 2 of aclnnAddRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnAddRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

/* Phase 1 of aclnnInplaceAddRelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceAddReluGetWorkspaceSize(aclTensor *selfRef,
                                                          const aclTensor *other, aclScalar *alpha,
                                                          uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceAddRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnInplaceAddRelu(void *workspace, uint64_t workspaceSize,
                                          aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_ADD_RELU_H_ */
