// Allocation, poisoning, free of bad pointers, and the memcpy / memset checks in CANN's order.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "runtime_test_util.h"

namespace {

using MemoryTest = RuntimeTest;

TEST_F(MemoryTest, AlignmentAndPoison) {
  for (size_t size : {1, 3, 31, 32, 33, 64, 100, 4095, 4096, 4097, 1 << 20}) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << size;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u) << size;
    std::vector<unsigned char> host(size, 0);
    ASSERT_EQ(aclrtMemcpy(host.data(), size, p, size, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (size_t i = 0; i < size; ++i) ASSERT_EQ(host[i], 0xFF) << size << " @" << i;
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 4 * sizeof(float), ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  float f[4];
  ASSERT_EQ(aclrtMemcpy(f, sizeof(f), p, sizeof(f), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (float v : f) EXPECT_TRUE(std::isnan(v));  // uninitialised device memory reads as NaN
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  for (auto fn : {aclrtMallocAlign32, aclrtMallocCached}) {
    ASSERT_EQ(fn(&p, 10, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  void* h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 100), ACL_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(h) % 64, 0u);
  EXPECT_EQ(static_cast<unsigned char*>(h)[99], 0xFF);
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
}

TEST_F(MemoryTest, MallocRefusals) {
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(TakeMessage().find("aclrtMalloc: size is 0"), std::string::npos);
  EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, std::numeric_limits<size_t>::max() - 8, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_INVALID_PARAM);  // size + padding overflows
  EXPECT_EQ(aclrtMalloc(&p, size_t{1} << 60, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_EQ(aclrtMallocAlign32(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  aclrtMallocConfig bad{nullptr, 1};
  EXPECT_EQ(aclrtMallocWithCfg(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST, &bad), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtMallocWithCfg(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST, nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_EQ(aclrtMallocHost(&p, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMallocHost(nullptr, 8), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMallocHostWithCfg(&p, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtMallocHostWithCfg(&p, 8, nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(p), ACL_SUCCESS);
}

TEST_F(MemoryTest, FreeOfBadPointersIsAnErrorNotACrash) {
  int onStack = 0;
  std::vector<int> heap(100);
  void* dev = nullptr;
  void* host = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&host, 256), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(&onStack), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("not returned by aclrtMalloc"), std::string::npos);
  EXPECT_EQ(aclrtFree(heap.data()), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtFree(static_cast<char*>(dev) + 8), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("8 bytes into"), std::string::npos);
  EXPECT_EQ(aclrtFree(host), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("aclrtFreeHost"), std::string::npos);
  EXPECT_EQ(aclrtFreeHost(dev), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_NE(TakeMessage().find("double free"), std::string::npos);
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(host), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_F(MemoryTest, MemcpyRulesInCanonicalOrder) {
  void* dev = nullptr;
  void* dev2 = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);  // rounded to 160
  ASSERT_EQ(aclrtMalloc(&dev2, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* freed = nullptr;
  ASSERT_EQ(aclrtMalloc(&freed, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
  char host[256] = {};
  char* d = static_cast<char*>(dev);
  const auto H2D = ACL_MEMCPY_HOST_TO_DEVICE, D2H = ACL_MEMCPY_DEVICE_TO_HOST,
             D2D = ACL_MEMCPY_DEVICE_TO_DEVICE, H2H = ACL_MEMCPY_HOST_TO_HOST,
             DEF = ACL_MEMCPY_DEFAULT;
  struct Row {
    void* dst;
    size_t destMax;
    const void* src;
    size_t count;
    aclrtMemcpyKind kind;
    int expected;
    const char* message;  // a piece of the expected message, or nullptr
  };
  const Row rows[] = {
      {nullptr, 0, nullptr, 0, ACL_MEMCPY_INTER_DEVICE_TO_DEVICE, ACL_SUCCESS, nullptr},  // count 0
      {nullptr, 8, host, 8, H2D, ACL_ERROR_INVALID_PARAM, "dst is NULL"},
      {dev, 8, nullptr, 8, H2D, ACL_ERROR_INVALID_PARAM, "src is NULL"},
      {dev, 8, host, 8, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, ACL_ERROR_INVALID_PARAM, "kind 6"},
      {dev, 8, host, 8, ACL_MEMCPY_INTER_DEVICE_TO_DEVICE, ACL_ERROR_INVALID_PARAM, "kind 7"},
      {dev, 0, host, 8, H2D, ACL_ERROR_RT_PARAM_INVALID, "destMax is 0"},
      {dev, 1024, host, 4096, H2D, ACL_ERROR_RT_PARAM_INVALID, "count 4096 exceeds destMax 1024"},
      {dev, 8, dev, 8, ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, ACL_SUCCESS, nullptr},  // dst == src
      {dev, 100, host, 100, H2D, ACL_SUCCESS, nullptr},
      // Past the requested size but inside CANN's rounded 160 bytes: accepted (with a WARNING;
      // ACLNN_CPU_CHECK=2 refuses it); past the rounded size: refused.
      {dev, 101, host, 101, H2D, ACL_SUCCESS, nullptr},
      {d + 90, 20, host, 20, H2D, ACL_SUCCESS, nullptr},
      {dev, 161, host, 161, H2D, ACL_ERROR_RT_PARAM_INVALID, "by 61 bytes"},
      {d + 150, 20, host, 20, H2D, ACL_ERROR_RT_PARAM_INVALID, "by 20 bytes"},
      {host, 100, dev, 100, D2H, ACL_SUCCESS, nullptr},
      {host, 200, dev, 200, D2H, ACL_ERROR_RT_PARAM_INVALID, "by 100 bytes"},
      {host, 8, host + 8, 8, D2H, ACL_ERROR_RT_PARAM_INVALID, "not device memory"},
      {host, 8, host + 8, 8, H2D, ACL_ERROR_RT_PARAM_INVALID, "not device memory"},
      {host, 8, freed, 8, D2H, ACL_ERROR_RT_PARAM_INVALID, "already released"},
      {freed, 8, host, 8, H2D, ACL_ERROR_RT_PARAM_INVALID, "already released"},
      {dev2, 100, dev, 100, D2D, ACL_SUCCESS, nullptr},
      {dev2, 100, host, 100, D2D, ACL_ERROR_RT_PARAM_INVALID, "src (ACL_MEMCPY_DEVICE_TO_DEVICE)"},
      {host, 8, host + 8, 8, H2H, ACL_SUCCESS, nullptr},
      {host, 100, dev, 100, DEF, ACL_SUCCESS, nullptr},
      {dev, 100, host, 100, DEF, ACL_SUCCESS, nullptr},
      {dev, 170, host, 170, DEF, ACL_ERROR_RT_PARAM_INVALID, "by 70 bytes"},
      {host, 8, freed, 8, DEF, ACL_ERROR_RT_PARAM_INVALID, "already released"},
      {host, 8, host + 8, 8, DEF, ACL_SUCCESS, nullptr},
  };
  int index = 0;
  for (const Row& row : rows) {
    EXPECT_EQ(aclrtMemcpy(row.dst, row.destMax, row.src, row.count, row.kind), row.expected)
        << "row " << index;
    const std::string message = TakeMessage();
    if (row.message != nullptr) {
      EXPECT_NE(message.find(row.message), std::string::npos) << "row " << index << ": " << message;
    }
    // The async form applies the same checks, and refuses HOST_TO_HOST (EP mode) after them.
    const int asyncExpected = row.kind == H2H && row.expected == ACL_SUCCESS
                                  ? ACL_ERROR_RT_FEATURE_NOT_SUPPORT
                                  : row.expected;
    EXPECT_EQ(aclrtMemcpyAsync(row.dst, row.destMax, row.src, row.count, row.kind, stream_),
              asyncExpected)
        << "async row " << index;
    if (asyncExpected == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
      EXPECT_NE(TakeMessage().find("ACL_MEMCPY_HOST_TO_HOST is not supported in EP mode"),
                std::string::npos);
    }
    ++index;
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev2), ACL_SUCCESS);
}

const char kReadOnly[] = "read-only data";

TEST_F(MemoryTest, MemsetRules) {
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* freed = nullptr;
  ASSERT_EQ(aclrtMalloc(&freed, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
  unsigned char host[64];
  struct Row {
    void* p;
    size_t maxCount;
    size_t count;
    int expected;
  };
  const Row rows[] = {
      {nullptr, 0, 0, ACL_SUCCESS},  // count 0 comes before the NULL check
      {nullptr, 8, 8, ACL_ERROR_INVALID_PARAM},
      {dev, 8, 16, ACL_ERROR_RT_PARAM_INVALID},
      {dev, 64, 64, ACL_SUCCESS},
      {dev, 65, 65, ACL_SUCCESS},  // inside CANN's rounded 96 bytes: a WARNING only
      {dev, 97, 97, ACL_ERROR_RT_PARAM_INVALID},
      {static_cast<char*>(dev) + 90, 8, 8, ACL_ERROR_RT_PARAM_INVALID},
      {reinterpret_cast<void*>(uintptr_t{16}), 8, 8, ACL_ERROR_RT_PARAM_INVALID},  // wild
      {const_cast<char*>(kReadOnly), 8, 8, ACL_ERROR_RT_PARAM_INVALID},            // not writable
      {freed, 8, 8, ACL_ERROR_RT_PARAM_INVALID},
      {host, 64, 64, ACL_SUCCESS},  // host memory is allowed
  };
  int index = 0;
  for (const Row& row : rows) {
    EXPECT_EQ(aclrtMemset(row.p, row.maxCount, 0x5A, row.count), row.expected) << index;
    EXPECT_EQ(aclrtMemsetAsync(row.p, row.maxCount, 0x5A, row.count, stream_), row.expected)
        << index;
    ++index;
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(host[63], 0x5A);
  ASSERT_EQ(aclrtMemset(dev, 64, 0x1234, 64), ACL_SUCCESS);  // byte fill uses the low byte
  ASSERT_EQ(aclrtMemcpy(host, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (unsigned char c : host) ASSERT_EQ(c, 0x34);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

TEST_F(MemoryTest, SynchronousCopyWaitsForQueuedWork) {
  constexpr size_t kBytes = 1 << 16;
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EnqueueSleep(stream_, 30);
  ASSERT_EQ(aclrtMemsetAsync(dev, kBytes, 7, kBytes, stream_), ACL_SUCCESS);
  std::vector<unsigned char> host(kBytes);
  // Missing synchronisation: the runtime warns and waits, so the result is still right.
  ASSERT_EQ(aclrtMemcpy(host.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (size_t i = 0; i < kBytes; i += 97) ASSERT_EQ(host[i], 7) << i;
  // Pageable host memory: the async copy returns only when the copy is done.
  std::vector<unsigned char> src(kBytes, 9);
  EnqueueSleep(stream_, 10);
  ASSERT_EQ(aclrtMemcpyAsync(dev, kBytes, src.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
            ACL_SUCCESS);
  std::fill(src.begin(), src.end(), 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(host.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(host[kBytes - 1], 9);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

TEST_F(MemoryTest, MemInfo) {
  size_t freeBytes = 0, total = 0;
  EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &total), ACL_SUCCESS);
  EXPECT_GT(total, 0u);
  EXPECT_LE(freeBytes, total);
  // 31: not an aclrtMemAttr enumerator, yet inside the enum's value range (no UB).
  EXPECT_EQ(aclrtGetMemInfo(static_cast<aclrtMemAttr>(31), &freeBytes, &total), ACL_SUCCESS);
  EXPECT_EQ(freeBytes, 0u);
  EXPECT_EQ(total, 0u);
  EXPECT_EQ(aclrtGetMemInfo(ACL_DDR_MEM, nullptr, &total), ACL_ERROR_INVALID_PARAM);
}

}  // namespace
