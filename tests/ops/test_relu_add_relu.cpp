// aclnnAddRelu / aclnnInplaceAddRelu through the public API: fp32 relu(x + alpha·y) with the
// product rounded once, fp16/bf16 computed in fp32, exact wrapping integer arithmetic (int64
// beyond 2^53), broadcasting, promotion, NaN alpha as 1, and the failure table.
#include <cstdint>

#include "aclnnop/aclnn_add_relu.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome AddRelu(const DevTensor* a, const DevTensor* b, aclScalar* alpha, const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnAddReluGetWorkspaceSize(a ? a->get() : nullptr, b ? b->get() : nullptr, alpha,
                                        out ? out->get() : nullptr, &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnAddRelu, o.status, ws, exec);
  return o;
}

double F(double v) { return static_cast<float>(v); }

TEST(AddReluOp, VendorSample) {
  Scalar alpha(1.2, ACL_FLOAT);
  DevTensor a({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7}),
      b({4, 2}, ACL_FLOAT, {1, 1, 1, 2, 2, 2, 3, 3}), out({4, 2}, ACL_FLOAT);
  ASSERT_EQ(AddRelu(&a, &b, alpha.get(), &out).status, ACLNN_SUCCESS);
  const double s = F(1.2);
  std::vector<double> want;
  const double av[] = {0, 1, 2, 3, 4, 5, 6, 7}, bv[] = {1, 1, 1, 2, 2, 2, 3, 3};
  for (int i = 0; i < 8; ++i) want.push_back(F(av[i] + F(bv[i] * s)));
  ExpectSame(out.Read(), want, "sample");
  EXPECT_NEAR(out.Read()[7], 10.6, 1e-5);
}

