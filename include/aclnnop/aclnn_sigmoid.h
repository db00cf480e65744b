/*
 * aclnnop/aclnn_sigmoid.h — aclnnSigmoid, aclnnInplaceSigmoid (aclnn-cpu, libopapi).
 *
 * out = 1 / (1 + exp(-self)); the inplace form writes selfRef.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SIGMOID_H_
#define OP_API_INC_LEVEL2_ACLNN_SIGMOID_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSigmoid: checks the arguments, reports the workspace size, creates the executor.
 */
ACLNN_API aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/* Phase 2 of aclnnSigmoid: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

/* Phase 1 of aclnnInplaceSigmoid: checks the arguments, reports the workspace size, creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef,
                                                          uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceSigmoid: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceSigmoid(void *workspace, uint64_t workspaceSize,
                                          aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SIGMOID_H_ */
