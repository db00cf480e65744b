// The split-and-gate kernels (GLU family): their problem description and entry points.
//
// A tensor x is viewed as [pre, C, post] around a dim and split into two halves: the first and
// second halves of C, or (ClippedSwiglu `interleaved`) the even and odd elements of each merged
// [C * post] block. Every such split is expressed as strided views sharing one iteration shape
// (split_views.h builds them), so one N-ary strided map (split_map.h) drives all operators:
//   forward  (D1): (gate, up[, weight]) -> (out[, out2])
//   backward (D2): (dy, gate, up[, saved]) -> (gradGate, gradUp)
// Rows (the leading `rowDims` dims of the iteration shape) at or past `rowLimit` (D5, from a
// group index) are skipped by the forward and zero-filled by the backward.
// The work is cut into fixed blocks of the flat iteration index: the partition never depends on
// the thread count, so results are bitwise identical for any pool.
#pragma once

#include <cstdint>

#include "elementwise/types.h"
#include "thread_pool.h"

namespace aclcpu {
namespace kernels {
namespace split {

constexpr int kMaxDims = 8;
constexpr int kMaxInputs = 4;
constexpr int kMaxOutputs = 2;

// One operand: its first element and element strides over the iteration shape (0 = broadcast).
struct Operand {
  const void* data = nullptr;
  int64_t strides[kMaxDims] = {};
  DType dtype = DType::F32;
};

// The formula of a kernel. The comment gives inputs -> outputs in operand order.
enum class Op : uint8_t {
  // ---- forward: in (gate, up), out (y) ----
  kSwiGlu,  // y = silu(gate) * up
  kGlu,     // y = up * sigmoid(gate)   (GLU activates its second half: gate = b, up = a)
  // Glu on the legacy fp16 kernel: sigmoid rounded to fp16, fp16 multiply.
  kGluHalfSteps,
  kGeGluTanh,  // out (y, gelu): gelu = gelu_tanh(gate), y = up * gelu
  kGeGluErf,   // the same with the erf gelu
  // GeGlu fp16: gelu rounded to fp16 before the (fp16) multiply.
  kGeGluTanhHalfGelu,
  kGeGluErfHalfGelu,
  // ---- backward: in (dy, gate, up[, saved]), out (dGate, dUp) ----
  kSwiGluGrad,  // dGate = dy s (1 + gate (1 - s)) up, dUp = dy s gate, s = sigmoid(gate)
  kGluGrad,     // dUp = dy s, dGate = dUp (up - up s), s = sigmoid(gate) (gate = b, up = a)
  // GluBackward bf16 on the composite path: every step rounded to bf16.
  kGluGradBf16Steps,
  kGeGluGradTanh,  // in (dy, gate, up, gelu): dUp = dy gelu, dGate = gelu'(gate) (dy up)
  kGeGluGradErf,
  // ---- more forwards: in (gate, up[, extra]) -> (y) ----
  kGeluMulTanh,  // y = gelu_tanh(gate) * up
  kGeluMulErf,   // y = 0.5 gate (1 + erf(gate / sqrt 2)) * up
  kFatreluMul,   // in (gate, up, threshold broadcast): y = (gate > threshold ? gate : 0) * up
  kSituGlu,      // y = beta tanh(gate / beta) sigmoid(gate) * up', up' = lb tanh(up / lb) if lb > 0
  kClippedSwiglu,        // A = min(A, l), B = clamp(B, -l, l), y = A sigmoid(alpha A) (B + bias)
  kClippedSwigluMode1,   // y = min(silu(A), l) * clamp(B, -l, l)
  kSwigluGroup,          // y = silu(A') B' (clamped by `limit` when limit > 0)
  kSwigluGroupWeighted,  // in (A, B, weight broadcast over the row): the same times weight
  // ---- more backwards: in (dy, gate, up) -> (dGate, dUp) ----
  kSituGluGrad,
  kClippedSwigluGrad,
};

// Scalar attributes (unused ones are ignored), as the API passes them: the fp32 formulas use
// them rounded to float (the kernels' attribute type), golden mode as given.
struct Params {
  double alpha = 1.0;
  double limit = 0.0;
  double bias = 0.0;
  double beta = 1.0;
  double linearBeta = 0.0;
  double threshold = 0.0;
  // Golden mode (copied from Problem::golden by Run): the double formulas take forms free of the
  // vendor order's cancellations (1 - sigmoid(x) as sigmoid(-x), 1 - tanh^2 as sech^2).
  bool golden = false;
};

struct Problem {
  Op op = Op::kSwiGlu;
  int ndim = 0;  // 0 = a single element
  int64_t shape[kMaxDims] = {};
  int numInputs = 0;
  int numOutputs = 0;
  Operand in[kMaxInputs];
  Operand out[kMaxOutputs];  // `data` is written through
  // Results are rounded to this dtype before the output's own (Glu: computed in self's dtype,
  // then cast to out's).
  DType computeRound[kMaxOutputs] = {DType::F32, DType::F32};
  bool computeInDouble = false;  // double operands: the formula runs in double
  // Golden mode (with computeInDouble and computeRound = F64): every formula in float64 with
  // its exact functions (no vendor approximation, no intermediate rounding), and each output
  // rounded once from the double.
  bool golden = false;
  int rowDims = 0;        // leading dims of `shape` that index rows
  int64_t rowLimit = -1;  // rows >= rowLimit: skipped (forward) / zeroed (backward); -1 = all
  bool zeroPastLimit = false;
  // D5: when groupIndex is set, rowLimit = min(sum of its groupCount int64 values (element
  // stride groupStride), rows), read when the kernel runs; the sum is taken in fp32 when
  // groupSumInFloat (as the A2 kernels do), and a negative sum gives no rows.
  const int64_t* groupIndex = nullptr;
  int64_t groupCount = 0;
  int64_t groupStride = 1;
  bool groupSumInFloat = false;
  Params params;
};

// Fixed block of the flat iteration index handed to one pool task.
constexpr int64_t kBlockElements = 16384;

// Runs the problem on `pool` (nullptr = the calling thread). Returns false for an op / dtype
// combination the kernel library does not provide (the caller's checks rule that out).
bool Run(const Problem& problem, ThreadPool* pool);

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
