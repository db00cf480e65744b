/*
 * aclnnop/aclnn_glu.h — aclnnGlu (aclnn-cpu, libopapi).
 *
 * out = a * sigmoid(b), a and b the first and second halves of self along dim.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GLU_H_
#define OP_API_INC_LEVEL2_ACLNN_GLU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnGluGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                               const aclTensor *out, uint64_t *workspaceSize,
                                               aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGlu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GLU_H_ */
