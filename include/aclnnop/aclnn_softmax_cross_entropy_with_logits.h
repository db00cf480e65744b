/*
 * aclnnop/aclnn_softmax_cross_entropy_with_logits.h — aclnnSoftmaxCrossEntropyWithLogits
 * (aclnn-cpu, libopapi).
 *
 * For 2-D features and labels [N, C]: backprop = softmax(features) - labels and
 * loss[n] = sum_c labels * (log sum exp(features - max) - (features - max)), over C.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_
#define OP_API_INC_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments, reports the workspace size and creates the executor. */
ACLNN_API aclnnStatus aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(
    const aclTensor *features, aclTensor *labels, aclTensor *loss, aclTensor *backprop,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2: enqueues the computation planned by phase 1 on stream. */
ACLNN_API aclnnStatus aclnnSoftmaxCrossEntropyWithLogits(void *workspace, uint64_t workspaceSize,
                                                         aclOpExecutor *executor,
                                                         const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H_ */
