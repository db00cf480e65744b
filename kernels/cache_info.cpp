#include "cache_info.h"

#include <atomic>

namespace aclcpu {
namespace kernels {
namespace {

std::atomic<int64_t> gLastLevelCacheBytes{kDefaultLastLevelCacheBytes};

}  // namespace

void SetLastLevelCacheBytes(int64_t bytes) {
  gLastLevelCacheBytes.store(bytes > 0 ? bytes : kDefaultLastLevelCacheBytes,
                             std::memory_order_relaxed);
}

int64_t LastLevelCacheBytes() { return gLastLevelCacheBytes.load(std::memory_order_relaxed); }

}  // namespace kernels
}  // namespace aclcpu
