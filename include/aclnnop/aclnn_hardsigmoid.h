/*
 * aclnnop/aclnn_hardsigmoid.h — aclnnHardsigmoid, aclnnInplaceHardsigmoid (aclnn-cpu, libopapi).
 *
 * out = clamp(self / 6 + 0.5, 0, 1).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardsigmoid: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnHardsigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                       uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/* Phase 2 of aclnnHardsigmoid: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardsigmoid(void *workspace, uint64_t workspaceSize,
                                       aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnInplaceHardsigmoid: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnInplaceHardsigmoidGetWorkspaceSize(const aclTensor *self,
                                                              uint64_t *workspaceSize,
                                                              aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceHardsigmoid: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceHardsigmoid(void *workspace, uint64_t workspaceSize,
                                              aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_H_ */
