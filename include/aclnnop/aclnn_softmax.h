/*
 * aclnnop/aclnn_softmax.h — aclnnSoftmax (aclnn-cpu, libopapi).
 *
 * out = exp(self - max) / sum(exp(self - max)) along dim (computed in self's dtype, fp32
 * inside for FLOAT16/BFLOAT16, then cast to out's dtype).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTMAX_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTMAX_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                                   aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTMAX_H_ */
