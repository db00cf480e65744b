// aclnnLeakyRelu / aclnnInplaceLeakyRelu and aclnnLeakyReluBackward through the public API:
// values per dtype (fp32 products rounded once, 16-bit once more, DOUBLE in double with the
// float slope), casts to out, broadcasting and promotion, and the failure tables.
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome Leaky(const DevTensor* self, const aclScalar* slope, const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnLeakyReluGetWorkspaceSize(self ? self->get() : nullptr, slope,
                                          out ? out->get() : nullptr, &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnLeakyRelu, o.status, ws, exec);
  return o;
}

Outcome LeakyBack(const DevTensor* g, const DevTensor* x, const aclScalar* slope, bool isResult,
                  const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnLeakyReluBackwardGetWorkspaceSize(g ? g->get() : nullptr, x ? x->get() : nullptr,
                                                  slope, isResult, out ? out->get() : nullptr, &ws,
                                                  &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnLeakyReluBackward, o.status, ws, exec);
  return o;
}

float F(double v) { return static_cast<float>(v); }
double Half(double v) { return optest::HalfToFloat(optest::FloatToHalfRne(F(v))); }

const std::vector<double> kX = {-INFINITY, -3.3, -1.0, -0.0, 0.0, 0.7, 5.0, INFINITY, NAN};

TEST(LeakyReluOp, Fp32Fp16AndDouble) {
  Scalar slope(0.01, ACL_DOUBLE);  // read as the float 0.01f
  DevTensor x32({9}, ACL_FLOAT, kX), o32({9}, ACL_FLOAT);
  ASSERT_EQ(Leaky(&x32, slope.get(), &o32).status, ACLNN_SUCCESS);
  std::vector<double> want32, want16, want64;
  for (double x : kX) {
    const double xf = F(x), xh = Half(x);
    want32.push_back(xf > 0 ? xf : F(xf * F(0.01)));
    want16.push_back(xh > 0 ? xh : Half(F(xh * F(0.01))));
    want64.push_back(x > 0 ? x : x * static_cast<double>(F(0.01)));
  }
  ExpectSame(o32.Read(), want32, "fp32");
  std::vector<double> x16;
  for (double x : kX) x16.push_back(Half(x));
  DevTensor h({9}, ACL_FLOAT16, x16), ho({9}, ACL_FLOAT16);
  ASSERT_EQ(Leaky(&h, slope.get(), &ho).status, ACLNN_SUCCESS);
  ExpectSame(ho.Read(), want16, "fp16");
  DevTensor d({9}, ACL_DOUBLE, kX), dout({9}, ACL_DOUBLE);
  ASSERT_EQ(Leaky(&d, slope.get(), &dout).status, ACLNN_SUCCESS);
  ExpectSame(dout.Read(), want64, "double");
  EXPECT_NE(dout.Read()[1], -3.3 * 0.01);  // the float slope, not the double one
}

