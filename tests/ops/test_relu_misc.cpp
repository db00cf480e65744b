// aclnnHardtanhBackward, aclnnSquaredRelu and aclnnHeaviside through the public API: values at
// the boundaries, NaN rules, the chips each exists on, and the failure tables.
#include "aclnnop/aclnn_hardtanh_backward.h"
#include "aclnnop/aclnn_heaviside.h"
#include "aclnnop/aclnn_squared_relu.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome Hardtanh(const DevTensor* g, const DevTensor* x, const aclScalar* lo, const aclScalar* hi,
                 const DevTensor* out, bool nullWs = false) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnHardtanhBackwardGetWorkspaceSize(g ? g->get() : nullptr, x ? x->get() : nullptr, lo,
                                                 hi, out ? out->get() : nullptr,
                                                 nullWs ? nullptr : &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnHardtanhBackward, o.status, ws, exec);
  return o;
}

Outcome Squared(const DevTensor* x, const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnSquaredReluGetWorkspaceSize(x ? x->get() : nullptr, out ? out->get() : nullptr, &ws,
                                            &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnSquaredRelu, o.status, ws, exec);
  return o;
}

Outcome Heaviside(const DevTensor* x, const DevTensor* v, const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnHeavisideGetWorkspaceSize(x ? x->get() : nullptr, v ? v->get() : nullptr,
                                          out ? out->get() : nullptr, &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnHeaviside, o.status, ws, exec);
  return o;
}

