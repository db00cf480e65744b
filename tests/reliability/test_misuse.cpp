// Misuse of the public API: each case is refused with a status and a message naming the fault.
// Every test here fails if its check is removed (the call would then succeed, or crash).
#include <gmock/gmock.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

using ::testing::HasSubstr;

class Misuse : public RelTest {};

// --- 1. view bounds -------------------------------------------------------------------------

// (Overruns inside the size CANN rounds an allocation up to, and past it inside the allocation's
// own pages, are only warned about: see test_rounding.cpp.)
TEST_F(Misuse, ViewOneElementPastTheAllocationsPages) {
  const int64_t n = static_cast<int64_t>(sysconf(_SC_PAGESIZE)) / 4 + 1;
  void* small = Alloc(24);  // 6 floats; one page mapped for it
  T g({n}, ACL_FLOAT, Alloc(4 * n)), x({n}, ACL_FLOAT, Alloc(4 * n));
  T out({n}, ACL_FLOAT, small, {}, 0, {n});
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(SwishPlan(g, x, out, &exec), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("gradInput"));
  EXPECT_THAT(m, HasSubstr("ends " + std::to_string(4 * n - 24) +
                           " bytes past the end of its allocation of 24 bytes"));
}

TEST_F(Misuse, NegativeOffsetStartsBeforeTheAllocation) {
  void* a = Alloc(64);
  T g({4}, ACL_FLOAT, a), out({4}, ACL_FLOAT, Alloc(64));
  T x({4}, ACL_FLOAT, a, {1}, -1, {4});
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(SwishPlan(g, x, out, &exec), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("self"));
  EXPECT_THAT(m, HasSubstr("starts 4 bytes before its allocation"));
}

TEST_F(Misuse, StridedExtentPastTheAllocation) {
  T g({3}, ACL_FLOAT, Alloc(12)), x({3}, ACL_FLOAT, Alloc(12));
  // Elements 0, P/4 and P/2 of a page of P bytes: 2P + 4 bytes, past the one page mapped.
  const int64_t stride = static_cast<int64_t>(sysconf(_SC_PAGESIZE)) / 4;
  T out({3}, ACL_FLOAT, Alloc(24), {stride}, 0, {2 * stride + 1});
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(SwishPlan(g, x, out, &exec), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("ends " + std::to_string(8 * stride + 4 - 24) +
                                   " bytes past the end of its allocation of 24 bytes"));
}

