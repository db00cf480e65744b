/*
 * aclnnop/aclnn_threshold.h — aclnnThreshold, aclnnInplaceThreshold (aclnn-cpu, libopapi).
 *
 * out = self <= threshold ? value : self.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_THRESHOLD_H_
#define OP_API_INC_LEVEL2_ACLNN_THRESHOLD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnThreshold: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor *self,
                                                     const aclScalar *threshold,
                                                     const aclScalar *value, aclTensor *out,
                                                     uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/* Phase 2 of aclnnThreshold: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnThreshold(void *workspace, uint64_t workspaceSize,
                                     aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnInplaceThreshold: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor *selfRef,
                                                            const aclScalar *threshold,
                                                            const aclScalar *value,
                                                            uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceThreshold: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnInplaceThreshold(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_THRESHOLD_H_ */
