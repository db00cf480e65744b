/*
 * aclnnop/aclnn_heaviside.h — aclnnHeaviside (aclnn-cpu, libopapi).
 *
 * out = input < 0 ? 0 : (input == 0 ? values : 1), broadcasting.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HEAVISIDE_H_
#define OP_API_INC_LEVEL2_ACLNN_HEAVISIDE_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHeaviside: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnHeavisideGetWorkspaceSize(const aclTensor *input,
                                                     const aclTensor *values, aclTensor *out,
                                                     uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/* Phase 2 of aclnnHeaviside: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnHeaviside(void *workspace, uint64_t workspaceSize,
                                     aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HEAVISIDE_H_ */
