/*
 * aclnnop/aclnn_shrink.h — aclnnShrink (aclnn-cpu, libopapi).
 *
 * out = self - bias where self > lambd, self + bias where self < -lambd, else 0.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SHRINK_H_
#define OP_API_INC_LEVEL2_ACLNN_SHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnShrink: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnShrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                                  const aclScalar *bias, aclTensor *out,
                                                  uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);

/* Phase 2 of aclnnShrink: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnShrink(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SHRINK_H_ */
