/*
 * aclnnop/aclnn_softshrink.h — aclnnSoftshrink (aclnn-cpu, libopapi).
 *
 * out = self - lambd where self > lambd, self + lambd where self < -lambd, else 0.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnSoftshrink: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnSoftshrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                                      aclTensor *out, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2 of aclnnSoftshrink: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftshrink(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTSHRINK_H_ */
