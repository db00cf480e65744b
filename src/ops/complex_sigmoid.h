// Sigmoid and SigmoidBackward where a tensor is COMPLEX64 / COMPLEX128: the vendor sends these
// to its AICPU kernels (std::complex arithmetic in the compute dtype's precision) between casts.
// Here one scalar loop walks the strided (and, for the backward, broadcast) views:
//   Sigmoid:          y = 1 / (1 + exp(-x)), x cast to `compute` first;
//   SigmoidBackward:  dx = conj((1 - y) y) g for complex `compute`, (g (1 - y)) y otherwise;
// then each result is cast to the output's dtype (a complex result to a real dtype keeps its
// real part). Golden mode computes in complex<double> / double and rounds once.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace ops {

// True when the call involves a complex tensor (it then goes through the planners below).
bool AnyComplex(aclDataType a, aclDataType b, aclDataType c = ACL_FLOAT);

// The caller has run every phase-1 check. `compute`: the dtype the vendor computes in.
int PlanComplexSigmoid(const char* op, const aclTensor* self, const aclTensor* out,
                       aclDataType compute, uint64_t* workspaceSize, aclOpExecutor** executor);
int PlanComplexSigmoidBackward(const char* op, const aclTensor* gradOutput, const aclTensor* output,
                               const aclTensor* gradInput, aclDataType compute,
                               uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
