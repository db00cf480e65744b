// Shared phase-1 tail and phase-2 launch of the split-and-gate operators (GLU family): the
// operator file does the vendor's checks, then describes the split (dim, mode, which half is
// the gate) and the kernel; this plans the strided views, checks memory and overlap, and
// creates the executor whose launch runs kernels/rowwise/split_* on the device's pool.
#pragma once

#include <cstdint>

#include "nnopbase/objects.h"
#include "rowwise/split_problem.h"
#include "rowwise/split_views.h"

namespace aclcpu {
namespace ops {

struct SplitOpPlan {
  const char* opName = "";
  kernels::split::Op kernel = kernels::split::Op::kSwiGlu;
  kernels::split::Params params;
  kernels::split::Mode mode = kernels::split::Mode::kAlongDim;
  int dim = 0;                // normalized, in [0, max(rank, 1))
  bool activateFirst = true;  // the gate (activated half) is the first half
  bool backward = false;
  // Forward: x, out[, out2]. Backward: dy, x[, saved], gradX (= out).
  const aclTensor* x = nullptr;
  const aclTensor* dy = nullptr;
  const aclTensor* saved = nullptr;
  const aclTensor* out = nullptr;
  const aclTensor* out2 = nullptr;
  // An extra forward input the formula reads with each element: a one-element tensor (FatreluMul's
  // threshold, broadcast everywhere) or one value per row (SwigluGroup's weight: its elements in
  // row-major order over the dims before dim).
  enum class Extra : uint8_t { kNone, kScalar, kPerRow };
  Extra extraKind = Extra::kNone;
  const aclTensor* extra = nullptr;
  // D5: rows at or past min(sum of groupIndex, rows) are skipped (forward) / zeroed (backward).
  const aclTensor* groupIndex = nullptr;
  bool takesGroupIndex = false;  // the API has a groupIndexOptional parameter (numbered if null)
  bool groupSumInFloat = false;
  // The operator's argument names, for messages.
  const char* xName = "self";
  const char* dyName = "gradOutput";
  const char* savedName = "";
  const char* outName = "out";
  const char* out2Name = "";
  const char* extraName = "";
  const char* groupIndexName = "groupIndexOptional";
  bool noWork = false;  // succeed with an executor that computes nothing (as for empty tensors)
  // Results are rounded to x's precision before out's dtype (the vendor computes in x's dtype
  // and casts); double inputs compute in double.
};

// Returns an aclnnStatus; fills *workspaceSize = 0 and *executor on success.
int FinishSplitPlan(const SplitOpPlan& plan, uint64_t* workspaceSize, aclOpExecutor** executor);

// The split kernels' dtype for a float aclDataType (FLOAT, FLOAT16, BF16, DOUBLE).
kernels::DType SplitDtype(aclDataType dtype);

}  // namespace ops
}  // namespace aclcpu
