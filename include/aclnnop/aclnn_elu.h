/*
 * aclnnop/aclnn_elu.h — aclnnElu, aclnnInplaceElu (aclnn-cpu, libopapi).
 *
 * out = scale * self for self > 0, alpha * scale * (exp(self * inputScale) - 1) otherwise.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_ELU_H_
#define OP_API_INC_LEVEL2_ACLNN_ELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnElu: checks the arguments, reports the workspace size and creates the executor.
 */
ACLNN_API aclnnStatus aclnnEluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha,
                                               const aclScalar *scale, const aclScalar *inputScale,
                                               aclTensor *out, uint64_t *workspaceSize,
                                               aclOpExecutor **executor);

/* Phase 2 of aclnnElu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnElu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                               aclrtStream stream);

/* Phase 1 of aclnnInplaceElu: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceEluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha,
                                                      const aclScalar *scale,
                                                      const aclScalar *inputScale,
                                                      uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceElu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceElu(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_ELU_H_ */
