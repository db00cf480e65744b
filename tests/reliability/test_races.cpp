// Races a careless or hostile program starts: destroying a tensor while another thread runs
// phase 1 with it (row A), and freeing a buffer while another thread launches an operator on
// it (row B). Bounded stress tests: every call returns a status, nothing crashes (ASan/TSan
// builds run them too), and results that are reported as computed are right.
#include <gmock/gmock.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

class Races : public RelTest {};

// Rounds of a race: RELIABILITY_ITERS (default 4000; the sanitizer builds run 150) scaled down
// by `divisor`, within [lo, hi].
int Rounds(int divisor, int lo, int hi) {
  const char* v = std::getenv("RELIABILITY_ITERS");
  const int iters = v != nullptr && std::atoi(v) > 0 ? std::atoi(v) : 4000;
  return std::clamp(iters / divisor, lo, hi);
}

// Swish backward with beta = 1 for one element, the float64 reference.
double SwishGrad(double g, double x) {
  const double s = 1.0 / (1.0 + std::exp(-x));
  return g * s * (1.0 + x * (1.0 - s));
}

TEST_F(Races, DestroyingATensorWhilePhaseOneReadsIt) {
  constexpr int64_t kN = 64;
  const int kRounds = Rounds(20, 30, 200);
  void* a = Alloc(kN * 4);
  void* o = Alloc(kN * 4);
  T x({kN}, ACL_FLOAT, a), out({kN}, ACL_FLOAT, o);
  std::atomic<aclTensor*> shared{nullptr};
  std::atomic<bool> done{false};
  std::atomic<int> refused{0}, planned{0}, bad{0};
  std::thread reader([&] {
    aclrtSetDevice(0);
    while (!done.load()) {
      aclTensor* g = shared.load();
      if (g == nullptr) continue;
      aclOpExecutor* exec = nullptr;
      const int rc = SwishPlan(g, x, out, &exec);
      if (rc == ACLNN_SUCCESS) {
        ++planned;
        aclDestroyAclOpExecutor(exec);
      } else if (rc == ACLNN_ERR_PARAM_INVALID &&
                 TakeErr().find("is not a live aclTensor") != std::string::npos) {
        ++refused;
      } else {
        ++bad;
      }
      int64_t* dims = nullptr;
      uint64_t n = 0;
      if (aclGetViewShape(g, &dims, &n) == ACLNN_SUCCESS) delete[] dims;
      TakeErr();
    }
  });
  // At least kRounds rounds, and more (for up to 5 s) until the reader has met a tensor at all:
  // on a loaded machine it may not be scheduled during the first rounds.
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0;
       i < kRounds || (planned.load() + refused.load() + bad.load() == 0 &&
                       std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
       ++i) {
    const int64_t shape[] = {kN};
    aclTensor* g = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, a);
    shared.store(g);
    std::this_thread::yield();
    // Phase 1 may be reading it right now: the destroy waits for it, never frees under it.
    EXPECT_EQ(aclDestroyTensor(g), ACLNN_SUCCESS);
  }
  done.store(true);
  reader.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(planned.load() + refused.load(), 0);
}

TEST_F(Races, FreeingABufferWhileAnOperatorIsLaunchedOnIt) {
  // Large enough to run on the stream's worker (not inline), so that the free can come while
  // the kernel is queued or running.
  constexpr int64_t kN = 300000;
  constexpr size_t kBytes = kN * sizeof(float);
  const int kRounds = Rounds(160, 5, 25);
  std::vector<float> gx(kN);
  for (int64_t i = 0; i < kN; ++i) gx[i] = 0.001f * static_cast<float>(i % 2000) - 1.0f;
  void* x = Alloc(kBytes);
  ASSERT_EQ(aclrtMemcpy(x, kBytes, gx.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::atomic<void*> victim{nullptr};
  std::atomic<bool> done{false};
  std::atomic<int> ran{0}, refused{0}, bad{0};
  std::thread launcher([&] {
    aclrtSetDevice(0);
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    while (!done.load()) {
      void* g = victim.load();
      if (g == nullptr) continue;
      T tg({kN}, ACL_FLOAT, g), tx({kN}, ACL_FLOAT, x), to({kN}, ACL_FLOAT, g);  // in place
      aclOpExecutor* exec = nullptr;
      uint64_t ws = 0;
      int rc = aclnnSwishBackwardGetWorkspaceSize(tg, tx, nullptr, to, &ws, &exec);
      if (rc == ACLNN_SUCCESS) rc = aclnnSwishBackward(nullptr, 0, exec, s);
      const std::string m = TakeErr();
      if (rc == ACLNN_SUCCESS) {
        ++ran;
      } else if (rc == ACLNN_ERR_PARAM_INVALID &&
                 m.find("released by aclrtFree") != std::string::npos) {
        ++refused;
      } else {
        ++bad;
      }
    }
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    aclrtDestroyStream(s);
  });
  for (int i = 0; i < kRounds; ++i) {
    void* g = nullptr;
    ASSERT_EQ(aclrtMalloc(&g, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(g, kBytes, 0, kBytes), ACL_SUCCESS);
    victim.store(g);
    std::this_thread::sleep_for(std::chrono::microseconds(200 * (i % 5)));
    victim.store(nullptr);
    // Work already enqueued on g keeps it mapped until it has run; later launches are refused.
    EXPECT_EQ(aclrtFree(g), ACL_SUCCESS);
  }
  done.store(true);
  launcher.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(ran.load() + refused.load(), 0);
  // The input buffer was never touched by the races: one more run gives the reference values.
  void* o = Alloc(kBytes);
  T tg({kN}, ACL_FLOAT, x), tx({kN}, ACL_FLOAT, x), to({kN}, ACL_FLOAT, o);
  ASSERT_EQ(Swish(tg, tx, to), ACLNN_SUCCESS) << TakeErr();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  std::vector<float> result(kN, 0.0f);
  ASSERT_EQ(aclrtMemcpy(result.data(), kBytes, o, kBytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int64_t i = 0; i < kN; i += 997) {
    EXPECT_NEAR(result[i], SwishGrad(gx[i], gx[i]), 1e-5) << i;
  }
}

}  // namespace
}  // namespace rel
