/*
 * aclnnop/aclnn_leaky_relu.h — aclnnLeakyRelu, aclnnInplaceLeakyRelu (aclnn-cpu, libopapi).
 *
 * out = self > 0 ? self : negativeSlope * self.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_H_
#define OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnLeakyRelu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor *self,
                                                     const aclScalar *negativeSlope, aclTensor *out,
                                                     uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/* Phase 2 of aclnnLeakyRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnLeakyRelu(void *workspace, uint64_t workspaceSize,
                                     aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnInplaceLeakyRelu: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor *selfRef,
                                                            const aclScalar *negativeSlope,
                                                            uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceLeakyRelu: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnInplaceLeakyRelu(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_LEAKY_RELU_H_ */
