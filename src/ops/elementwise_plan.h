// The shared phase 1 of every elementwise operator. An operator file states what CANN makes
// specific to it — a constexpr descriptor, its checks in the vendor's order, its scalars — and
// hands the rest to PlanElementwise: live handles and device memory, broadcasting, the kernel
// lookup for the chip's generation, the empty fast path, overlap checks per output, and an
// executor whose phase 2 enqueues one N-ary strided kernel call.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "elementwise/driver.h"
#include "nnopbase/objects.h"

namespace aclcpu {

struct SocProfile;

namespace ops {

// How an operator's output shape relates to its inputs'.
enum class ShapeRule : uint8_t {
  kSame,       // every input has the output's shape (checked by the operator, in its order)
  kBroadcast,  // inputs broadcast (numpy rules) to the output's shape
};

// What is fixed about an elementwise operator (one constexpr object per operator).
struct ElementwiseDesc {
  kernels::OpId op;
  ShapeRule shape;
  int numIn;
  int numOut;
  const char* argNames[kernels::kMaxInputs + kernels::kMaxOutputs];  // inputs, then outputs
};

// One phase-1 call: the API name (also the executor's, so phase 2 must be the same API: the
// inplace twin passes its own name with out = self), the tensors in descriptor order, the dtype
// the kernel computes in (operands of other dtypes are cast on the fly as the vendor's Cast
// operators would), and the parameter block.
struct ElementwiseCall {
  const char* api;
  const ElementwiseDesc* desc;
  const aclTensor* in[kernels::kMaxInputs] = {};
  const aclTensor* out[kernels::kMaxOutputs] = {};
  aclDataType computeDtype = ACL_FLOAT;
  kernels::KernelParams params;
};

// The selected chip, or a 361001 failure naming the API (fills *soc on success).
int ChipFor(const char* api, const SocProfile** soc);

// Broadcasts the shapes of `a` and `b` (numpy rules) into *shape; false when they do not
// broadcast.
bool BroadcastShapes(const aclTensor* a, const aclTensor* b, std::vector<int64_t>* shape);
// 161002 "<api>: <aArg> shape [..] and <bArg> shape [..] cannot broadcast" when they do not.
int CheckBroadcast(const char* api, const char* aArg, const aclTensor* a, const char* bArg,
                   const aclTensor* b, std::vector<int64_t>* shape);
// 161002 unless `out` has exactly `shape`.
int CheckOutShape(const char* api, const char* outArg, const aclTensor* out,
                  const std::vector<int64_t>& shape);

// The kernels' element type for a dtype; false for dtypes the kernels cannot read or write.
bool ToKernelDtype(aclDataType dtype, kernels::DType* out);

// Writes *workspaceSize = 0 and creates the executor, or returns the failure status.
// apiInputs / apiOutputs: the API's tensor numbering where it is not `in` then `out`
// (ExecutorPlan::apiInputs).
int PlanElementwise(const ElementwiseCall& call, uint64_t* workspaceSize, aclOpExecutor** executor,
                    const ApiSlotMap& apiInputs = ApiSlotMap(),
                    const ApiSlotMap& apiOutputs = ApiSlotMap());

}  // namespace ops
}  // namespace aclcpu
