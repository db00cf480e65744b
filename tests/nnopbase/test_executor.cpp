// The executor life cycle: aclcpu::CreateExecutor / RunExecutor (the contract the operators
// use) with the public reuse and address-update API. Phase 2 re-validates the plan against the
// runtime (live device memory of the stream's device), so the plans point at real device
// buffers and run on real streams.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "nnopbase/meta_impl.h"
#include "nnopbase/objects.h"
#include "nnopbase_test_util.h"

namespace {

constexpr const char* kOp = "aclnnTestOp";

// What a launch saw, for the tests to inspect.
struct LaunchLog {
  int runs = 0;
  std::vector<void*> inputData;
  std::vector<void*> outputData;
  aclrtStream stream = nullptr;
};

// Device buffers of 8 bytes (2 floats) the plans and the address setters point at.
constexpr int kBuffers = 8;
void* gDev[kBuffers] = {};

aclcpu::TensorSnapshot Snap(void* data) {
  aclcpu::TensorSnapshot s;
  s.shape = {2};
  s.strides = {1};
  s.dtype = ACL_FLOAT;
  s.data = data;
  return s;
}

// The launch payload: where to record, and what to return.
struct TestPayload {
  LaunchLog* log;
  int status;
};

int RecordingLaunch(const aclcpu::ExecutorPlan& p, aclrtStream stream) {
  const TestPayload payload = p.Payload<TestPayload>();
  LaunchLog* log = payload.log;
  ++log->runs;
  log->inputData.clear();
  log->outputData.clear();
  for (const auto& s : p.inputs) log->inputData.push_back(s.data);
  for (const auto& s : p.outputs) log->outputData.push_back(s.data);
  log->stream = stream;
  return payload.status;
}

// A plan with two inputs and one output whose launch records what it sees and returns `status`.
aclOpExecutor* MakeExecutor(std::shared_ptr<LaunchLog> log, int status = ACLNN_SUCCESS,
                            uint64_t workspaceSize = 0, const char* opName = kOp) {
  aclcpu::ExecutorPlan plan;
  plan.opName = opName;
  plan.inputs = {Snap(gDev[0]), Snap(gDev[1])};
  plan.outputs = {Snap(gDev[2])};
  plan.workspaceSize = workspaceSize;
  plan.SetPayload(TestPayload{log.get(), status});
  plan.launch = &RecordingLaunch;
  return aclcpu::CreateExecutor(plan);
}

int Phase2(aclOpExecutor* e, void* workspace = nullptr, uint64_t size = 0, const char* op = kOp) {
  return aclcpu::RunExecutor(op, workspace, size, e, nullptr);
}

class Executor : public ::testing::Test {
 protected:
  void SetUp() override {
    const int rc = aclInit(nullptr);
    ASSERT_TRUE(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_INITIALIZE) << rc;
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    for (void*& p : gDev) ASSERT_EQ(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    TakeErr();
    baseline_ = aclcpu::LiveExecutorCount();
  }
  void TearDown() override {
    EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_);
    aclrtSynchronizeStream(stream_);
    for (void*& p : gDev) aclrtFree(p);
    aclrtDestroyStream(stream_);
    aclrtResetDevice(0);
    aclFinalize();
    TakeErr();
  }
  size_t baseline_ = 0;
  aclrtStream stream_ = nullptr;
};

TEST_F(Executor, OneShotRunsOnceThenIsRefused) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_ + 1);
  EXPECT_EQ(aclcpu::RunExecutor(kOp, nullptr, 0, e, stream_), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 1);
  EXPECT_EQ(log->stream, stream_);
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_);
  EXPECT_EQ(Phase2(e), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(log->runs, 1);
  const std::string message = TakeErr();
  EXPECT_NE(message.find(kOp), std::string::npos) << message;
  EXPECT_NE(message.find("already run"), std::string::npos) << message;
  // The pointer is gone for the reuse API too.
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_ERR_INNER);
  EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_ERR_INNER);
  TakeErr();
}

TEST_F(Executor, RepeatableRunsManyTimesUntilDestroyed) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_SUCCESS);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 5);
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_ + 1);
  EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(e), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_ERR_INNER);
  EXPECT_EQ(log->runs, 5);
  TakeErr();
}

TEST_F(Executor, NotYetRunOneShotCanBeDestroyed) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 0);
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_);  // the executor was freed
}

