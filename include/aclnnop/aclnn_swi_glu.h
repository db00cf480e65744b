/*
 * aclnnop/aclnn_swi_glu.h — aclnnSwiGlu (aclnn-cpu, libopapi).
 *
 * x is viewed as [rows, 2 * col] with rows the product of the dims before dim; with A the first
 * col and B the last col elements of each row, out = A / (1 + exp(-A)) * B.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SWI_GLU_H_
#define OP_API_INC_LEVEL2_ACLNN_SWI_GLU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim,
                                                  const aclTensor *out, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSwiGlu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SWI_GLU_H_ */
