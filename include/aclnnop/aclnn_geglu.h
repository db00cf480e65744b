/*
 * aclnnop/aclnn_geglu.h — aclnnGeGlu and aclnnGeGluV3 (aclnn-cpu, libopapi).
 *
 * self is split into two halves along dim; the gate is the second half (V3: the first when
 * activateLeft). outGelu = gelu(gate) (approximate 0: erf form, 1: tanh form) and
 * out = other half * outGelu.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GEGLU_H_
#define OP_API_INC_LEVEL2_ACLNN_GEGLU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnGeGlu: checks the arguments, reports the workspace size, creates the executor. */
ACLNN_API aclnnStatus aclnnGeGluGetWorkspaceSize(const aclTensor *self, int64_t dim,
                                                 int64_t approximate, aclTensor *out,
                                                 aclTensor *outGelu, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor);

/* Phase 2 of aclnnGeGlu: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeGlu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream);

/* Phase 1 of aclnnGeGluV3 (activateLeft: gate on the first half). */
ACLNN_API aclnnStatus aclnnGeGluV3GetWorkspaceSize(const aclTensor *self, int64_t dim,
                                                   int64_t approximate, bool activateLeft,
                                                   aclTensor *out, aclTensor *outGelu,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/* Phase 2 of aclnnGeGluV3. */
ACLNN_API aclnnStatus aclnnGeGluV3(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GEGLU_H_ */
