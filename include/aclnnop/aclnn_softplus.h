/*
 * aclnnop/aclnn_softplus.h — aclnnSoftplus (aclnn-cpu, libopapi).
 *
 * out = self where beta*self > threshold, else log(1 + exp(beta*self)) / beta.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSoftplus: checks the arguments, reports the workspace size, creates the executor.
 */
ACLNN_API aclnnStatus aclnnSoftplusGetWorkspaceSize(const aclTensor *self, const aclScalar *beta,
                                                    const aclScalar *threshold, aclTensor *out,
                                                    uint64_t *workspaceSize,
                                                    aclOpExecutor **executor);

/* Phase 2 of aclnnSoftplus: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftplus(void *workspace, uint64_t workspaceSize,
                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTPLUS_H_ */
