/*
 * aclnnop/aclnn_hardshrink.h — aclnnHardshrink (aclnn-cpu, libopapi).
 *
 * out = self where |self| > lambd, else 0.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardshrink: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnHardshrinkGetWorkspaceSize(const aclTensor *self, const aclScalar *lambd,
                                                      aclTensor *out, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2 of aclnnHardshrink: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardshrink(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSHRINK_H_ */
