// The reduce-along-one-dim driver (softmax family): a strided tensor is viewed as
// [batch..., R, inner...] for the reduced dim; every line of R elements is reduced in the compute
// type with max-subtraction where the operation needs it, then mapped elementwise. Views are read
// and written in place (strided, any of fp32 / fp16 / bf16 / fp64); the work is cut into blocks
// that depend on the shape only, so results are bitwise identical for any pool size.
#pragma once

#include <cstdint>

#include "elementwise/types.h"

namespace aclcpu {
namespace kernels {

class ThreadPool;

namespace rowwise {

// Operands, in order: inputs in[0..], outputs out[0..].
enum class ReduceOp : uint8_t {
  kSoftmax,         // in: x;        out: y = exp(x - max) / sum exp(x - max)
  kLogSoftmax,      // in: x;        out: y = (x - max) - log sum exp(x - max)
  kSoftmaxGrad,     // in: y, dy;    out: dy' = y * (dy - sum(dy * y))
  kLogSoftmaxGrad,  // in: y, dy;    out: dy' = dy - exp(y) * sum(dy)
  // in: x, labels; out[0]: backprop = exp(x - max) / S - labels,
  //                out[1]: loss = sum labels * (log S - (x - max)), one value per line.
  kSoftmaxCrossEntropy,
};

constexpr int kMaxDims = 8;

struct ReduceOperand {
  void* data = nullptr;  // the view's first element
  DType storage = DType::F32;
  // Loads widen the stored value and then round it to `via`; stores round the computed value to
  // `via` and then convert it to `storage`. `via == storage` (or wider) is a plain conversion.
  DType via = DType::F32;
  int64_t strides[kMaxDims] = {};  // elements, one per problem dim (0 along `dim` for a per-line
                                   // output such as the cross-entropy loss)
};

struct ReduceProblem {
  ReduceOp op = ReduceOp::kSoftmax;
  bool computeF64 = false;  // compute in double (else fp32)
  int ndim = 0;             // >= 1 (a 0-d tensor is passed as shape [1])
  int64_t shape[kMaxDims] = {};
  int dim = 0;  // the reduced dim, in [0, ndim)
  ReduceOperand in[2];
  ReduceOperand out[2];
};

int NumInputs(ReduceOp op);
int NumOutputs(ReduceOp op);

// Runs the problem on `pool` (nullptr: on the calling thread). Every element count must be > 0.
void RunReduce(const ReduceProblem& problem, ThreadPool* pool);

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
