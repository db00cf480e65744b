/*
 * aclnnop/aclnn_swi_glu_grad.h — aclnnSwiGluGrad (aclnn-cpu, libopapi).
 *
 * Gradient of aclnnSwiGlu: out = concat(yGrad s (1 + A (1 - s)) B, yGrad s A), s = sigmoid(A).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWI_GLU_GRAD_H_
#define OP_API_INC_LEVEL2_ACLNN_SWI_GLU_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwiGluGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *x,
                                                      int64_t dim, const aclTensor *out,
                                                      uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwiGluGrad(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWI_GLU_GRAD_H_ */
