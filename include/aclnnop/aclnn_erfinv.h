/*
 * aclnnop/aclnn_erfinv.h — aclnnErfinv, aclnnInplaceErfinv (aclnn-cpu, libopapi).
 *
 * out = erfinv(self) (integer and bool self computed as FLOAT).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_ERFINV_H_
#define OP_API_INC_LEVEL2_ACLNN_ERFINV_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnErfinv: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnErfinvGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                  uint64_t *workspaceSize,
                                                  aclOpExecutor **executor);

/* Phase 2 of aclnnErfinv: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnErfinv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  aclrtStream stream);

/* Phase 1 of aclnnInplaceErfinv: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnInplaceErfinvGetWorkspaceSize(const aclTensor *selfRef,
                                                         uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceErfinv: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnInplaceErfinv(void *workspace, uint64_t workspaceSize,
                                         aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_ERFINV_H_ */
