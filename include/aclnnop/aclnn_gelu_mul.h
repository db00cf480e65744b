/*
 * aclnnop/aclnn_gelu_mul.h — aclnnGeluMul (aclnn-cpu, libopapi).
 *
 * out = gelu(x1) * x2 with x1, x2 the halves of input's last dim (approximateOptional "none" or
 * "tanh", NULL = "none").
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GELU_MUL_H_
#define OP_API_INC_LEVEL2_ACLNN_GELU_MUL_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnGeluMulGetWorkspaceSize(const aclTensor *input,
                                                   char *approximateOptional, const aclTensor *out,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnGeluMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_GELU_MUL_H_ */