TEST(HardtanhBackwardOp, VendorSampleAndBoundaries) {
  Scalar lo(1.2, ACL_FLOAT), hi(2.4, ACL_FLOAT);
  DevTensor g({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7}),
      x({4, 2}, ACL_FLOAT, {1, 1, 1, 2, 1, 2, 3, 3}), out({4, 2}, ACL_FLOAT);
  ASSERT_EQ(Hardtanh(&g, &x, lo.get(), hi.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {0, 0, 0, 3, 0, 5, 0, 0}, "sample");
  // x exactly at min or max gives 0; NaN x passes the gradient; fp16 out from fp32 inputs.
  Scalar m1(-1, ACL_INT32), p1(1, ACL_INT32);
  DevTensor g2({5}, ACL_FLOAT, {9, 8, 7, 6, 5}), x2({5}, ACL_FLOAT, {-1, 1, NAN, 0.5, -0.0}),
      o2({5}, ACL_FLOAT16);
  ASSERT_EQ(Hardtanh(&g2, &x2, m1.get(), p1.get(), &o2).status, ACLNN_SUCCESS);
  ExpectSame(o2.Read(), {0, 0, 7, 6, 5}, "boundaries");
  // min > max is not refused: every non-NaN x gives 0.
  ASSERT_EQ(Hardtanh(&g2, &x2, p1.get(), m1.get(), &o2).status, ACLNN_SUCCESS);
  ExpectSame(o2.Read(), {0, 0, 7, 0, 0}, "min > max");
}

TEST(HardtanhBackwardOp, FailureTable) {
  Scalar lo(-1, ACL_FLOAT), hi(1, ACL_FLOAT);
  DevTensor a({2, 3}, ACL_FLOAT), b({2, 3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT),
      h({2, 3}, ACL_FLOAT16), i64({2, 3}, ACL_INT64), t({3, 2}, ACL_FLOAT);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnHardtanhBackward";
  ExpectFailure(Hardtanh(nullptr, nullptr, nullptr, nullptr, nullptr, true),
                ACLNN_ERR_PARAM_NULLPTR, api, "workspaceSize must");
  ExpectFailure(Hardtanh(nullptr, nullptr, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "self must");  // self before gradOutput
  ExpectFailure(Hardtanh(nullptr, &b, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "gradOutput must");
  ExpectFailure(Hardtanh(&a, &b, lo.get(), hi.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, api,
                "out must");
  ExpectFailure(Hardtanh(&a, &b, nullptr, hi.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api, "min must");
  ExpectFailure(Hardtanh(&a, &b, lo.get(), nullptr, &o), ACLNN_ERR_PARAM_NULLPTR, api, "max must");
  ExpectFailure(Hardtanh(&i64, &b, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput dtype INT64");
  ExpectFailure(Hardtanh(&a, &b, lo.get(), hi.get(), &i64), ACLNN_ERR_PARAM_INVALID, api,
                "out dtype INT64");
  ExpectFailure(Hardtanh(&h, &b, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput dtype FLOAT16 must equal self dtype FLOAT");
  ExpectFailure(Hardtanh(&r9, &b, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Hardtanh(&t, &b, lo.get(), hi.get(), &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput shape [3,2]");
  ExpectFailure(Hardtanh(&a, &b, lo.get(), hi.get(), &t), ACLNN_ERR_PARAM_INVALID, api,
                "out shape [3,2]");
  DevTensor e({0, 3}, ACL_FLOAT), eo({0, 3}, ACL_FLOAT);
  EXPECT_EQ(Hardtanh(&e, &e, lo.get(), hi.get(), &eo).status, ACLNN_SUCCESS);
}

TEST(SquaredReluOp, ValuesAndChips) {
  DevTensor x({2, 4}, ACL_FLOAT, {0, 1, 2, -33, 4, 5, 6, 7}), out({2, 4}, ACL_FLOAT);
  const Outcome o = Squared(&x, &out);
  if (!optest::ChipHasBf16()) {  // the kernel exists on A2/A3 and 950 only
    ExpectFailure(o, ACLNN_ERR_PARAM_INVALID, "aclnnSquaredRelu", "is not supported on");
    return;
  }
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << o.message;
  ExpectSame(out.Read(), {0, 1, 4, 0, 16, 25, 36, 49}, "sample");
  // fp16: 300² overflows to inf; 1.5² exact; NaN stays NaN; −0 gives +0.
  DevTensor h({5}, ACL_FLOAT16, {300, 1.5, NAN, -0.0, -INFINITY}), ho({5}, ACL_FLOAT16);
  ASSERT_EQ(Squared(&h, &ho).status, ACLNN_SUCCESS);
  ExpectSame(ho.Read(), {INFINITY, 2.25, NAN, 0, 0}, "fp16");
  // bf16: 1.0078125² = 1.01568603515625 rounds to 1.015625 (nearest-even).
  DevTensor b({1}, ACL_BF16, {1.0078125}), bo({1}, ACL_BF16);
  ASSERT_EQ(Squared(&b, &bo).status, ACLNN_SUCCESS);
  ExpectSame(bo.Read(), {1.015625}, "bf16");
  DevTensor i({2}, ACL_INT32), io({2}, ACL_INT32), h2({2}, ACL_FLOAT16), t({1, 2}, ACL_FLOAT);
  ExpectFailure(Squared(nullptr, &out), ACLNN_ERR_PARAM_NULLPTR, "aclnnSquaredRelu", "input must");
  ExpectFailure(Squared(&x, nullptr), ACLNN_ERR_PARAM_NULLPTR, "aclnnSquaredRelu", "out must");
  ExpectFailure(Squared(&i, &io), ACLNN_ERR_PARAM_INVALID, "aclnnSquaredRelu", "input dtype INT32");
  DevTensor x2({2}, ACL_FLOAT, {1, 2});
  ExpectFailure(Squared(&x2, &h2), ACLNN_ERR_PARAM_INVALID, "aclnnSquaredRelu", "out dtype");
  ExpectFailure(Squared(&x2, &t), ACLNN_ERR_PARAM_INVALID, "aclnnSquaredRelu", "out shape [1,2]");
}

TEST(HeavisideOp, VendorSampleNanAndBroadcast) {
  DevTensor x({2, 4}, ACL_FLOAT, {-1, -1, 0, 0, 0, 0, 5, 7}),
      v({2, 4}, ACL_FLOAT, {-1, -1, 0, 1, 2, 3, 4, 5}), out({2, 4}, ACL_FLOAT);
  ASSERT_EQ(Heaviside(&x, &v, &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {0, 0, 0, 1, 2, 3, 1, 1}, "sample");
  // NaN input gives 0 (not NaN); −0 counts as 0; a one-element values broadcasts.
  DevTensor x2({5}, ACL_FLOAT16, {NAN, -0.0, INFINITY, -INFINITY, 0}), v2({1}, ACL_FLOAT16, {0.5}),
      o2({5}, ACL_FLOAT16);
  ASSERT_EQ(Heaviside(&x2, &v2, &o2).status, ACLNN_SUCCESS);
  ExpectSame(o2.Read(), {0, 0.5, 1, 0, 0.5}, "specials");
  // Only out's element count is checked: [8] receives the [2,4] result row-major.
  DevTensor flat({8}, ACL_FLOAT);
  ASSERT_EQ(Heaviside(&x, &v, &flat).status, ACLNN_SUCCESS);
  ExpectSame(flat.Read(), {0, 0, 0, 1, 2, 3, 1, 1}, "flat out");
}

TEST(HeavisideOp, FailureTable) {
  DevTensor a({2, 3}, ACL_FLOAT), b({2, 3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT),
      h({2, 3}, ACL_FLOAT16), u32({2, 3}, ACL_UINT32), w({2, 4}, ACL_FLOAT),
      bad({2, 1, 5}, ACL_FLOAT);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnHeaviside";
  ExpectFailure(Heaviside(nullptr, &b, &o), ACLNN_ERR_PARAM_NULLPTR, api, "input must");
  ExpectFailure(Heaviside(&a, nullptr, &o), ACLNN_ERR_PARAM_NULLPTR, api, "values must");
  ExpectFailure(Heaviside(&a, &b, nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must");
  ExpectFailure(Heaviside(&u32, &b, &o), ACLNN_ERR_PARAM_INVALID, api, "input dtype UINT32");
  ExpectFailure(Heaviside(&a, &u32, &o), ACLNN_ERR_PARAM_INVALID, api, "values dtype UINT32");
  ExpectFailure(Heaviside(&a, &b, &u32), ACLNN_ERR_PARAM_INVALID, api, "out dtype UINT32");
  ExpectFailure(Heaviside(&r9, &b, &o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Heaviside(&a, &w, &o), ACLNN_ERR_PARAM_INVALID, api, "cannot broadcast");
  ExpectFailure(Heaviside(&a, &b, &bad), ACLNN_ERR_PARAM_INVALID, api, "out shape [2,1,5]");
  ExpectFailure(Heaviside(&a, &h, &o), ACLNN_ERR_INNER_FIND_KERNEL_ERROR, api, "no kernel");
  // An empty tensor returns success before the kernel is chosen: mixed dtypes pass there, and
  // nothing is written.
  DevTensor e({0, 4}, ACL_FLOAT), eo({0, 4}, ACL_FLOAT), v16({4}, ACL_FLOAT16, {1, 2, 3, 4});
  EXPECT_EQ(Heaviside(&e, &v16, &eo).status, ACLNN_SUCCESS);
  DevTensor e16({0}, ACL_FLOAT16);
  EXPECT_EQ(Heaviside(&a, &e16, &o).status, ACLNN_ERR_PARAM_INVALID);  // [2,3] vs [0]: no broadcast
  DevTensor one16({1}, ACL_FLOAT16, {0.5}), eo16({0, 4}, ACL_FLOAT16);
  EXPECT_EQ(Heaviside(&e, &one16, &eo16).status, ACLNN_SUCCESS);
}

}  // namespace
