// What phase 2 re-validates for every operator (nnopbase's RunExecutor): a re-point that makes
// an output partially overlap an input or leave its allocation (row D), captured tensors changed
// behind the executor (row F), memory of another device than the stream's (row I, also for
// copies), and address setters given a tensor that is not the captured one.
#include <gmock/gmock.h>
#include <unistd.h>

#include <cmath>
#include <vector>

#include "reliability_util.h"

namespace rel {
namespace {

using ::testing::HasSubstr;

class Phase2 : public RelTest {
 protected:
  // Device buffer of n floats holding values[i] = f(i).
  void* Floats(int64_t n, float (*f)(int64_t)) {
    std::vector<float> host(n);
    for (int64_t i = 0; i < n; ++i) host[i] = f(i);
    void* p = Alloc(n * sizeof(float));
    EXPECT_EQ(aclrtMemcpy(p, n * 4, host.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    return p;
  }
  std::vector<float> Read(const void* p, int64_t n) {
    std::vector<float> host(n);
    EXPECT_EQ(aclrtMemcpy(host.data(), n * 4, p, n * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return host;
  }
};

float Ramp(int64_t i) { return 0.25f * static_cast<float>(i) - 1.0f; }
float Ones(int64_t) { return 1.0f; }

double SwishGrad(double g, double x) {
  const double s = 1.0 / (1.0 + std::exp(-x));
  return g * s * (1.0 + x * (1.0 - s));
}

TEST_F(Phase2, RepointingAnOutputToPartiallyOverlapAnInputIsRefused) {
  constexpr int64_t kN = 8;
  float* buf = static_cast<float*>(Floats(2 * kN, Ramp));
  void* g = Floats(kN, Ones);
  T tg({kN}, ACL_FLOAT, g), tx({kN}, ACL_FLOAT, buf), out({kN}, ACL_FLOAT, Alloc(kN * 4));
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(tg, tx, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  // Output moved to start 3 elements into the input: a partial overlap.
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, out, buf + 3), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  const std::string m = TakeErr();
  EXPECT_THAT(m, HasSubstr("gradInput"));
  EXPECT_THAT(m, HasSubstr("partially overlaps self"));
  // Nothing was written: the input still holds its values.
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  const std::vector<float> kept = Read(buf, 2 * kN);
  for (int64_t i = 0; i < 2 * kN; ++i) EXPECT_EQ(kept[i], Ramp(i)) << i;
  // Exactly onto the input (in place) is fine and computes the right values.
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, out, buf), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_SUCCESS) << TakeErr();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  const std::vector<float> got = Read(buf, kN);
  for (int64_t i = 0; i < kN; ++i) EXPECT_NEAR(got[i], SwishGrad(1.0, Ramp(i)), 1e-6) << i;
  // Re-pointed where the view leaves its buffer and the page mapped for it (P - 40 bytes, which
  // CANN rounds to P; the view starts 8 bytes before P and is 32 long): refused with the bounds
  // message.
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, out, static_cast<char*>(Alloc(page - 40)) + page - 8),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("ends 64 bytes past the end of its allocation of " +
                                   std::to_string(page - 40) + " bytes"));
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_F(Phase2, CapturedTensorChangedBehindTheExecutorIsRefused) {
  constexpr int64_t kN = 8;
  void* x = Floats(kN, Ramp);
  void* o1 = Floats(kN, Ones);
  void* o2 = Floats(kN, Ones);
  T tg({kN}, ACL_FLOAT, Floats(kN, Ones)), tx({kN}, ACL_FLOAT, x), out({kN}, ACL_FLOAT, o1);
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(tg, tx, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetRawTensorAddr(out, o2), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("gradInput (aclTensor"));
  // Neither the old nor the new address was written.
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(Read(o1, kN)[0], 1.0f);
  EXPECT_EQ(Read(o2, kN)[0], 1.0f);

  // aclInitTensor likewise (on an input, of a repeatable executor, which survives the refusal).
  ASSERT_EQ(aclSetRawTensorAddr(out, o1), ACLNN_SUCCESS);
  ASSERT_EQ(SwishPlan(tg, tx, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  const int64_t shape[] = {kN};
  ASSERT_EQ(aclInitTensor(tx, shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, nullptr),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("self (aclTensor"));
  // The sanctioned way to move a captured tensor works.
  ASSERT_EQ(aclSetInputTensorAddr(exec, 1, tx, x), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_SUCCESS) << TakeErr();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_NEAR(Read(o1, kN)[2], SwishGrad(1.0, Ramp(2)), 1e-6);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

// One aclTensor in two slots (gradOutput and self; gradOutput and the in-place gradInput):
// re-pointing it moves every slot that holds it, as CANN re-points the tensor itself.
TEST_F(Phase2, SetAddrMovesEverySlotHoldingTheTensor) {
  constexpr int64_t kN = 8;
  void* a = Floats(kN, Ramp);
  void* b = Floats(kN, [](int64_t i) { return 0.5f * static_cast<float>(i) - 2.0f; });
  void* x = Floats(kN, Ramp);
  const std::vector<float> bBefore = Read(b, kN);
  {
    void* o = Floats(kN, Ones);
    T t({kN}, ACL_FLOAT, a), out({kN}, ACL_FLOAT, o);
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(SwishPlan(t, t, out, &exec), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, t, b), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_SUCCESS) << TakeErr();
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> got = Read(o, kN);
    for (int64_t i = 0; i < kN; ++i) {  // both inputs read b
      EXPECT_NEAR(got[i], SwishGrad(bBefore[i], bBefore[i]), 1e-5) << i;
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  }
  {
    T t({kN}, ACL_FLOAT, a), tx({kN}, ACL_FLOAT, x);
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(SwishPlan(t, tx, t, &exec), ACLNN_SUCCESS);  // in place over gradOutput
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, t, b), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_SUCCESS) << TakeErr();
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> gotB = Read(b, kN), gotA = Read(a, kN);
    for (int64_t i = 0; i < kN; ++i) {
      EXPECT_NEAR(gotB[i], SwishGrad(bBefore[i], Ramp(i)), 1e-5) << i;  // read b, wrote b
      EXPECT_EQ(gotA[i], Ramp(i)) << i;                                 // a untouched
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  }
}

TEST_F(Phase2, SetAddrWithATensorThatIsNotTheCapturedOne) {
  void* a = Alloc(32);
  T tg({8}, ACL_FLOAT, a), tx({8}, ACL_FLOAT, a), out({8}, ACL_FLOAT, Alloc(32));
  T other({4}, ACL_FLOAT16, Alloc(8));
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(tg, tx, out, &exec), ACLNN_SUCCESS);
  void* before = nullptr;
  ASSERT_EQ(aclGetRawTensorAddr(other, &before), ACLNN_SUCCESS);
  EXPECT_EQ(aclSetInputTensorAddr(exec, 0, other, Alloc(32)), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("is not the tensor aclnnSwishBackward captured as input 0"));
  void* after = nullptr;
  ASSERT_EQ(aclGetRawTensorAddr(other, &after), ACLNN_SUCCESS);
  EXPECT_EQ(after, before);  // the unrelated tensor was not re-pointed
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_F(Phase2, MemoryOfAnotherDeviceThanTheStreamsIsRefused) {
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  ASSERT_GE(count, 2u) << "env_setup.cpp asks for 2 devices";
  void* d0 = Alloc(32);  // device 0 (current)
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  aclrtStream s1 = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s1), ACL_SUCCESS);
  void* d1 = nullptr;
  ASSERT_EQ(aclrtMalloc(&d1, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(d1, 32, 0, 32), ACL_SUCCESS);
  {
    // Device-0 memory on a device-1 stream.
    T g({8}, ACL_FLOAT, d0), x({8}, ACL_FLOAT, d0), out({8}, ACL_FLOAT, d0);
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(SwishPlan(g, x, out, &exec), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, s1), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(TakeErr(), HasSubstr("belongs to device 0, but stream"));
    // Mixing both devices in one operator.
    T o1({8}, ACL_FLOAT, d1);
    ASSERT_EQ(SwishPlan(g, x, o1, &exec), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, s1), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(TakeErr(), HasSubstr("gradOutput memory"));
  }
  // Copies: device-0 memory through a device-1 stream, or while device 1 is current.
  float host[8] = {};
  EXPECT_EQ(aclrtMemcpyAsync(d0, 32, host, 32, ACL_MEMCPY_HOST_TO_DEVICE, s1),
            ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("is memory of device 0, but the call runs on device 1"));
  EXPECT_EQ(aclrtMemcpy(host, 32, d0, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtMemsetAsync(d0, 32, 0, 32, s1), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtMemcpy(host, 32, d1, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(s1), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s1), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(d1), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtResetDevice(0);  // (the fixture's own reference stays)
}

}  // namespace
}  // namespace rel
