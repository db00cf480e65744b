// aclnnRelu / aclnnInplaceRelu through the public API: values per dtype (integers exactly, int64
// beyond 2^53), special values, inplace, 0-d and empty, and the failure table per chip.
#include <cstdint>

#include "aclnnop/aclnn_relu.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome Relu(const DevTensor* self, const DevTensor* out, bool nullWs = false,
             bool nullExec = false) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnReluGetWorkspaceSize(self ? self->get() : nullptr, out ? out->get() : nullptr,
                                     nullWs ? nullptr : &ws, nullExec ? nullptr : &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnRelu, o.status, ws, exec);
  return o;
}

double ReluRef(double x) { return x <= 0 ? 0.0 : x; }  // NaN passes, −0 → +0

TEST(ReluOp, FloatSpecialValues) {
  const std::vector<double> x = {-INFINITY, -2.5, -1e-40, -0.0, 0.0, 1e-40, 3.25, INFINITY, NAN};
  std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16};
  if (optest::ChipHasBf16()) dtypes.push_back(ACL_BF16);
  for (aclDataType dt : dtypes) {
    SCOPED_TRACE(dt);
    std::vector<double> in;  // values of the dtype (1e-40 is an fp32 subnormal, 0 in 16 bits)
    for (double v : x)
      in.push_back(dt == ACL_FLOAT ? static_cast<float>(v) : (std::fabs(v) < 1e-30 ? v * 0 : v));
    DevTensor self({3, 3}, dt, in), out({3, 3}, dt);
    ASSERT_EQ(Relu(&self, &out).status, ACLNN_SUCCESS);
    std::vector<double> want;
    for (double v : in) want.push_back(ReluRef(v));
    ExpectSame(out.Read(), want, "relu");
  }
}

TEST(ReluOp, IntegersAreExact) {
  struct Case {
    aclDataType dt;
    std::vector<double> in;
  };
  const std::vector<Case> cases = {
      {ACL_INT8, {-128, -1, 0, 1, 127}},
      {ACL_UINT8, {0, 1, 128, 255, 7}},
      {ACL_INT32, {-2147483648.0, -1, 0, 16777217, 2147483647.0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.dt);
    DevTensor self({5}, c.dt, c.in), out({5}, c.dt);
    ASSERT_EQ(Relu(&self, &out).status, ACLNN_SUCCESS);
    std::vector<double> want;
    for (double v : c.in) want.push_back(ReluRef(v));
    ExpectSame(out.Read(), want, "relu int");
  }
  // int64 values that a float path would round.
  const std::vector<int64_t> big = {(int64_t{1} << 62) + 1, -(int64_t{1} << 62) - 1, INT64_MAX,
                                    INT64_MIN, 9007199254740993};
  DevTensor self({5}, ACL_INT64), out({5}, ACL_INT64);
  self.UploadI64(big);
  ASSERT_EQ(Relu(&self, &out).status, ACLNN_SUCCESS);
  const std::vector<int64_t> want = {(int64_t{1} << 62) + 1, 0, INT64_MAX, 0, 9007199254740993};
  EXPECT_EQ(out.ReadI64(), want);
}

TEST(ReluOp, InplaceZeroDimAndEmpty) {
  DevTensor self({2, 2}, ACL_FLOAT, {-1.5, 2.5, -0.0, 4});
  uint64_t ws = 1;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(RunBoth([&] { return aclnnInplaceReluGetWorkspaceSize(self.get(), &ws, &exec); },
                    aclnnInplaceRelu, &ws, &exec),
            ACLNN_SUCCESS);
  ExpectSame(self.Read(), {0, 2.5, 0, 4}, "inplace");

  DevTensor s0({}, ACL_FLOAT, {-3}), o0({}, ACL_FLOAT, {9});
  ASSERT_EQ(Relu(&s0, &o0).status, ACLNN_SUCCESS);
  ExpectSame(o0.Read(), {0}, "0-d");

  DevTensor e({2, 0}, ACL_FLOAT), eo({2, 0}, ACL_FLOAT);
  EXPECT_EQ(Relu(&e, &eo).status, ACLNN_SUCCESS);
  DevTensor eBad({2, 1}, ACL_FLOAT);
  EXPECT_EQ(Relu(&e, &eBad).status, ACLNN_ERR_PARAM_INVALID);  // shapes before the empty rule
}

TEST(ReluOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  DevTensor f32({2, 3}, ACL_FLOAT), f32b({2, 3}, ACL_FLOAT), f16({2, 3}, ACL_FLOAT16);
  DevTensor boolT({2, 3}, ACL_BOOL), i16({2, 3}, ACL_INT16), bf({2, 3}, ACL_BF16),
      bfo({2, 3}, ACL_BF16);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT), r9o(std::vector<int64_t>(9, 1), ACL_FLOAT);
  DevTensor f32t({3, 2}, ACL_FLOAT);
  const std::string api = "aclnnRelu";
  ExpectFailure(Relu(nullptr, &f32), ACLNN_ERR_PARAM_NULLPTR, api, "self must not be null");
  ExpectFailure(Relu(&f32, nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must not be null");
  ExpectFailure(Relu(&f32, &f32b, true), ACLNN_ERR_PARAM_NULLPTR, api, "workspaceSize");
  ExpectFailure(Relu(&f32, &f32b, false, true), ACLNN_ERR_PARAM_NULLPTR, api, "executor");
  ExpectFailure(Relu(&boolT, &boolT), ACLNN_ERR_PARAM_INVALID, api, "self dtype BOOL");
  ExpectFailure(Relu(&i16, &i16), ACLNN_ERR_PARAM_INVALID, api, "self dtype INT16");
  ExpectFailure(Relu(&f32, &f16), ACLNN_ERR_PARAM_INVALID, api,
                "out dtype FLOAT16 must equal self dtype FLOAT");
  ExpectFailure(Relu(&r9, &r9o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Relu(&f32, &f32t), ACLNN_ERR_PARAM_INVALID, api, "out shape [3,2]");
  ExpectFailure(Relu(&bf, &bfo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, api,
                "self dtype BFLOAT16");
  // Inplace names itself.
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  const Outcome o =
      Phase1([&] { return aclnnInplaceReluGetWorkspaceSize(boolT.get(), &ws, &exec); });
  ExpectFailure(o, ACLNN_ERR_PARAM_INVALID, "aclnnInplaceRelu", "self dtype BOOL");
}

}  // namespace
