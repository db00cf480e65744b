/*
 * aclnnop/aclnn_logsigmoid.h — aclnnLogSigmoid, aclnnLogSigmoidForward (aclnn-cpu, libopapi).
 *
 * out = log(1 / (1 + exp(-self))); LogSigmoidForward ignores buffer.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_H_
#define OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnLogSigmoid: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                      uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2 of aclnnLogSigmoid: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnLogSigmoid(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnLogSigmoidForward: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                             aclTensor *buffer,
                                                             uint64_t *workspaceSize,
                                                             aclOpExecutor **executor);

/* Phase 2 of aclnnLogSigmoidForward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnLogSigmoidForward(void *workspace, uint64_t workspaceSize,
                                             aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_LOGSIGMOID_H_ */
