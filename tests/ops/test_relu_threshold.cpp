// aclnnThreshold / aclnnInplaceThreshold and aclnnThresholdBackward through the public API:
// scalars converted to self's dtype (4.1 → 4 for integers), exact integer paths (int64 beyond
// 2^53), values at the threshold, the ReluGrad path at threshold 0 (a multiply: NaN for inf
// gradients, −0 for negative ones), the int32 fp32 path, and the failure tables per chip.
#include <cstdint>

#include "aclnnop/aclnn_threshold.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

bool Is950() { return optest::SocName().rfind("Ascend950", 0) == 0; }

Outcome Thr(const DevTensor* self, const aclScalar* t, const aclScalar* v, const DevTensor* out,
            bool nullWs = false) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnThresholdGetWorkspaceSize(self ? self->get() : nullptr, t, v,
                                          out ? out->get() : nullptr, nullWs ? nullptr : &ws,
                                          &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnThreshold, o.status, ws, exec);
  return o;
}

Outcome ThrBack(const DevTensor* g, const DevTensor* x, const aclScalar* t, const DevTensor* out,
                bool nullWs = false) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnThresholdBackwardGetWorkspaceSize(g ? g->get() : nullptr, x ? x->get() : nullptr, t,
                                                  out ? out->get() : nullptr,
                                                  nullWs ? nullptr : &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnThresholdBackward, o.status, ws, exec);
  return o;
}