TEST(LeakyReluOp, CastToOutAndInplace) {
  Scalar slope(-2, ACL_INT32);  // any scalar dtype; negative slopes are fine
  DevTensor x({4}, ACL_FLOAT, {-1.5, 2, -0.25, 0}), out({4}, ACL_DOUBLE);
  ASSERT_EQ(Leaky(&x, slope.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {3, 2, 0.5, -0.0}, "to double");
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(
      RunBoth(
          [&] { return aclnnInplaceLeakyReluGetWorkspaceSize(x.get(), slope.get(), &ws, &exec); },
          aclnnInplaceLeakyRelu, &ws, &exec),
      ACLNN_SUCCESS);
  ExpectSame(x.Read(), {3, 2, 0.5, -0.0}, "inplace");
}

TEST(LeakyReluOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  Scalar slope(0.1, ACL_FLOAT);
  DevTensor f32({2, 3}, ACL_FLOAT), f32o({2, 3}, ACL_FLOAT), i32({2, 3}, ACL_INT32),
      i32o({2, 3}, ACL_INT32), bf({2, 3}, ACL_BF16), bfo({2, 3}, ACL_BF16), t({3, 2}, ACL_FLOAT);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT), r9o(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnLeakyRelu";
  ExpectFailure(Leaky(nullptr, slope.get(), &f32o), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(Leaky(&f32, nullptr, &f32o), ACLNN_ERR_PARAM_NULLPTR, api, "negativeSlope must");
  ExpectFailure(Leaky(&f32, slope.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must");
  ExpectFailure(Leaky(&i32, slope.get(), &i32o), ACLNN_ERR_PARAM_INVALID, api, "self dtype INT32");
  ExpectFailure(Leaky(&f32, slope.get(), &i32o), ACLNN_ERR_PARAM_INVALID, api,
                "self dtype FLOAT cannot be cast to out dtype INT32");
  ExpectFailure(Leaky(&r9, slope.get(), &r9o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Leaky(&f32, slope.get(), &t), ACLNN_ERR_PARAM_INVALID, api, "out shape [3,2]");
  ExpectFailure(Leaky(&bf, slope.get(), &bfo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, api,
                "self dtype BFLOAT16");
}

TEST(LeakyReluBackwardOp, ValuesBroadcastAndPromotion) {
  Scalar slope(0.3, ACL_FLOAT);
  const std::vector<double> g = {2, -3, 4, 5, NAN, INFINITY};
  DevTensor go({2, 3}, ACL_FLOAT, g), x({3}, ACL_FLOAT, {1, 0, -2}), out({2, 3}, ACL_FLOAT);
  ASSERT_EQ(LeakyBack(&go, &x, slope.get(), false, &out).status, ACLNN_SUCCESS);
  const double s = F(0.3);
  ExpectSame(out.Read(), {2, F(-3 * s), F(4 * s), 5, NAN, INFINITY}, "broadcast");

  // fp16 gradOutput with a DOUBLE self promotes to DOUBLE (the AICPU kernel, float slope).
  DevTensor gh({2}, ACL_FLOAT16, {1.5, -0.75}), xd({2}, ACL_DOUBLE, {-1, -1e-300}),
      od({2}, ACL_DOUBLE);
  ASSERT_EQ(LeakyBack(&gh, &xd, slope.get(), false, &od).status, ACLNN_SUCCESS);
  ExpectSame(od.Read(), {1.5 * s, -0.75 * s}, "double");
}

TEST(LeakyReluBackwardOp, FailureTable) {
  Scalar slope(0.1, ACL_FLOAT), neg(-0.1, ACL_FLOAT);
  uint8_t bytes[16] = {};
  aclScalar* complexSlope = aclCreateScalar(bytes, ACL_COMPLEX64);
  DevTensor a({2, 3}, ACL_FLOAT), b({2, 3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT),
      i32({2, 3}, ACL_INT32), wide({2, 4}, ACL_FLOAT), oi({2, 3}, ACL_INT32);
  const std::string api = "aclnnLeakyReluBackward";
  ExpectFailure(LeakyBack(nullptr, &b, slope.get(), false, &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "gradOutput must");
  ExpectFailure(LeakyBack(&a, nullptr, slope.get(), false, &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "self must");
  ExpectFailure(LeakyBack(&a, &b, nullptr, false, &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "negativeSlope must");
  ExpectFailure(LeakyBack(&a, &b, slope.get(), false, nullptr), ACLNN_ERR_PARAM_NULLPTR, api,
                "out must");
  ExpectFailure(LeakyBack(&i32, &b, slope.get(), false, &o), ACLNN_ERR_PARAM_INVALID, api,
                "gradOutput dtype INT32");
  ExpectFailure(LeakyBack(&a, &b, complexSlope, false, &o), ACLNN_ERR_PARAM_INVALID, api,
                "negativeSlope dtype COMPLEX64");
  ExpectFailure(LeakyBack(&a, &wide, slope.get(), false, &o), ACLNN_ERR_PARAM_INVALID, api,
                "cannot broadcast");
  ExpectFailure(LeakyBack(&a, &b, slope.get(), false, &wide), ACLNN_ERR_PARAM_INVALID, api,
                "out shape [2,4]");
  ExpectFailure(LeakyBack(&a, &b, neg.get(), true, &o), ACLNN_ERR_PARAM_INVALID, api,
                "selfIsResult");
  EXPECT_EQ(LeakyBack(&a, &b, neg.get(), false, &o).status, ACLNN_SUCCESS);
  ExpectFailure(LeakyBack(&a, &b, slope.get(), false, &oi), ACLNN_ERR_PARAM_INVALID, api,
                "cannot be cast to out dtype INT32");
  aclDestroyScalar(complexSlope);
}

}  // namespace
