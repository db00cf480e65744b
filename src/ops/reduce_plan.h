// Shared phase-1 tail and phase-2 launch for the operators that reduce along one dim (the
// softmax family, kernels/rowwise/reduce.h): checks the views against device memory and each
// other, and creates an executor whose launch enqueues one RunReduce on the stream.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "rowwise/reduce.h"

namespace aclcpu {
namespace ops {

struct ReduceArg {
  const aclTensor* tensor = nullptr;
  const char* name = "";  // the operator's parameter name (for messages)
  // The type the values pass through: inputs are rounded to it after loading, outputs before
  // the conversion to their own dtype (the vendor's casts around its kernel).
  aclDataType via = ACL_FLOAT;
};

struct ReducePlan {
  const char* opName = "";
  kernels::rowwise::ReduceOp op = kernels::rowwise::ReduceOp::kSoftmax;
  bool computeF64 = false;
  int64_t dim = 0;   // normalized, in [0, max(rank, 1))
  ReduceArg in[2];   // in the kernel's order
  ReduceArg out[2];  // out[1]: a per-line output (its shape lacks `dim`)
  // The API lists the kernel's two inputs (outputs) the other way round: the executor's slots,
  // which aclSetInputTensorAddr & co. number, follow the API.
  bool apiSwapsIn = false;
  bool apiSwapsOut = false;
  bool empty = false;  // nothing to compute (the executor does nothing)
};

// The rowwise element type of a float dtype; false for any other dtype.
bool ToElem(aclDataType dtype, kernels::DType* elem);

// Memory, aliasing and overlap checks (unless plan.empty), then the executor; writes
// *workspaceSize = 0. Returns an aclnnStatus.
int FinishReducePlan(const ReducePlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace ops
}  // namespace aclcpu
