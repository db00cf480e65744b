// aclnnSwishBackward phase-1 refusals: codes in the vendor's order, and a message that names the
// operator, the argument and what was expected vs found.
#include <unistd.h>

#include <functional>

#include "aclnnop/aclnn_swish_backward.h"
#include "op_test_util.h"

using namespace optest;

namespace {

struct Spec {
  aclDataType go = ACL_FLOAT, self = ACL_FLOAT, gi = ACL_FLOAT;
  std::vector<int64_t> goShape = {2, 3}, selfShape = {2, 3}, giShape = {2, 3};
  bool nullGo = false, nullSelf = false, nullGi = false, nullWs = false, nullExec = false;
  bool hasBeta = false;
  aclDataType betaDtype = ACL_FLOAT;
};

struct Outcome {
  aclnnStatus status;
  std::string message;
};

Outcome RunCase(const Spec& s) {
  DeviceBuffer mem(4096);
  Tensor go(s.goShape, s.go, mem.data()), self(s.selfShape, s.self, mem.data()),
      gi(s.giShape, s.gi, static_cast<char*>(mem.data()) + 2048);
  uint8_t betaBytes[16] = {0};
  aclScalar* beta = s.hasBeta ? aclCreateScalar(betaBytes, s.betaDtype) : nullptr;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  TakeErrMsg();
  Outcome o;
  o.status = aclnnSwishBackwardGetWorkspaceSize(
      s.nullGo ? nullptr : go.get(), s.nullSelf ? nullptr : self.get(), beta,
      s.nullGi ? nullptr : gi.get(), s.nullWs ? nullptr : &ws, s.nullExec ? nullptr : &exec);
  o.message = TakeErrMsg();
  if (o.status == ACLNN_SUCCESS) {
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  }
  aclDestroyScalar(beta);
  return o;
}

struct Case {
  const char* name;
  Spec spec;
  aclnnStatus status;
  const char* messagePart;  // must appear in aclGetRecentErrMsg
};

Spec With(std::function<void(Spec&)> edit) {
  Spec s;
  edit(s);
  return s;
}

TEST(SwishBackwardValidation, VendorOrderAndCodes) {
  const bool bf16 = ChipHasBf16();
  const std::vector<Case> cases = {
      {"ok", Spec{}, ACLNN_SUCCESS, ""},
      {"null workspaceSize first", With([](Spec& s) {
         s.nullWs = true;
         s.nullGo = true;
       }),
       ACLNN_ERR_PARAM_NULLPTR, "aclnnSwishBackward: workspaceSize must not be null"},
      {"null executor", With([](Spec& s) { s.nullExec = true; }), ACLNN_ERR_PARAM_NULLPTR,
       "executor must not be null"},
      {"null gradOutput before dtype", With([](Spec& s) {
         s.nullGo = true;
         s.self = ACL_INT32;
       }),
       ACLNN_ERR_PARAM_NULLPTR, "gradOutput must not be null"},
      {"null self", With([](Spec& s) { s.nullSelf = true; }), ACLNN_ERR_PARAM_NULLPTR,
       "self must not be null"},
      {"null gradInput", With([](Spec& s) { s.nullGi = true; }), ACLNN_ERR_PARAM_NULLPTR,
       "gradInput must not be null"},
      {"gradOutput int32", With([](Spec& s) {
         s.go = ACL_INT32;
         s.self = ACL_DOUBLE;
       }),
       ACLNN_ERR_PARAM_INVALID, "gradOutput dtype INT32 is not supported"},
      {"self double", With([](Spec& s) { s.self = ACL_DOUBLE; }), ACLNN_ERR_PARAM_INVALID,
       "self dtype DOUBLE is not supported"},
      {"beta complex before dtype mismatch", With([](Spec& s) {
         s.hasBeta = true;
         s.betaDtype = ACL_COMPLEX64;
         s.gi = ACL_FLOAT16;
       }),
       ACLNN_ERR_PARAM_INVALID, "betaOptional dtype COMPLEX64"},
      {"gradInput dtype differs", With([](Spec& s) { s.gi = ACL_FLOAT16; }),
       ACLNN_ERR_PARAM_INVALID, "gradInput dtype FLOAT16 must equal gradOutput dtype FLOAT"},
      {"self dtype differs", With([](Spec& s) { s.self = ACL_FLOAT16; }), ACLNN_ERR_PARAM_INVALID,
       "self dtype FLOAT16 must equal gradInput dtype FLOAT"},
      {"dtype before shape", With([](Spec& s) {
         s.self = ACL_FLOAT16;
         s.giShape = {3, 2};
       }),
       ACLNN_ERR_PARAM_INVALID, "self dtype FLOAT16"},
      {"rank 9",
       With([](Spec& s) { s.goShape = s.selfShape = s.giShape = std::vector<int64_t>(9, 1); }),
       ACLNN_ERR_PARAM_INVALID, "gradOutput rank 9 exceeds the maximum of 8"},
      {"rank 8 ok",
       With([](Spec& s) { s.goShape = s.selfShape = s.giShape = std::vector<int64_t>(8, 1); }),
       ACLNN_SUCCESS, ""},
      {"gradInput shape differs", With([](Spec& s) {
         s.giShape = {3, 2};
         s.selfShape = {3, 2};
       }),
       ACLNN_ERR_PARAM_INVALID, "gradInput shape [3,2] must equal gradOutput shape [2,3]"},
      {"self shape differs", With([](Spec& s) { s.selfShape = {6}; }), ACLNN_ERR_PARAM_INVALID,
       "self shape [6] must equal gradInput shape [2,3]"},
      {"no broadcasting", With([](Spec& s) {
         s.selfShape = {1, 3};
       }),
       ACLNN_ERR_PARAM_INVALID, "self shape [1,3]"},
      {"bf16", With([](Spec& s) { s.go = s.self = s.gi = ACL_BF16; }),
       bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, bf16 ? "" : "BFLOAT16 is not supported on"},
      {"fp16", With([](Spec& s) { s.go = s.self = s.gi = ACL_FLOAT16; }), ACLNN_SUCCESS, ""},
      {"beta double ok", With([](Spec& s) {
         s.hasBeta = true;
         s.betaDtype = ACL_DOUBLE;
       }),
       ACLNN_SUCCESS, ""},
      {"beta complex128", With([](Spec& s) {
         s.hasBeta = true;
         s.betaDtype = ACL_COMPLEX128;
       }),
       ACLNN_ERR_PARAM_INVALID, "betaOptional"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Outcome o = RunCase(c.spec);
    EXPECT_EQ(o.status, c.status) << o.message;
    if (c.status != ACLNN_SUCCESS) {
      EXPECT_NE(o.message.find(c.messagePart), std::string::npos) << o.message;
      EXPECT_NE(o.message.find("aclnnSwishBackward"), std::string::npos) << o.message;
    }
  }
}

TEST(SwishBackwardValidation, FormatsAreIgnored) {
  DeviceBuffer mem(4096);
  const std::vector<int64_t> shape = {1, 2, 2, 2};
  for (aclFormat f : {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z,
                      ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_UNDEFINED}) {
    Tensor go(shape, ACL_FLOAT, mem.data(), nullptr, 0, f);
    Tensor gi(shape, ACL_FLOAT, static_cast<char*>(mem.data()) + 1024, nullptr, 0, f);
    uint64_t ws = 1;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(go.get(), go.get(), nullptr, gi.get(), &ws, &exec),
              ACLNN_SUCCESS);
    EXPECT_EQ(aclnnSwishBackward(nullptr, ws, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
  }
  EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
}

TEST(SwishBackwardValidation, Phase2Rules) {
  DeviceBuffer mem(4096);
  const std::vector<int64_t> shape = {4};
  Tensor go(shape, ACL_FLOAT, mem.data()),
      gi(shape, ACL_FLOAT, static_cast<char*>(mem.data()) + 64);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, nullptr, AclEnvironment::Stream()),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(TakeErrMsg().find("executor"), std::string::npos);

  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(go.get(), go.get(), nullptr, gi.get(), &ws, &exec),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 64, exec, AclEnvironment::Stream()),
            ACLNN_ERR_PARAM_NULLPTR);  // workspaceSize > 0 without a workspace

