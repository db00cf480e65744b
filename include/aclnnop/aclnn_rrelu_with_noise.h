/*
 * aclnnop/aclnn_rrelu_with_noise.h — aclnnRReluWithNoise, aclnnInplaceRReluWithNoise (aclnn-cpu,
 * libopapi).
 *
 * training: noise = self < 0 ? U(lower, upper) : 1, out = self * noise; eval: LeakyRelu((lower +
 * upper) / 2).
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_
#define OP_API_INC_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1 of aclnnRReluWithNoise: checks the arguments, reports the workspace size and creates the
 * executor. */
ACLNN_API aclnnStatus aclnnRReluWithNoiseGetWorkspaceSize(
    const aclTensor *self, const aclTensor *noise, const aclScalar *lower, const aclScalar *upper,
    bool training, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/* Phase 2 of aclnnRReluWithNoise: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnRReluWithNoise(void *workspace, uint64_t workspaceSize,
                                          aclOpExecutor *executor, aclrtStream stream);

/* Phase 1 of aclnnInplaceRReluWithNoise: checks the arguments, reports the workspace size and
 * creates the executor. */
ACLNN_API aclnnStatus aclnnInplaceRReluWithNoiseGetWorkspaceSize(
    const aclTensor *self, const aclTensor *noise, const aclScalar *lower, const aclScalar *upper,
    bool training, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);

/* Phase 2 of aclnnInplaceRReluWithNoise: enqueues the planned computation on stream. */
ACLNN_API aclnnStatus aclnnInplaceRReluWithNoise(void *workspace, uint64_t workspaceSize,
                                                 aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_RRELU_WITH_NOISE_H_ */
