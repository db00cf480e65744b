/*
 * aclnnop/aclnn_hardsigmoid_backward.h — aclnnHardsigmoidBackward (aclnn-cpu, libopapi).
 *
 * out = gradOutput / 6 where -3 < self < 3, else 0.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_BACKWARD_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardsigmoidBackward: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnHardsigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                               const aclTensor *self,
                                                               aclTensor *out,
                                                               uint64_t *workspaceSize,
                                                               aclOpExecutor **executor);

/* Phase 2 of aclnnHardsigmoidBackward: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardsigmoidBackward(void *workspace, uint64_t workspaceSize,
                                               aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSIGMOID_BACKWARD_H_ */