  // A one-shot executor runs once.
  ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(go.get(), go.get(), nullptr, gi.get(), &ws, &exec),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  EXPECT_NE(aclnnSwishBackward(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
  EXPECT_FALSE(TakeErrMsg().empty());
  // Still refused after new executors were created (freed ones are not reused at once).
  std::vector<aclOpExecutor*> fresh(4);
  for (aclOpExecutor*& e : fresh) {
    ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(go.get(), go.get(), nullptr, gi.get(), &ws, &e),
              ACLNN_SUCCESS);
  }
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, AclEnvironment::Stream()),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErrMsg().find("already run or destroyed"), std::string::npos);
  for (aclOpExecutor* e : fresh) EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);

  // A repeatable one runs many times and is freed by aclDestroyAclOpExecutor.
  ASSERT_EQ(aclnnSwishBackwardGetWorkspaceSize(go.get(), go.get(), nullptr, gi.get(), &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, AclEnvironment::Stream()), ACLNN_SUCCESS);
  }
  EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST(SwishBackwardValidation, MemoryOutsideAnAllocationIsRefused) {
  // 16 floats; CANN reserves 128 bytes (64 on Ascend 950), and an overrun inside that, or past
  // it inside the allocation's own page, is only warned about: a page and one float leave all.
  DeviceBuffer mem(64);
  const int64_t n = static_cast<int64_t>(sysconf(_SC_PAGESIZE)) / 4 + 1;
  const std::vector<int64_t> shape = {n};
  Tensor big(shape, ACL_FLOAT, mem.data());
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(
      aclnnSwishBackwardGetWorkspaceSize(big.get(), big.get(), nullptr, big.get(), &ws, &exec),
      ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErrMsg().find(std::to_string(4 * n - 64) + " bytes past the end"),
            std::string::npos);
  std::vector<float> host(static_cast<size_t>(n));
  Tensor onHost(shape, ACL_FLOAT, host.data());
  EXPECT_EQ(aclnnSwishBackwardGetWorkspaceSize(onHost.get(), onHost.get(), nullptr, onHost.get(),
                                               &ws, &exec),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(TakeErrMsg().find("not device memory"), std::string::npos);
}

}  // namespace