TEST_F(Misuse, AbsurdStridesAreRefusedWithoutOverflow) {
  const int64_t big = std::numeric_limits<int64_t>::max() / 2;
  T g({3}, ACL_FLOAT, Alloc(12)), x({3}, ACL_FLOAT, Alloc(12));
  T out({3}, ACL_FLOAT, Alloc(12), {big}, 0, {3});
  T neg({3}, ACL_FLOAT, Alloc(12), {-big}, big, {3});
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(SwishPlan(g, x, out, &exec), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("past the end"));
  EXPECT_EQ(SwishPlan(g, neg, out, &exec), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
}

TEST_F(Misuse, MisalignedDataIsRefused) {
  char* a = static_cast<char*>(Alloc(64));
  T g({4}, ACL_FLOAT16, a), x({4}, ACL_FLOAT16, a), out({4}, ACL_FLOAT16, a + 1);
  EXPECT_EQ(Swish(g, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("is not aligned to its element size of 2 bytes"));
}

TEST_F(Misuse, ViewOutsideItsStorageShape) {
  void* a = Alloc(256);
  T g({6}, ACL_FLOAT, a), x({6}, ACL_FLOAT, a);
  T out({6}, ACL_FLOAT, Alloc(256), {}, 0, {4});  // inside the allocation, not the storage
  // (storage dims equal to the view dims, as CANN's samples pass them, only warn: see below)
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(SwishPlan(g, x, out, &exec), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("gradInput"));
  EXPECT_THAT(m, HasSubstr("ends 8 bytes past the end of its storage [4] (16 bytes)"));

  char* b = static_cast<char*>(Alloc(256));
  T before({4}, ACL_FLOAT, b + 64, {1}, -2, {8});  // in the allocation, before the storage
  T g4({4}, ACL_FLOAT, a), x4({4}, ACL_FLOAT, a), out4({4}, ACL_FLOAT, Alloc(64));
  EXPECT_EQ(SwishPlan(before, x4, out4, &exec), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("starts 8 bytes before its storage [8]"));
}

TEST_F(Misuse, StorageEqualToViewDimsOnlyWarns) {
  void* a = Alloc(256);
  T g({4}, ACL_FLOAT, a), x({4}, ACL_FLOAT, a);
  T out({4}, ACL_FLOAT, Alloc(256), {1}, 2, {4});  // offset 2 runs past "storage" [4]
  testing::internal::CaptureStdout();
  EXPECT_EQ(Swish(g, x, out), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_THAT(testing::internal::GetCapturedStdout(),
              HasSubstr("ends 8 bytes past the end of its storage [4] (16 bytes) (storage dims "
                        "equal the view dims; accepted)"));
}

TEST_F(Misuse, ViewExactlyFillingItsStorageIsAccepted) {
  void* a = Alloc(256);
  T g({2, 3}, ACL_FLOAT, a), x({2, 3}, ACL_FLOAT, a);
  T out({2, 3}, ACL_FLOAT, Alloc(256), {1, 2}, 0, {3, 2});  // transposed view of [3,2]
  EXPECT_EQ(Swish(g, x, out), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

// --- 2. pointer kinds -----------------------------------------------------------------------

TEST_F(Misuse, HostPointerAsDeviceData) {
  std::vector<float> host(8, 1.0f);
  T g({8}, ACL_FLOAT, host.data()), x({8}, ACL_FLOAT, Alloc(32)), out({8}, ACL_FLOAT, Alloc(32));
  EXPECT_EQ(Swish(g, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("gradOutput data"));
  void* pinned = nullptr;
  ASSERT_EQ(aclrtMallocHost(&pinned, 64), ACL_SUCCESS);
  T p({8}, ACL_FLOAT, pinned);
  EXPECT_EQ(Swish(p, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("host memory from aclrtMallocHost"));
  EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
}

TEST_F(Misuse, UseAfterFree) {
  void* a = Alloc(32);
  T g({8}, ACL_FLOAT, a), x({8}, ACL_FLOAT, Alloc(32)), out({8}, ACL_FLOAT, Alloc(32));
  Free(a);
  EXPECT_EQ(Swish(g, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("released by aclrtFree"));
}

TEST_F(Misuse, FreedBetweenPhaseOneAndTwo) {
  for (int victim = 0; victim < 3; ++victim) {
    void* bufs[3] = {Alloc(32), Alloc(32), Alloc(32)};
    T g({8}, ACL_FLOAT, bufs[0]), x({8}, ACL_FLOAT, bufs[1]), out({8}, ACL_FLOAT, bufs[2]);
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(SwishPlan(g, x, out, &exec), ACLNN_SUCCESS);
    Free(bufs[victim]);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
    const char* names[] = {"gradOutput", "self", "gradInput"};
    const std::string m = TakeErr();
    EXPECT_THAT(m, HasSubstr(names[victim]));
    EXPECT_THAT(m, HasSubstr("released by aclrtFree"));
    // The refused one-shot executor is consumed: a second run is refused too, no crash.
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
    TakeErr();
  }
}

TEST_F(Misuse, RepointedToHostMemoryBetweenPhases) {
  T g({8}, ACL_FLOAT, Alloc(32)), x({8}, ACL_FLOAT, Alloc(32)), out({8}, ACL_FLOAT, Alloc(32));
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(g, x, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  std::vector<float> host(8);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, out, host.data()), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("is not device memory"));
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

// --- 3. executor misuse ---------------------------------------------------------------------

TEST_F(Misuse, ExecutorLifeCycle) {
  T g({8}, ACL_FLOAT, Alloc(32)), x({8}, ACL_FLOAT, Alloc(32)), out({8}, ACL_FLOAT, Alloc(32));
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(g, x, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_SUCCESS);
  // One-shot run twice.
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("was already run or destroyed"));
  // Destroying a one-shot executor that already ran.
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_ERR_INNER);
  EXPECT_THAT(TakeErr(), HasSubstr("is unknown (already run or destroyed)"));

  aclOpExecutor* rep = nullptr;
  ASSERT_EQ(SwishPlan(g, x, out, &rep), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(rep), ACLNN_SUCCESS);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(aclnnSwishBackward(nullptr, 0, rep, stream_), 0);
  ASSERT_EQ(aclDestroyAclOpExecutor(rep), ACLNN_SUCCESS);
  // Running and destroying a destroyed executor.
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, rep, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("already run or destroyed"));
  EXPECT_EQ(aclDestroyAclOpExecutor(rep), ACLNN_ERR_INNER);
  EXPECT_THAT(TakeErr(), HasSubstr("unknown"));
  // A pointer that never was an executor is not dereferenced.
  alignas(64) unsigned char junk[64];
  std::memset(junk, 0xCC, sizeof(junk));
  auto* fake = reinterpret_cast<aclOpExecutor*>(junk);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, fake, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(fake), ACLNN_ERR_INNER);
  // An executor of one operator run by another.
  aclOpExecutor* swish = nullptr;
  ASSERT_EQ(SwishPlan(g, x, out, &swish), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSeluBackward(nullptr, 0, swish, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("was created by aclnnSwishBackward"));
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, swish, stream_), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

// --- shapes ---------------------------------------------------------------------------------

TEST_F(Misuse, BadDimsAreRefusedAtCreation) {
  void* a = Alloc(64);
  const int64_t strides[2] = {1, 1};
  EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, nullptr, 0, a),
            nullptr);
  EXPECT_THAT(TakeErr(), HasSubstr("viewDims is null"));
  const int64_t negative[2] = {2, -3};
  EXPECT_EQ(aclCreateTensor(negative, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, negative, 2, a),
            nullptr);
  EXPECT_THAT(TakeErr(), HasSubstr("must not be negative"));
  const int64_t huge[3] = {int64_t{1} << 32, int64_t{1} << 31, 4};
  EXPECT_EQ(aclCreateTensor(huge, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, huge, 3, a), nullptr);
  EXPECT_THAT(TakeErr(), HasSubstr("overflows int64"));
  const int64_t ok[1] = {4};
  EXPECT_EQ(aclCreateTensor(ok, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, huge, 3, a), nullptr);
  EXPECT_THAT(TakeErr(), HasSubstr("storageDims"));
}

TEST_F(Misuse, NineDimensionalSwish) {
  const std::vector<int64_t> shape(9, 1);
  void* a = Alloc(64);
  T g(shape, ACL_FLOAT, a), x(shape, ACL_FLOAT, a), out(shape, ACL_FLOAT, Alloc(64));
  EXPECT_EQ(Swish(g, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("rank 9 exceeds the maximum of 8"));
}

TEST_F(Misuse, DestroyedTensorHandleIsRefused) {
  T ok({4}, ACL_FLOAT, Alloc(16));
  // Created first: a tensor made after the destroy could reuse the freed address.
  T x({4}, ACL_FLOAT, Alloc(16)), out({4}, ACL_FLOAT, Alloc(16));
  EXPECT_EQ(aclDestroyTensor(ok.t), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(ok.t), ACLNN_ERR_PARAM_INVALID);  // double destroy
  EXPECT_THAT(TakeErr(), HasSubstr("not a live aclTensor"));
  // A destroyed handle passed to an operator is refused by identity, never read.
  EXPECT_EQ(Swish(ok.t, x, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("gradOutput is not a live aclTensor"));
  ok.t = nullptr;
  float beta = 1.0f;
  aclScalar* scalar = aclCreateScalar(&beta, ACL_FLOAT);
  ASSERT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(aclnnSwishBackwardGetWorkspaceSize(x, x, scalar, out, &ws, &exec),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("betaOptional is not a live aclScalar"));
}

// --- 7. overlap -----------------------------------------------------------------------------

double SwishGrad(double g, double x) {
  const double s = 1.0 / (1.0 + std::exp(-x));
  return g * s * (1.0 + x * (1.0 - s));
}

TEST_F(Misuse, InterleavedOutputAndInputAreAccepted) {
  constexpr int kN = 64;
  std::vector<float> host(2 * kN), grad(kN);
  for (int i = 0; i < 2 * kN; ++i) host[i] = 0.25f * static_cast<float>(i % 13) - 1.5f;
  for (int i = 0; i < kN; ++i) grad[i] = 1.0f + 0.01f * static_cast<float>(i);
  void* buf = Alloc(host.size() * 4);
  void* g = Alloc(grad.size() * 4);
  ASSERT_EQ(
      aclrtMemcpy(buf, host.size() * 4, host.data(), host.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_SUCCESS);
  ASSERT_EQ(
      aclrtMemcpy(g, grad.size() * 4, grad.data(), grad.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_SUCCESS);
  T gt({kN}, ACL_FLOAT, g);
  T out({kN}, ACL_FLOAT, buf, {2}, 0, {2 * kN});  // even elements
  T in({kN}, ACL_FLOAT, buf, {2}, 1, {2 * kN});   // odd elements
  ASSERT_EQ(Swish(gt, in, out), ACLNN_SUCCESS) << TakeErr();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  std::vector<float> back(2 * kN);
  ASSERT_EQ(
      aclrtMemcpy(back.data(), back.size() * 4, buf, back.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST),
      ACL_SUCCESS);
  for (int i = 0; i < kN; ++i) {
    EXPECT_EQ(back[2 * i + 1], host[2 * i + 1]) << i;  // inputs untouched
    const double want = SwishGrad(grad[i], host[2 * i + 1]);
    EXPECT_NEAR(back[2 * i], want, 1e-5 * (1.0 + std::fabs(want))) << i;
  }
  // Two dims, shifted by one element: rows of 3 with stride 2 never meet either.
  T out2({2, 3}, ACL_FLOAT, buf, {6, 2}, 0, {2 * kN});
  T in2({2, 3}, ACL_FLOAT, buf, {6, 2}, 1, {2 * kN});
  T g2({2, 3}, ACL_FLOAT, g);
  EXPECT_EQ(Swish(g2, in2, out2), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

TEST_F(Misuse, PartialOverlapIsRefused) {
  void* buf = Alloc(256);
  T g({6}, ACL_FLOAT, Alloc(64));
  T out({6}, ACL_FLOAT, buf, {1}, 0, {64});
  T shifted({6}, ACL_FLOAT, buf, {1}, 1, {64});
  EXPECT_EQ(Swish(g, shifted, out), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("partially overlaps self"));
  // Different strides that share element 0 (gcd test cannot separate them).
  T s2({6}, ACL_FLOAT, buf, {2}, 0, {64});
  T s3({6}, ACL_FLOAT, buf, {3}, 0, {64});
  EXPECT_EQ(Swish(g, s3, s2), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("partially overlaps"));
  // Same stride, shifted by half an element (fp16 data viewed at a 2-byte shift as fp32 is not
  // possible through offsets, so use a fp16 pair: stride 2 halfs, shift of 1 half overlaps
  // nothing; shift of 2 halfs hits the next element).
  T h1({6}, ACL_FLOAT16, buf, {2}, 0, {128}), h2({6}, ACL_FLOAT16, buf, {2}, 2, {128});
  T gh({6}, ACL_FLOAT16, Alloc(64));
  EXPECT_EQ(Swish(gh, h2, h1), ACLNN_ERR_PARAM_INVALID);
  TakeErr();
  // Exact aliasing (in place) stays allowed.
  EXPECT_EQ(Swish(g, out, out), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

}  // namespace
}  // namespace rel
