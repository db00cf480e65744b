/*
 * aclnnop/aclnn_squared_relu.h — aclnnSquaredRelu (aclnn-cpu, libopapi).
 *
 * out = max(input, 0)^2.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SQUARED_RELU_H_
#define OP_API_INC_LEVEL2_ACLNN_SQUARED_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSquaredRelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnSquaredReluGetWorkspaceSize(const aclTensor *input, const aclTensor *out,
                                                       uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnSquaredRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnSquaredRelu(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SQUARED_RELU_H_ */
