// What a launched operator needs to know about a captured view's memory: its first element, the
// bytes it touches, its byte hull, and its contiguous runs (for the ACLNN_CPU_CHECK=2
// initialised-memory tracking). Used by the rowwise plans.
#pragma once

#include <cstddef>
#include <vector>

#include "nnopbase/objects.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {

const void* ViewFirstElement(const TensorSnapshot& view);
// Bytes read or written through the view (the stream's cost hint).
size_t ViewTrafficBytes(const TensorSnapshot& view);
// The view's byte hull (for the missing-synchronisation warning).
rt::ByteRange ViewHull(const TensorSnapshot& view);
// Phase 2 re-check of a captured view against live device memory (ACLNN_CPU_CHECK >= 1).
int RecheckViewMemory(const char* opName, const char* arg, const TensorSnapshot& view);
// ACLNN_CPU_CHECK=2: refuses an input that reads never-written device bytes.
int CheckViewInitialised(const char* opName, const char* arg, const TensorSnapshot& view);
// ACLNN_CPU_CHECK=2: marks an output's bytes written (in stream order, when enqueued).
void MarkViewWritten(const TensorSnapshot& view);

}  // namespace ops
}  // namespace aclcpu
