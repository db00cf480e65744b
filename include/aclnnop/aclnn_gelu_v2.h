/*
 * aclnnop/aclnn_gelu_v2.h — aclnnGeluV2 (aclnn-cpu, libopapi).
 *
 * GELU: approximate == 1 selects the tanh form, any other value the erf form
 * y = 0.5*x*(1 + erf(x/sqrt(2))).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_V2_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGeluV2: checks the arguments, reports the workspace size, creates the executor.
 */
ACLNN_API aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate,
                                                  aclTensor *y, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);

/* Phase 2 of aclnnGeluV2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_V2_H_ */
