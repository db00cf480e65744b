// Phase 2's re-validation of an executor's plan before it launches (internal to nnopbase; used
// by RunExecutor, so it covers every operator).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "nnopbase/objects.h"

namespace aclcpu {

// Device allocations pinned for one launch: unpinned when the last holder (the enqueued tasks,
// through rt::LaunchScope) lets go.
struct PinnedMemory {
  const void* bases[ExecutorPlan::kMaxInputs + ExecutorPlan::kMaxOutputs] = {};
  size_t count = 0;
  PinnedMemory() = default;
  PinnedMemory(const PinnedMemory&) = delete;
  PinnedMemory& operator=(const PinnedMemory&) = delete;
  ~PinnedMemory();
};

// Refuses (status + message naming `op`, the argument and the fault):
// - a captured tensor that aclSetRawTensorAddr / aclInitTensor changed since phase 1 (checked
//   only when some tensor changed since `tensorEpoch`);
// - a snapshot whose memory is not live device memory (freed since phase 1, or re-pointed at
//   something else), or belongs to another device than the stream's;
// - after a re-point (`repointed`): a view that leaves its allocation or is misaligned, and an
//   output that partially overlaps an input.
// On success *pins holds the pins of every snapshot's allocation.
int RevalidatePlan(const char* op, const ExecutorPlan& plan, bool repointed, uint64_t tensorEpoch,
                   aclrtStream stream, std::shared_ptr<PinnedMemory>* pins);

// True when `tensor` describes the same view (dtype, shape, strides, offset) as `slot`.
bool SameView(const TensorSnapshot& slot, const aclTensor& tensor);
std::vector<int64_t> ShapeOf(const TensorSnapshot& slot);

// Executors created since the previous call and still alive (the leak report counts each once).
size_t UnreportedExecutorCount();

}  // namespace aclcpu
