/*
 * aclnnop/aclnn_hardswish.h — aclnnHardswish, aclnnInplaceHardswish (aclnn-cpu, libopapi).
 *
 * out = self * clamp(self + 3, 0, 6) / 6.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_HARDSWISH_H_
#define OP_API_INC_LEVEL2_ACLNN_HARDSWISH_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnHardswish: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor *self, const aclTensor *out,
                                                     uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/* Phase 2 of aclnnHardswish: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnHardswish(void *workspace, uint64_t workspaceSize,
                                     aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnInplaceHardswish: checks the arguments, reports the workspace size and creates
 * the executor. */
ACLNN_API aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor *self,
                                                            uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceHardswish: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceHardswish(void *workspace, uint64_t workspaceSize,
                                            aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_HARDSWISH_H_ */