// Many live executors at once (the live table grows and shifts entries on removal), destroyed
// in a scrambled order: each is known until destroyed and refused after.
TEST_F(Executor, ManyLiveExecutorsAreTrackedExactly) {
  auto log = std::make_shared<LaunchLog>();
  std::vector<aclOpExecutor*> live;
  for (int i = 0; i < 1000; ++i) {
    live.push_back(MakeExecutor(log));
    ASSERT_NE(live.back(), nullptr);
  }
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_ + live.size());
  std::vector<aclOpExecutor*> gone;
  for (size_t k = 0; k < live.size(); ++k) {
    const size_t i = (k * 389) % live.size();  // 389 is coprime with 1000: a permutation
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(live[i]), ACLNN_SUCCESS) << i;
    ASSERT_EQ(aclDestroyAclOpExecutor(live[i]), ACLNN_SUCCESS) << i;
    gone.push_back(live[i]);
    if (k % 97 == 0) {
      for (size_t j = 0; j < live.size(); ++j) {
        const bool destroyed = std::find(gone.begin(), gone.end(), live[j]) != gone.end();
        EXPECT_EQ(aclSetAclOpExecutorRepeatable(live[j]) == ACLNN_SUCCESS, !destroyed) << j;
      }
      TakeErr();
    }
  }
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_);
  EXPECT_EQ(log->runs, 0);
  TakeErr();
}

TEST_F(Executor, NullAndUnknownExecutors) {
  EXPECT_EQ(Phase2(nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(TakeErr(), "aclnnTestOp: executor is null");
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
  // A pointer that was never an executor is refused without being dereferenced.
  alignas(64) static unsigned char garbage[256];
  auto* fake = reinterpret_cast<aclOpExecutor*>(garbage);
  EXPECT_EQ(Phase2(fake), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(fake), ACLNN_ERR_INNER);
  EXPECT_EQ(aclDestroyAclOpExecutor(fake), ACLNN_ERR_INNER);
  EXPECT_NE(TakeErr().find("aclDestroyAclOpExecutor"), std::string::npos);
}

TEST_F(Executor, WorkspaceRule) {
  auto log = std::make_shared<LaunchLog>();
  // A one-shot executor refused for a missing workspace is consumed.
  aclOpExecutor* e = MakeExecutor(log);
  EXPECT_EQ(Phase2(e, nullptr, 16), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(TakeErr().find("workspace is null"), std::string::npos);
  EXPECT_EQ(log->runs, 0);
  EXPECT_EQ(Phase2(e), ACLNN_ERR_PARAM_INVALID);
  TakeErr();

  // A repeatable one survives it and still runs.
  aclOpExecutor* r = MakeExecutor(log);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(r), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(r, nullptr, 16), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(Phase2(r), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 1);
  // A workspace with workspaceSize 0 is fine, and so is a bigger one than asked for.
  char ws[64];
  EXPECT_EQ(Phase2(r, ws, 0), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(r, ws, sizeof ws), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(r), ACLNN_SUCCESS);

  // Less workspace than phase 1 asked for is refused.
  aclOpExecutor* w = MakeExecutor(log, ACLNN_SUCCESS, 32);
  EXPECT_EQ(Phase2(w, ws, 16), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("asked for 32"), std::string::npos);
  aclOpExecutor* w2 = MakeExecutor(log, ACLNN_SUCCESS, 32);
  EXPECT_EQ(Phase2(w2, ws, 32), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 4);
}

TEST_F(Executor, ForeignOperatorIsRefusedAndKeepsTheExecutor) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  EXPECT_EQ(Phase2(e, nullptr, 0, "aclnnOtherOp"), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("created by aclnnTestOp"), std::string::npos);
  EXPECT_EQ(log->runs, 0);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->runs, 1);
}

TEST_F(Executor, EmptyPlanSucceedsWithoutWork) {
  aclcpu::ExecutorPlan plan;
  plan.opName = kOp;
  aclOpExecutor* e = aclcpu::CreateExecutor(std::move(plan));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
}

TEST_F(Executor, LaunchFailureIsReturnedAndTheOneShotIsFreed) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log, ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_EQ(Phase2(e), ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_EQ(log->runs, 1);
  EXPECT_EQ(aclcpu::LiveExecutorCount(), baseline_);
}

TEST_F(Executor, SetTensorAddrUpdatesWhatLaunchSees) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_SUCCESS);
  int64_t n = 2;
  aclTensor* t = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, nullptr);
  ASSERT_NE(t, nullptr);
  void *a = gDev[3], *b = gDev[4], *c = gDev[5], *d = gDev[6], *f = gDev[7];
  EXPECT_EQ(aclSetInputTensorAddr(e, 1, t, a), ACLNN_SUCCESS);
  void* raw = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &raw), ACLNN_SUCCESS);
  EXPECT_EQ(raw, a);
  EXPECT_EQ(aclSetOutputTensorAddr(e, 0, t, b), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  ASSERT_EQ(log->inputData.size(), 2u);
  EXPECT_EQ(log->inputData[1], a);
  EXPECT_EQ(log->outputData[0], b);
  // aclSetTensorAddr numbers the inputs, then the outputs.
  EXPECT_EQ(aclSetTensorAddr(e, 0, t, c), ACLNN_SUCCESS);
  EXPECT_EQ(aclSetTensorAddr(e, 2, t, d), ACLNN_SUCCESS);
  EXPECT_EQ(AclSetInputTensorAddr(e, 1, t, f), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->inputData[0], c);
  EXPECT_EQ(log->inputData[1], f);
  EXPECT_EQ(log->outputData[0], d);
  EXPECT_EQ(AclSetOutputTensorAddr(e, 0, t, a), ACLNN_SUCCESS);
  EXPECT_EQ(AclSetTensorAddr(e, 0, t, b), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->outputData[0], a);
  EXPECT_EQ(log->inputData[0], b);

  // Out of range.
  EXPECT_EQ(aclSetInputTensorAddr(e, 2, t, a), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErr().find("index 2 is out of range"), std::string::npos);
  EXPECT_EQ(aclSetOutputTensorAddr(e, 1, t, a), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclSetTensorAddr(e, 3, t, a), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  TakeErr();
}

TEST_F(Executor, SetTensorAddrCheckOrder) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  int64_t n = 2;
  aclTensor* t = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, nullptr);
  void* a = gDev[3];
  // The tensor is checked first, even with a null executor.
  EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, nullptr, a), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_NE(TakeErr().find("tensor is null"), std::string::npos);
  // Then the tensor is re-pointed, then the executor checked.
  EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, t, a), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_NE(TakeErr().find("executor is null"), std::string::npos);
  void* raw = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &raw), ACLNN_SUCCESS);
  EXPECT_EQ(raw, a);
  alignas(64) static unsigned char garbage[256];
  auto* fake = reinterpret_cast<aclOpExecutor*>(garbage);
  EXPECT_EQ(aclSetOutputTensorAddr(fake, 0, t, a), ACLNN_ERR_INNER);
  EXPECT_EQ(aclSetTensorAddr(fake, 0, t, a), ACLNN_ERR_INNER);
  EXPECT_EQ(AclSetTensorAddr(nullptr, 0, nullptr, a), ACLNN_ERR_INNER_NULLPTR);
  // Works on a not-yet-run one-shot executor too; then it runs once as usual.
  EXPECT_EQ(aclSetOutputTensorAddr(e, 0, t, a), ACLNN_SUCCESS);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(log->outputData[0], a);
  EXPECT_EQ(aclSetOutputTensorAddr(e, 0, t, a), ACLNN_ERR_INNER);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  TakeErr();
}

