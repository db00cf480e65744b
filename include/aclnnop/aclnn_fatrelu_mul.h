/*
 * aclnnop/aclnn_fatrelu_mul.h — aclnnFatreluMul (aclnn-cpu, libopapi).
 *
 * out = (x1 > threshold ? x1 : 0) * x2 with x1, x2 the halves of input's last dim.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_FATRELU_MUL_H_
#define OP_API_INC_LEVEL2_ACLNN_FATRELU_MUL_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnFatreluMulGetWorkspaceSize(const aclTensor *input,
                                                      const aclTensor *threshold,
                                                      const aclTensor *out, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnFatreluMul(void *workspace, uint64_t workspaceSize,
                                      aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_FATRELU_MUL_H_ */