TEST(AddReluOp, SpecialsBroadcastAndMixedDtypes) {
  Scalar alpha(-0.5, ACL_DOUBLE);
  DevTensor a({2, 3}, ACL_FLOAT16, {1, -1, 0, INFINITY, NAN, 2}), b({3}, ACL_FLOAT, {2, -4, 0}),
      out({2, 3}, ACL_FLOAT);
  ASSERT_EQ(AddRelu(&a, &b, alpha.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {0, 1, 0, INFINITY, NAN, 2}, "mixed fp16 + fp32 → fp32");
  // NaN alpha counts as 1.
  Scalar nanAlpha(NAN, ACL_FLOAT);
  DevTensor o2({2, 3}, ACL_FLOAT);
  ASSERT_EQ(AddRelu(&a, &b, nanAlpha.get(), &o2).status, ACLNN_SUCCESS);
  ExpectSame(o2.Read(), {3, 0, 0, INFINITY, NAN, 2}, "NaN alpha");
}

TEST(AddReluOp, IntegersWrapExactly) {
  Scalar alpha(3, ACL_INT32);
  DevTensor a({4}, ACL_INT8, {100, -100, 1, 0}), b({4}, ACL_INT8, {10, 50, -1, 42}),
      out({4}, ACL_INT8);
  ASSERT_EQ(AddRelu(&a, &b, alpha.get(), &out).status, ACLNN_SUCCESS);
  // 100 + 30 = 130 wraps to -126 → 0; -100 + 150 = 50; 1 - 3 → 0; 126.
  ExpectSame(out.Read(), {0, 50, 0, 126}, "int8");
  // uint8 + int8 promotes to int16.
  DevTensor u({2}, ACL_UINT8, {255, 0}), i({2}, ACL_INT8, {-1, -128}), o16({2}, ACL_INT16);
  ASSERT_EQ(AddRelu(&u, &i, alpha.get(), &o16).status, ACLNN_SUCCESS);
  ExpectSame(o16.Read(), {252, 0}, "uint8 + int8 → int16");
  const int64_t big = (int64_t{1} << 62) + 1;
  DevTensor x({2}, ACL_INT64), y({2}, ACL_INT64), o64({2}, ACL_INT64);
  x.UploadI64({big, -big});
  y.UploadI64({1, 1});
  Scalar one(1, ACL_INT64);
  ASSERT_EQ(AddRelu(&x, &y, one.get(), &o64).status, ACLNN_SUCCESS);
  EXPECT_EQ(o64.ReadI64(), (std::vector<int64_t>{big + 1, 0}));
}

TEST(AddReluOp, Inplace) {
  Scalar alpha(2, ACL_FLOAT);
  DevTensor a({2, 2}, ACL_FLOAT, {1, -5, 3, 0}), b({2}, ACL_FLOAT, {1, 2});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(RunBoth(
                [&] {
                  return aclnnInplaceAddReluGetWorkspaceSize(a.get(), b.get(), alpha.get(), &ws,
                                                             &exec);
                },
                aclnnInplaceAddRelu, &ws, &exec),
            ACLNN_SUCCESS);
  ExpectSame(a.Read(), {3, 0, 5, 4}, "inplace");
  DevTensor small({2}, ACL_FLOAT), wide({2, 2}, ACL_FLOAT);
  const Outcome o = Phase1([&] {
    return aclnnInplaceAddReluGetWorkspaceSize(small.get(), wide.get(), alpha.get(), &ws, &exec);
  });
  ExpectFailure(o, ACLNN_ERR_PARAM_INVALID, "aclnnInplaceAddRelu", "selfRef shape [2]");
  DevTensor d({2}, ACL_DOUBLE), d2({2}, ACL_DOUBLE);
  const Outcome od = Phase1([&] {
    return aclnnInplaceAddReluGetWorkspaceSize(d.get(), d2.get(), alpha.get(), &ws, &exec);
  });
  ExpectFailure(od, ACLNN_ERR_PARAM_INVALID, "aclnnInplaceAddRelu", "dtype DOUBLE");
}

TEST(AddReluOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  Scalar alpha(1.5, ACL_FLOAT), intAlpha(2, ACL_INT32);
  uint8_t zeros[16] = {};
  aclScalar* complexAlpha = aclCreateScalar(zeros, ACL_COMPLEX64);
  DevTensor f({2, 3}, ACL_FLOAT), g({2, 3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT),
      i32({2, 3}, ACL_INT32), i32b({2, 3}, ACL_INT32), oi({2, 3}, ACL_INT32),
      u32({2, 3}, ACL_UINT32), w({2, 4}, ACL_FLOAT), bfa({2, 3}, ACL_BF16), bfb({2, 3}, ACL_BF16);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnAddRelu";
  ExpectFailure(AddRelu(nullptr, &g, alpha.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(AddRelu(&f, nullptr, alpha.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api, "other must");
  ExpectFailure(AddRelu(&f, &g, nullptr, &o), ACLNN_ERR_PARAM_NULLPTR, api, "alpha must");
  ExpectFailure(AddRelu(&f, &g, alpha.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must");
  ExpectFailure(AddRelu(&u32, &g, alpha.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "self dtype UINT32");
  ExpectFailure(AddRelu(&i32, &i32b, alpha.get(), &oi), ACLNN_ERR_PARAM_INVALID, api,
                "alpha dtype FLOAT cannot be cast");
  EXPECT_EQ(AddRelu(&i32, &i32b, intAlpha.get(), &oi).status, ACLNN_SUCCESS);
  ExpectFailure(AddRelu(&f, &g, complexAlpha, &o), ACLNN_ERR_PARAM_INVALID, api,
                "alpha dtype COMPLEX64");
  ExpectFailure(AddRelu(&f, &g, alpha.get(), &oi), ACLNN_ERR_PARAM_INVALID, api,
                "cannot be cast to out dtype INT32");
  ExpectFailure(AddRelu(&r9, &g, alpha.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(AddRelu(&f, &w, alpha.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "cannot broadcast");
  ExpectFailure(AddRelu(&f, &g, alpha.get(), &w), ACLNN_ERR_PARAM_INVALID, api, "out shape [2,4]");
  ExpectFailure(AddRelu(&bfa, &bfb, alpha.get(), &bfa),
                bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, api, "self dtype BFLOAT16");
  aclDestroyScalar(complexAlpha);
}

}  // namespace
