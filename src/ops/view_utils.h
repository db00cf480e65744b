// What every operator's phase 2 does with a captured view: re-check it against device memory,
// find its first element, walk its contiguous runs, and count its traffic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "nnopbase/objects.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {

// Phase 2 re-checks the memory: an allocation may have been freed, or an address replaced by
// aclSetTensorAddr, since phase 1.
int RecheckView(const char* opName, const char* arg, const TensorSnapshot& view);
const void* FirstElement(const TensorSnapshot& view);
// ACLCPU_CHECK level 2: an input must not read device bytes nobody wrote.
int CheckInitialised(const char* opName, const char* arg, const TensorSnapshot& view);
// The output's byte hull, for the missing-synchronisation warning.
std::vector<rt::ByteRange> WrittenHull(const TensorSnapshot& view);
// ACLCPU_CHECK level 2: marks what an enqueued output writes (stream order).
void MarkWritten(const TensorSnapshot& view);
// Bytes the kernel reads or writes through `view` (the stream's cost hint).
size_t TrafficBytes(const TensorSnapshot& view);

// Enqueues `task` as the work of `plan` (operator `op`) on `stream`: its cost is the traffic of
// every input and output view, its writes are the outputs' hulls, and at check level 2 the
// outputs are marked written. A failed enqueue is ACLNN_ERR_RUNTIME_ERROR with a message.
int SubmitPlanTask(const char* op, const ExecutorPlan& plan, aclrtStream stream, rt::Task task);

}  // namespace ops
}  // namespace aclcpu
