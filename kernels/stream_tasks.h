// How a streaming loop (each task reads and writes runs of contiguous elements) is cut into pool
// tasks: the elementwise driver's contiguous blocks and the split-and-gate loop.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kernels {

// Bytes per operand of one task of a streaming loop, at most. Threads claim tasks in turn, so each
// thread reads a series of task-long runs with a gap after each; a run must be long enough for the
// hardware prefetchers to pay off. With 16384-element tasks (16 KiB of int8) 2 threads ran an
// int8 SeluBackward of 16M elements in 0.99 ms, with 256 KiB tasks in 0.54 ms (same run, this
// VM; fp32 2.64 -> 2.30 ms); 1 and 4 MiB tasks were no faster.
constexpr int64_t kStreamTaskBytes = 256 * 1024;
// Smaller problems are still cut into this many tasks (down to the caller's least task), so that
// they keep every thread busy.
constexpr int64_t kMinStreamTasks = 8;

// Elements per task of a streaming loop over `numElems` elements whose widest operand has
// `itemBytes`-byte elements, at least `minElems`: a function of the problem alone, never of the
// thread count.
constexpr int64_t StreamTaskElems(int64_t itemBytes, int64_t numElems, int64_t minElems) {
  const int64_t byBytes = kStreamTaskBytes / (itemBytes > 0 ? itemBytes : 1);
  const int64_t byCount = numElems / kMinStreamTasks;
  const int64_t elems = byBytes < byCount ? byBytes : byCount;
  return elems > minElems ? elems : minElems;
}

}  // namespace kernels
}  // namespace aclcpu
