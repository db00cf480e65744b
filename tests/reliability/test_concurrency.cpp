// Many host threads driving the runtime at once: each thread owns its buffers and runs copies
// and both operators, in a loop, against results computed once up front. A second variant
// shares one stream between all threads. RELIABILITY_ITERS scales the loop (the sanitizer
// builds run fewer iterations).
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

constexpr int kThreads = 8;
constexpr int64_t kN = 3000;
constexpr size_t kBytes = kN * sizeof(float);

int Iterations() {
  const char* v = std::getenv("RELIABILITY_ITERS");
  const int n = v != nullptr ? std::atoi(v) : 0;
  return n > 0 ? n : 4000;
}

struct Expected {
  std::vector<float> g, x, swish, selu;
};

double SeluGrad(double g, double r) {
  const double scale = 1.0507009873554805, alpha = 1.6732632423543772;
  return r > 0 ? g * scale : g * (r + scale * alpha);
}

// Inputs, and the outputs computed once on one thread (checked against a double reference).
Expected Precompute(RelTest* t, aclrtStream stream) {
  Expected e;
  e.g.resize(kN);
  e.x.resize(kN);
  for (int64_t i = 0; i < kN; ++i) {
    e.g[i] = 0.5f + 0.001f * static_cast<float>(i % 97);
    e.x[i] = 0.01f * static_cast<float>(i % 401) - 2.0f;
  }
  void *g = nullptr, *x = nullptr, *o1 = nullptr, *o2 = nullptr;
  for (void** p : {&g, &x, &o1, &o2})
    EXPECT_EQ(aclrtMalloc(p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  aclrtMemcpy(g, kBytes, e.g.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(x, kBytes, e.x.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  {
    T tg({kN}, ACL_FLOAT, g), tx({kN}, ACL_FLOAT, x), t1({kN}, ACL_FLOAT, o1),
        t2({kN}, ACL_FLOAT, o2);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnSwishBackwardGetWorkspaceSize(tg, tx, nullptr, t1, &ws, &ex), 0);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, ex, stream), 0);
    EXPECT_EQ(aclnnSeluBackwardGetWorkspaceSize(tg, tx, t2, &ws, &ex), 0);
    EXPECT_EQ(aclnnSeluBackward(nullptr, 0, ex, stream), 0);
    EXPECT_EQ(aclrtSynchronizeStream(stream), 0);
  }
  e.swish.resize(kN);
  e.selu.resize(kN);
  aclrtMemcpy(e.swish.data(), kBytes, o1, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
  aclrtMemcpy(e.selu.data(), kBytes, o2, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
  for (void* p : {g, x, o1, o2}) aclrtFree(p);
  for (int64_t i = 0; i < kN; i += 7) {
    const double s = 1.0 / (1.0 + std::exp(-static_cast<double>(e.x[i])));
    const double sw = e.g[i] * s * (1.0 + e.x[i] * (1.0 - s));
    EXPECT_NEAR(e.swish[i], sw, 1e-5 * (1 + std::fabs(sw))) << i;
    if (std::fabs(e.x[i]) < 1e-3f) continue;  // which side of 0 a rounded input lands on
    const double se = SeluGrad(e.g[i], e.x[i]);
    EXPECT_NEAR(e.selu[i], se, 1e-5 * (1 + std::fabs(se))) << i;
  }
  (void)t;
  return e;
}

// One worker: pinned host buffers, async copies in, both operators, async copies out, sync,
// compare. Returns the number of mismatching iterations.
int Worker(const Expected& e, aclrtStream shared, int iters, aclrtContext ctx) {
  if (aclrtSetCurrentContext(ctx) != 0) return iters;
  aclrtStream stream = shared;
  if (stream == nullptr && aclrtCreateStream(&stream) != 0) return iters;
  void *hg = nullptr, *hx = nullptr, *h1 = nullptr, *h2 = nullptr;
  void *g = nullptr, *x = nullptr, *o1 = nullptr, *o2 = nullptr;
  for (void** p : {&hg, &hx, &h1, &h2}) aclrtMallocHost(p, kBytes);
  for (void** p : {&g, &x, &o1, &o2}) aclrtMalloc(p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  std::memcpy(hg, e.g.data(), kBytes);
  std::memcpy(hx, e.x.data(), kBytes);
  int bad = 0;
  {
    T tg({kN}, ACL_FLOAT, g), tx({kN}, ACL_FLOAT, x), t1({kN}, ACL_FLOAT, o1),
        t2({kN}, ACL_FLOAT, o2);
    for (int it = 0; it < iters; ++it) {
      int rc = aclrtMemsetAsync(o1, kBytes, 0, kBytes, stream);
      rc |= aclrtMemcpyAsync(g, kBytes, hg, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
      rc |= aclrtMemcpyAsync(x, kBytes, hx, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
      uint64_t ws = 0;
      aclOpExecutor* ex = nullptr;
      rc |= aclnnSwishBackwardGetWorkspaceSize(tg, tx, nullptr, t1, &ws, &ex);
      rc |= aclnnSwishBackward(nullptr, 0, ex, stream);
      rc |= aclnnSeluBackwardGetWorkspaceSize(tg, tx, t2, &ws, &ex);
      rc |= aclnnSeluBackward(nullptr, 0, ex, stream);
      rc |= aclrtMemcpyAsync(h1, kBytes, o1, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream);
      rc |= aclrtMemcpyAsync(h2, kBytes, o2, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream);
      rc |= aclrtSynchronizeStream(stream);
      if (rc != 0 || std::memcmp(h1, e.swish.data(), kBytes) != 0 ||
          std::memcmp(h2, e.selu.data(), kBytes) != 0) {
        ++bad;
      }
      std::memset(h1, 0, kBytes);
    }
  }
  for (void* p : {hg, hx, h1, h2}) aclrtFreeHost(p);
  for (void* p : {g, x, o1, o2}) aclrtFree(p);
  if (shared == nullptr) aclrtDestroyStream(stream);
  return bad;
}

class Concurrency : public RelTest {
 protected:
  void Run(bool shareStream) {
    const Expected e = Precompute(this, stream_);
    aclrtContext ctx = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
    const int iters = shareStream ? Iterations() / 4 + 1 : Iterations();
    std::atomic<int> bad{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
      threads.emplace_back([&] { bad += Worker(e, shareStream ? stream_ : nullptr, iters, ctx); });
    }
    for (auto& t : threads) t.join();
    EXPECT_EQ(bad.load(), 0) << "iterations with a wrong result or a failed call";
  }
};

TEST_F(Concurrency, EightThreadsEachWithItsOwnStream) { Run(false); }
TEST_F(Concurrency, EightThreadsSharingOneStream) { Run(true); }

}  // namespace
}  // namespace rel
