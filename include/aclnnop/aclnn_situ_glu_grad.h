/*
 * aclnnop/aclnn_situ_glu_grad.h — aclnnSituGluGrad (aclnn-cpu, libopapi).
 *
 * Gradient of aclnnSituGlu with respect to x.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SITU_GLU_GRAD_H_
#define OP_API_INC_LEVEL2_ACLNN_SITU_GLU_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSituGluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x,
                                                       int64_t dim, double beta, double linearBeta,
                                                       bool activateLeft, const aclTensor *out,
                                                       uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSituGluGrad(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SITU_GLU_GRAD_H_ */
