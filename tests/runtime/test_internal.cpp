// The internal interface other layers use (runtime.h): Submit, ClassifyPointer, the device
// thread pool.
#include <vector>

#include "runtime_test_util.h"
#include "thread_pool.h"

namespace {

using aclcpu::rt::AllocationInfo;
using aclcpu::rt::ClassifyPointer;
using aclcpu::rt::PointerKind;

using InternalTest = RuntimeTest;

TEST_F(InternalTest, ClassifyPointer) {
  void* dev = nullptr;
  void* host = nullptr;
  void* freed = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&host, 48), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&freed, 10, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
  AllocationInfo info;
  EXPECT_EQ(ClassifyPointer(static_cast<char*>(dev) + 50, &info), PointerKind::kDevice);
  EXPECT_EQ(info.base, dev);
  EXPECT_EQ(info.requested, 100u);
  EXPECT_EQ(info.device, 0);
  const uint64_t id = info.id;
  EXPECT_EQ(ClassifyPointer(host, &info), PointerKind::kHost);
  EXPECT_EQ(info.requested, 48u);
  EXPECT_NE(info.id, id);
  EXPECT_EQ(ClassifyPointer(freed, &info), PointerKind::kFreedDevice);
  EXPECT_EQ(info.requested, 10u);
  int local = 0;
  EXPECT_EQ(ClassifyPointer(&local, nullptr), PointerKind::kUnknown);
  EXPECT_EQ(ClassifyPointer(nullptr, nullptr), PointerKind::kUnknown);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
}

TEST_F(InternalTest, SubmitNeedsADeviceForTheDefaultStream) {
  int rc = 0;
  std::thread([&] { rc = aclcpu::rt::Submit(nullptr, "orphan", [] { return 0; }); }).join();
  EXPECT_EQ(rc, ACL_ERROR_RT_CONTEXT_NULL);
  std::vector<int> order;
  for (int i = 0; i < 100; ++i) {
    ASSERT_EQ(aclcpu::rt::Submit(nullptr, "ordered", [&order, i] { return order.push_back(i), 0; }),
              ACL_SUCCESS);
  }
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(order[i], i);
}

TEST_F(InternalTest, DevicePool) {
  aclcpu::kernels::ThreadPool* pool = aclcpu::rt::CurrentDevicePool();
  ASSERT_NE(pool, nullptr);
  EXPECT_GE(pool->NumThreads(), 1);
  EXPECT_EQ(aclcpu::rt::CurrentDevicePool(), pool);  // one per device, created once
  aclcpu::kernels::ThreadPool* none = pool;
  std::thread([&] { none = aclcpu::rt::CurrentDevicePool(); }).join();
  EXPECT_EQ(none, nullptr);
}

}  // namespace
