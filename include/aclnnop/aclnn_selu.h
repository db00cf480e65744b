/*
 * aclnnop/aclnn_selu.h — aclnnSelu, aclnnInplaceSelu (aclnn-cpu, libopapi).
 *
 * out = scale * (max(0, self) + min(0, alpha * (exp(self) - 1))),
 * alpha = 1.6732632423543772, scale = 1.0507009873554805.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SELU_H_
#define OP_API_INC_LEVEL2_ACLNN_SELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSeluGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream);

/* In place: selfRef = selu(selfRef). Phase 1. */
ACLNN_API aclnnStatus aclnnInplaceSeluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceSelu. */
ACLNN_API aclnnStatus aclnnInplaceSelu(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SELU_H_ */