TEST_F(Executor, DynamicVariantsHaveNoListToUpdate) {
  auto log = std::make_shared<LaunchLog>();
  aclOpExecutor* e = MakeExecutor(log);
  int64_t n = 2;
  aclTensor* t = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, nullptr);
  aclTensorList* list = aclCreateTensorList(&t, 1);
  ASSERT_NE(list, nullptr);
  int a;
  using Fn = aclnnStatus (*)(aclOpExecutor*, size_t, const size_t, aclTensorList*, void*);
  const Fn fns[] = {aclSetDynamicInputTensorAddr,  aclSetDynamicOutputTensorAddr,
                    aclSetDynamicTensorAddr,       AclSetDynamicInputTensorAddr,
                    AclSetDynamicOutputTensorAddr, AclSetDynamicTensorAddr};
  alignas(64) static unsigned char garbage[256];
  auto* fake = reinterpret_cast<aclOpExecutor*>(garbage);
  for (Fn fn : fns) {
    EXPECT_EQ(fn(e, 0, 0, nullptr, &a), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_EQ(fn(nullptr, 0, 0, list, &a), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_EQ(fn(fake, 0, 0, list, &a), ACLNN_ERR_INNER);
    EXPECT_EQ(fn(e, 3, 0, list, &a), ACLNN_ERR_PARAM_INVALID);
  }
  EXPECT_NE(TakeErr().find("no dynamic tensor list at irIndex 3"), std::string::npos);
  EXPECT_EQ(Phase2(e), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
}

}  // namespace
