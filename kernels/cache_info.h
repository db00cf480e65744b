// The last-level cache size the kernels plan with (streaming stores when a call's traffic
// exceeds it). Kernels never probe the machine: the runtime measures the cache once (sysfs, cpuid,
// sysconf, ACLNN_CPU_LLC_BYTES) and hands the answer over here.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kernels {

// Until the runtime sets a size: 32 MiB, the L3 of one core complex on current server parts.
constexpr int64_t kDefaultLastLevelCacheBytes = int64_t{32} << 20;

// Sets the size used from the next kernel call on; a value <= 0 restores the default.
void SetLastLevelCacheBytes(int64_t bytes);
// The size in force (a relaxed atomic read: cheap enough for every kernel call).
int64_t LastLevelCacheBytes();

}  // namespace kernels
}  // namespace aclcpu