TEST(ThresholdOp, FloatValuesAtTheThreshold) {
  Scalar t(4.1, ACL_FLOAT), v(10.0, ACL_FLOAT);
  const std::vector<double> x = {0, 1, 2, 3, 4.1, 5, -INFINITY, INFINITY, NAN};
  std::vector<double> xf;
  for (double e : x) xf.push_back(static_cast<float>(e));
  DevTensor self({9}, ACL_FLOAT, xf), out({9}, ACL_FLOAT);
  ASSERT_EQ(Thr(&self, t.get(), v.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {10, 10, 10, 10, 10, 5, 10, INFINITY, NAN}, "fp32");
  // fp16: the threshold is first converted to fp16 (4.1 → 4.1015625), so 4.1015625 is "equal".
  DevTensor h({3}, ACL_FLOAT16, {4.1015625, 4.10546875, -1}), ho({3}, ACL_FLOAT16);
  ASSERT_EQ(Thr(&h, t.get(), v.get(), &ho).status, ACLNN_SUCCESS);
  ExpectSame(ho.Read(), {10, 4.10546875, 10}, "fp16");
}

TEST(ThresholdOp, IntegersExactWithConvertedScalars) {
  Scalar t(4.9, ACL_FLOAT), v(-7, ACL_INT64);  // threshold 4 for an integer self
  DevTensor i8({5}, ACL_INT8, {-128, 4, 5, 127, 0}), i8o({5}, ACL_INT8);
  ASSERT_EQ(Thr(&i8, t.get(), v.get(), &i8o).status, ACLNN_SUCCESS);
  ExpectSame(i8o.Read(), {-7, -7, 5, 127, -7}, "int8");
  DevTensor u8({3}, ACL_UINT8, {4, 5, 255}), u8o({3}, ACL_UINT8);
  ASSERT_EQ(Thr(&u8, t.get(), v.get(), &u8o).status, ACLNN_SUCCESS);
  ExpectSame(u8o.Read(), {249, 5, 255}, "uint8: -7 wraps to 249");
  DevTensor i16({2}, ACL_INT16, {-32768, 32767}), i16o({2}, ACL_INT16);
  ASSERT_EQ(Thr(&i16, t.get(), v.get(), &i16o).status, ACLNN_SUCCESS);
  ExpectSame(i16o.Read(), {-7, 32767}, "int16");
  // int64 around 2^62: threshold 2^62, value 2^62 + 1 (exact only in integer arithmetic).
  const int64_t big = int64_t{1} << 62;
  aclScalar* vb = aclCreateScalar(const_cast<int64_t*>(&big), ACL_INT64);
  const int64_t one = big + 1;
  aclScalar* vOne = aclCreateScalar(const_cast<int64_t*>(&one), ACL_INT64);
  DevTensor i64({3}, ACL_INT64), i64o({3}, ACL_INT64);
  i64.UploadI64({big, big + 1, -5});
  ASSERT_EQ(Thr(&i64, vb, vOne, &i64o).status, ACLNN_SUCCESS);
  EXPECT_EQ(i64o.ReadI64(), (std::vector<int64_t>{big + 1, big + 1, big + 1}));
  aclDestroyScalar(vb);
  aclDestroyScalar(vOne);
}

TEST(ThresholdOp, InplaceAndCast) {
  Scalar t(0.5, ACL_FLOAT), v(-1, ACL_FLOAT);
  DevTensor self({2, 2}, ACL_FLOAT, {0.25, 0.5, 0.75, -0.0});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(RunBoth(
                [&] {
                  return aclnnInplaceThresholdGetWorkspaceSize(self.get(), t.get(), v.get(), &ws,
                                                               &exec);
                },
                aclnnInplaceThreshold, &ws, &exec),
            ACLNN_SUCCESS);
  ExpectSame(self.Read(), {-1, -1, 0.75, -1}, "inplace");
  DevTensor i32({2}, ACL_INT32, {0, 3}), of({2}, ACL_FLOAT);  // computed in int32, cast to float
  ASSERT_EQ(Thr(&i32, t.get(), v.get(), &of).status, ACLNN_SUCCESS);
  ExpectSame(of.Read(), {-1, 3}, "int32 → float");
}

TEST(ThresholdOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  Scalar t(1, ACL_FLOAT), v(0, ACL_FLOAT);
  DevTensor f32({2, 3}, ACL_FLOAT), f32o({2, 3}, ACL_FLOAT), d({2, 3}, ACL_DOUBLE),
      b({2, 3}, ACL_BOOL), i32o({2, 3}, ACL_INT32), bf({2, 3}, ACL_BF16), bfo({2, 3}, ACL_BF16),
      tr({3, 2}, ACL_FLOAT);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT), r9o(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnThreshold";
  ExpectFailure(Thr(nullptr, nullptr, v.get(), &f32o, true), ACLNN_ERR_PARAM_NULLPTR, api,
                "workspaceSize must");
  ExpectFailure(Thr(nullptr, nullptr, v.get(), &f32o), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(Thr(&f32, nullptr, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must");
  ExpectFailure(Thr(&f32, nullptr, nullptr, &f32o), ACLNN_ERR_PARAM_NULLPTR, api, "threshold must");
  ExpectFailure(Thr(&f32, t.get(), nullptr, &f32o), ACLNN_ERR_PARAM_NULLPTR, api, "value must");
  ExpectFailure(Thr(&d, t.get(), v.get(), &d), ACLNN_ERR_PARAM_INVALID, api, "self dtype DOUBLE");
  ExpectFailure(Thr(&b, t.get(), v.get(), &b), ACLNN_ERR_PARAM_INVALID, api, "self dtype BOOL");
  // CanCast(self, out) is checked only before the 950.
  const Outcome toInt = Thr(&f32, t.get(), v.get(), &i32o);
  if (Is950()) {
    EXPECT_EQ(toInt.status, ACLNN_SUCCESS) << toInt.message;
  } else {
    ExpectFailure(toInt, ACLNN_ERR_PARAM_INVALID, api, "cannot be cast to out dtype INT32");
  }
  ExpectFailure(Thr(&r9, t.get(), v.get(), &r9o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Thr(&f32, t.get(), v.get(), &tr), ACLNN_ERR_PARAM_INVALID, api, "out shape [3,2]");
  ExpectFailure(Thr(&bf, t.get(), v.get(), &bfo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID,
                api, "self dtype BFLOAT16");
}

TEST(ThresholdBackwardOp, SelectAndReluGradPaths) {
  Scalar one(1.0, ACL_FLOAT), zero(0.0, ACL_FLOAT), tiny(1e-8, ACL_FLOAT);
  const std::vector<double> g = {4.5, -4.4, INFINITY, NAN, -2, 3};
  const std::vector<double> x = {0.2, 1.0, -1, -1, 0, NAN};
  DevTensor go({6}, ACL_FLOAT, g), self({6}, ACL_FLOAT, x), out({6}, ACL_FLOAT);
  ASSERT_EQ(ThrBack(&go, &self, one.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {0, 0, 0, 0, 0, 3}, "select");
  for (const Scalar* t : {&zero, &tiny}) {  // |t| <= FLT_EPSILON: ReluGrad, a multiply
    ASSERT_EQ(ThrBack(&go, &self, t->get(), &out).status, ACLNN_SUCCESS);
    ExpectSame(out.Read(), {static_cast<float>(4.5), static_cast<float>(-4.4), NAN, NAN, -0.0, 3},
               "relu grad");
  }
  // Broadcast self [2,1] against gradOutput [2,3].
  DevTensor g2({2, 3}, ACL_FLOAT, {1, 2, 3, 4, 5, 6}), x2({2, 1}, ACL_FLOAT, {0.5, 2}),
      o2({2, 3}, ACL_FLOAT);
  ASSERT_EQ(ThrBack(&g2, &x2, one.get(), &o2).status, ACLNN_SUCCESS);
  ExpectSame(o2.Read(), {0, 0, 0, 4, 5, 6}, "broadcast");
}

TEST(ThresholdBackwardOp, IntegerPaths) {
  Scalar one(1.0, ACL_FLOAT), zero(0.0, ACL_FLOAT);
  // int32 goes through fp32 on the select path: 16777217 becomes 16777216.
  DevTensor g({3}, ACL_INT32, {16777217, 5, 7}), x({3}, ACL_INT32, {2, 1, 16777217}),
      o({3}, ACL_INT32);
  ASSERT_EQ(ThrBack(&g, &x, one.get(), &o).status, ACLNN_SUCCESS);
  ExpectSame(o.Read(), {16777216, 0, 7}, "int32 select");
  ASSERT_EQ(ThrBack(&g, &x, zero.get(), &o).status, ACLNN_SUCCESS);
  ExpectSame(o.Read(), {16777217, 5, 7}, "int32 relu grad (exact)");
  DevTensor g8({3}, ACL_INT8, {-128, 127, 3}), x8({3}, ACL_INT8, {2, 1, 0}), o8({3}, ACL_INT8);
  ASSERT_EQ(ThrBack(&g8, &x8, one.get(), &o8).status, ACLNN_SUCCESS);
  ExpectSame(o8.Read(), {-128, 0, 0}, "int8");
  // INT64: only on the 950 and only with threshold 0.
  DevTensor g64({2}, ACL_INT64), x64({2}, ACL_INT64, {1, -1}), o64({2}, ACL_INT64);
  const int64_t big = (int64_t{1} << 62) + 1;
  g64.UploadI64({big, big});
  const Outcome z = ThrBack(&g64, &x64, zero.get(), &o64);
  if (Is950()) {
    ASSERT_EQ(z.status, ACLNN_SUCCESS) << z.message;
    EXPECT_EQ(o64.ReadI64(), (std::vector<int64_t>{big, 0}));
  } else {
    ExpectFailure(z, ACLNN_ERR_PARAM_INVALID, "aclnnThresholdBackward", "gradOutput dtype INT64");
  }
  ExpectFailure(ThrBack(&g64, &x64, one.get(), &o64), ACLNN_ERR_PARAM_INVALID,
                "aclnnThresholdBackward", "gradOutput dtype INT64");
}

TEST(ThresholdBackwardOp, FailureTable) {
  Scalar t(1, ACL_FLOAT);
  DevTensor a({2, 3}, ACL_FLOAT), b({2, 3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT),
      h({2, 3}, ACL_FLOAT16), w({2, 4}, ACL_FLOAT), i16({2, 3}, ACL_INT16);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnThresholdBackward";
  // threshold, out, workspaceSize, gradOutput, self.
  ExpectFailure(ThrBack(nullptr, nullptr, nullptr, nullptr, true), ACLNN_ERR_PARAM_NULLPTR, api,
                "threshold must");
  ExpectFailure(ThrBack(nullptr, nullptr, t.get(), nullptr, true), ACLNN_ERR_PARAM_NULLPTR, api,
                "out must");
  ExpectFailure(ThrBack(nullptr, nullptr, t.get(), &o, true), ACLNN_ERR_PARAM_NULLPTR, api,
                "workspaceSize must");
  ExpectFailure(ThrBack(nullptr, nullptr, t.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "gradOutput must");
  ExpectFailure(ThrBack(&a, nullptr, t.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(ThrBack(&i16, &b, t.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput dtype INT16");
  ExpectFailure(ThrBack(&h, &b, t.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput dtype FLOAT16 must equal self dtype FLOAT");
  ExpectFailure(ThrBack(&a, &b, t.get(), &h), ACLNN_ERR_PARAM_INVALID, api,
                "out dtype FLOAT16 must equal self dtype FLOAT");
  ExpectFailure(ThrBack(&r9, &b, t.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(ThrBack(&a, &w, t.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "cannot broadcast");
  ExpectFailure(ThrBack(&a, &b, t.get(), &w), ACLNN_ERR_PARAM_INVALID, api, "out shape [2,4]");
}

}  // namespace
