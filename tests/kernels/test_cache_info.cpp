// The cache size the kernels plan with is set from outside (the runtime measures it).
#include <gtest/gtest.h>

#include "cache_info.h"

namespace {

using aclcpu::kernels::kDefaultLastLevelCacheBytes;
using aclcpu::kernels::LastLevelCacheBytes;
using aclcpu::kernels::SetLastLevelCacheBytes;

TEST(CacheInfoTest, SetAndRestoreDefault) {
  EXPECT_EQ(kDefaultLastLevelCacheBytes, int64_t{32} << 20);
  SetLastLevelCacheBytes(int64_t{3} << 20);
  EXPECT_EQ(LastLevelCacheBytes(), int64_t{3} << 20);
  SetLastLevelCacheBytes(0);
  EXPECT_EQ(LastLevelCacheBytes(), kDefaultLastLevelCacheBytes);
  SetLastLevelCacheBytes(-5);
  EXPECT_EQ(LastLevelCacheBytes(), kDefaultLastLevelCacheBytes);
}

}  // namespace
