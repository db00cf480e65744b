// aclnnHardshrink / aclnnHardshrinkBackward / aclnnSoftshrink / aclnnSoftshrinkBackward /
// aclnnShrink through the public API: checks in the vendor's order (λ clamped to 0 by the
// Hardshrink pair, refused when negative by the others), broadcasting of the gradients, values
// exactly at ±λ, NaN and inf, and values against a float64 reference.
#include <cmath>

#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "hard_test_util.h"

using namespace hardtest;

namespace {

struct Case {
  const char* what;
  Result r;
  aclnnStatus status;
  const char* part;
};
void ExpectCases(const std::vector<Case>& cases, const char* api) {
  for (const Case& c : cases) {
    EXPECT_EQ(c.r.status, c.status) << c.what << ": " << c.r.message;
    EXPECT_NE(c.r.message.find(c.part), std::string::npos) << c.what << ": " << c.r.message;
    if (c.status != ACLNN_SUCCESS) {
      EXPECT_EQ(c.r.message.rfind(api, 0), 0u) << c.what << ": " << c.r.message;
    }
  }
}

// ---- unary: Hardshrink, Softshrink (self, lambd, out) and Shrink (self, lambd, bias, out) ----

Result Hardshrink(const DevTensor* self, const aclScalar* l, const DevTensor* out,
                  bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnHardshrinkGetWorkspaceSize(self ? self->get() : nullptr, l,
                                               out ? out->get() : nullptr, ws, ex);
      },
      aclnnHardshrink, nullWs);
}
Result Softshrink(const DevTensor* self, const aclScalar* l, const DevTensor* out,
                  bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSoftshrinkGetWorkspaceSize(self ? self->get() : nullptr, l,
                                               out ? out->get() : nullptr, ws, ex);
      },
      aclnnSoftshrink, nullWs);
}
Result Shrink(const DevTensor* self, const aclScalar* l, const aclScalar* b, const DevTensor* out,
              bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnShrinkGetWorkspaceSize(self ? self->get() : nullptr, l, b,
                                           out ? out->get() : nullptr, ws, ex);
      },
      aclnnShrink, nullWs);
}

TEST(Hardshrink, ChecksAndNegativeLambdaIsZero) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), d(s, ACL_DOUBLE, {}), bf(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), f9(nine, ACL_FLOAT, {}), o9(nine, ACL_FLOAT, {});
  Scalar half(0.5), intLambda(1, ACL_INT32);
  ExpectCases(
      {
          {"null ws first", Hardshrink(nullptr, nullptr, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
           "aclnnHardshrink: workspaceSize must not be null"},
          {"null self", Hardshrink(nullptr, half.s, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "self must not be null"},
          {"null lambd", Hardshrink(&f, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "lambd must not be null"},
          {"null out", Hardshrink(&f, half.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
           "out must not be null"},
          {"DOUBLE self", Hardshrink(&d, half.s, &fo), ACLNN_ERR_PARAM_INVALID,
           "self dtype DOUBLE is not supported"},
          {"DOUBLE out", Hardshrink(&f, half.s, &d), ACLNN_ERR_PARAM_INVALID, "out dtype DOUBLE"},
          {"shape before rank", Hardshrink(&f9, half.s, &small), ACLNN_ERR_PARAM_INVALID,
           "out shape [3] must equal self shape"},
          {"rank 9", Hardshrink(&f9, half.s, &o9), ACLNN_ERR_PARAM_INVALID, "self"},
          {"lambd dtype unchecked", Hardshrink(&f, intLambda.s, &fo), ACLNN_SUCCESS, ""},
          {"bf16 per chip", Hardshrink(&bf, half.s, &fo),
           bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, bf16 ? "" : "self dtype BFLOAT16"},
      },
      "aclnnHardshrink");

  // λ = −1 acts as 0: only zeros are zeroed. λ = 0.5: |x| == 0.5 is zeroed.
  const std::vector<double> x = {0.0, -0.0, 0.25, 0.5, -0.5, 0.75, INFINITY, -INFINITY, NAN};
  Scalar neg(-1.0);
  for (aclDataType dt : FloatDtypesOnChip()) {
    DevTensor self({9}, dt, x), out({9}, ACL_FLOAT, {}), out2({9}, dt, {});
    ASSERT_EQ(Hardshrink(&self, neg.s, &out).status, ACLNN_SUCCESS);
    std::vector<double> y = out.Read();
    for (size_t i = 0; i < x.size(); ++i) {
      ExpectSame(y[i], x[i] == 0 ? 0.0 : x[i], "λ=-1 x=" + std::to_string(x[i]));
    }
    ASSERT_EQ(Hardshrink(&self, half.s, &out2).status, ACLNN_SUCCESS);
    y = out2.Read();
    for (size_t i = 0; i < x.size(); ++i) {
      ExpectSame(y[i], std::fabs(x[i]) <= 0.5 ? 0.0 : x[i], "λ=0.5 x=" + std::to_string(x[i]));
    }
  }
}

TEST(Softshrink, ChecksAndValues) {
  const bool bf16 = optest::ChipHasBf16();
  const std::vector<int64_t> s = {2, 3};
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), i32(s, ACL_INT32, {}), bf(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), f9(nine, ACL_FLOAT, {}), o9(nine, ACL_FLOAT, {});
  Scalar half(0.5), neg(-0.25);
  ExpectCases(
      {
          {"null ws first", Softshrink(nullptr, nullptr, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null"},
          {"null lambd", Softshrink(&f, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "lambd must not be null"},
          {"bf16 out refused before self's dtype", Softshrink(&i32, half.s, &bf),
           bf16 ? ACLNN_ERR_PARAM_INVALID : ACLNN_ERR_PARAM_INVALID,
           bf16 ? "self dtype INT32" : "out dtype BFLOAT16 is not supported on"},
          {"shape", Softshrink(&f, half.s, &small), ACLNN_ERR_PARAM_INVALID,
           "out shape [3] must equal self shape [2,3]"},
          {"rank 9", Softshrink(&f9, half.s, &o9), ACLNN_ERR_PARAM_INVALID, "self"},
          {"negative lambd", Softshrink(&f, neg.s, &fo), ACLNN_ERR_PARAM_INVALID,
           "lambd must be >= 0, got -0.25"},
      },
      "aclnnSoftshrink");

  // The vendor's sample, then boundaries: exactly ±λ gives 0, NaN gives 0.
  const std::vector<double> x = {0.1, 0.2,  0.3,   0.4, 0.5,      0.6,      0.7,
                                 0.8, -0.5, -0.75, NAN, INFINITY, -INFINITY};
  for (aclDataType dt : FloatDtypesOnChip()) {
    std::vector<double> xs = x;
    for (double& v : xs) v = InDtype(dt, v);
    DevTensor self({13}, dt, xs), out({13}, dt, {});
    ASSERT_EQ(Softshrink(&self, half.s, &out).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
    const std::vector<double> y = out.Read();
    for (size_t i = 0; i < xs.size(); ++i) {
      const double v = xs[i];
      const double ref = v > 0.5 ? v - 0.5 : (v < -0.5 ? v + 0.5 : 0.0);
      ExpectSame(y[i], InDtype(dt, static_cast<float>(ref)), "x=" + std::to_string(v));
    }
  }
}

TEST(Shrink, ChecksFp16NativeAndBias) {
  const std::vector<int64_t> s = {2, 3};
  DevTensor f(s, ACL_FLOAT, {}), fo(s, ACL_FLOAT, {}), bf(s, ACL_BF16, {}),
      small({3}, ACL_FLOAT, {}), nchw(s, ACL_FLOAT, {}, ACL_FORMAT_NCHW);
  const std::vector<int64_t> nine = {1, 1, 1, 1, 1, 1, 1, 2, 1};
  DevTensor f9(nine, ACL_FLOAT, {1.0, -2.0}), o9(nine, ACL_FLOAT, {});
  Scalar half(0.5), zero(0.0), neg(-1.0);
  ExpectCases(
      {
          {"null ws first", Shrink(nullptr, half.s, zero.s, &fo, true), ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null"},
          {"null bias", Shrink(&f, half.s, nullptr, &fo), ACLNN_ERR_PARAM_NULLPTR,
           "bias must not be null"},
          {"BF16 never", Shrink(&bf, half.s, zero.s, &fo), ACLNN_ERR_PARAM_INVALID,
           "self dtype BFLOAT16 is not supported"},
          {"shape", Shrink(&f, half.s, zero.s, &small), ACLNN_ERR_PARAM_INVALID,
           "out shape [3] must equal self shape [2,3]"},
          {"negative lambd before format", Shrink(&f, neg.s, zero.s, &nchw),
           ACLNN_ERR_PARAM_INVALID, "lambd must be >= 0"},
          {"format", Shrink(&f, half.s, zero.s, &nchw), ACLNN_ERR_PARAM_INVALID,
           "out format ACL_FORMAT_NCHW must equal self format ACL_FORMAT_ND"},
          {"no rank limit", Shrink(&f9, half.s, zero.s, &o9), ACLNN_SUCCESS, ""},
      },
      "aclnnShrink");

  // fp16 computes with λ and bias cast to fp16: λ = 0.3 becomes 0.30004883, so x = 0.30004883
  // is zeroed in fp16 but kept in fp32.
  Scalar l3(0.3), b1(0.1);
  const double xh = 0.300048828125;
  const std::vector<double> x = {xh, -xh, 0.25, 1.0, -1.0, NAN, INFINITY};
  DevTensor x16({7}, ACL_FLOAT16, x), o16({7}, ACL_FLOAT16, {});
  ASSERT_EQ(Shrink(&x16, l3.s, b1.s, &o16).status, ACLNN_SUCCESS);
  std::vector<double> y = o16.Read();
  const double b16 = InDtype(ACL_FLOAT16, 0.1);
  const std::vector<double> want16 = {
      0, 0, 0, InDtype(ACL_FLOAT16, 1.0 - b16), InDtype(ACL_FLOAT16, -1.0 + b16), 0, INFINITY};
  for (size_t i = 0; i < x.size(); ++i)
    ExpectSame(y[i], want16[i], "fp16 x=" + std::to_string(x[i]));
  DevTensor x32({7}, ACL_FLOAT, x), o32({7}, ACL_FLOAT, {});
  ASSERT_EQ(Shrink(&x32, l3.s, b1.s, &o32).status, ACLNN_SUCCESS);
  y = o32.Read();
  const float b32 = 0.1f;
  const std::vector<double> want32 = {static_cast<float>(xh) - b32,
                                      -static_cast<float>(xh) + b32,
                                      0,
                                      1.0f - b32,
                                      -1.0f + b32,
                                      0,
                                      INFINITY};
  for (size_t i = 0; i < x.size(); ++i)
    ExpectSame(y[i], want32[i], "fp32 x=" + std::to_string(x[i]));
}

// ---- gradients: (gradOutput, self, λ, gradInput), broadcasting ----

using GradPhase1 = aclnnStatus (*)(const aclTensor*, const aclTensor*, const aclScalar*, aclTensor*,
                                   uint64_t*, aclOpExecutor**);
Result Grad(GradPhase1 p1, Phase2Fn p2, const DevTensor* g, const DevTensor* x, const aclScalar* l,
            const DevTensor* gi, bool nullWs = false) {
  return RunApi(
      [&](uint64_t* ws, aclOpExecutor** ex) {
        return p1(g ? g->get() : nullptr, x ? x->get() : nullptr, l, gi ? gi->get() : nullptr, ws,
                  ex);
      },
      p2, nullWs);
}
Result HsGrad(const DevTensor* g, const DevTensor* x, const aclScalar* l, const DevTensor* gi,
              bool nullWs = false) {
  return Grad(aclnnHardshrinkBackwardGetWorkspaceSize, aclnnHardshrinkBackward, g, x, l, gi,
              nullWs);
}
Result SsGrad(const DevTensor* g, const DevTensor* x, const aclScalar* l, const DevTensor* gi,
              bool nullWs = false) {
  return Grad(aclnnSoftshrinkBackwardGetWorkspaceSize, aclnnSoftshrinkBackward, g, x, l, gi,
              nullWs);
}

TEST(HardshrinkBackward, ChecksBroadcastAndEmptyFirst) {
  const std::vector<int64_t> s = {1, 1, 4, 4};
  DevTensor g(s, ACL_FLOAT, {}), x(s, ACL_FLOAT, {}), gi(s, ACL_FLOAT, {}),
      row({1, 1, 1, 4}, ACL_FLOAT, {}), bad({1, 1, 1, 3}, ACL_FLOAT, {}), d(s, ACL_DOUBLE, {}),
      empty({0}, ACL_FLOAT, {}), i32(s, ACL_INT32, {});
  Scalar l(2.0);
  ExpectCases(
      {
          {"null ws first", HsGrad(nullptr, &x, nullptr, &gi, true), ACLNN_ERR_PARAM_NULLPTR,
           "workspaceSize must not be null"},
          {"null lambd", HsGrad(&g, &x, nullptr, &gi), ACLNN_ERR_PARAM_NULLPTR,
           "lambd must not be null"},
          {"DOUBLE gradOutput", HsGrad(&d, &x, l.s, &gi), ACLNN_ERR_PARAM_INVALID,
           "gradOutput dtype DOUBLE is not supported"},
          {"INT32 gradInput", HsGrad(&g, &x, l.s, &i32), ACLNN_ERR_PARAM_INVALID,
           "gradInput dtype INT32 is not supported"},
          {"broadcast ok", HsGrad(&g, &row, l.s, &gi), ACLNN_SUCCESS, ""},
          {"no broadcast", HsGrad(&g, &bad, l.s, &gi), ACLNN_ERR_PARAM_INVALID, "cannot broadcast"},
          {"gradInput shape", HsGrad(&g, &x, l.s, &row), ACLNN_ERR_PARAM_INVALID,
           "gradInput shape [1,1,1,4] must equal the broadcast shape [1,1,4,4]"},
          {"empty before broadcast", HsGrad(&empty, &row, l.s, &gi), ACLNN_SUCCESS, ""},
      },
      "aclnnHardshrinkBackward");
}

TEST(HardshrinkBackward, SampleBroadcastAndFp16Lambda) {
  Scalar l(2.0);
  DevTensor g({2, 2}, ACL_FLOAT, {0, 0, 1, 1}), x({2, 2}, ACL_FLOAT, {1, 2, 3, 4}),
      gi({2, 2}, ACL_FLOAT, {});
  ASSERT_EQ(HsGrad(&g, &x, l.s, &gi).status, ACLNN_SUCCESS);
  std::vector<double> y = gi.Read();
  const std::vector<double> sample = {0, 0, 1, 1};
  for (int i = 0; i < 4; ++i) ExpectSame(y[i], sample[i], "sample");

  // gradOutput [3,1] broadcast against self [1,4] (fp16 grad, fp32 self → fp32).
  DevTensor g31({3, 1}, ACL_FLOAT16, {1, -2, 3}),
      x14({1, 4}, ACL_FLOAT, {-2.5, 2.0, NAN, -INFINITY}), o34({3, 4}, ACL_FLOAT, {});
  ASSERT_EQ(HsGrad(&g31, &x14, l.s, &o34).status, ACLNN_SUCCESS) << optest::TakeErrMsg();
  y = o34.Read();
  for (int r = 0; r < 3; ++r) {
    const double gv = r == 0 ? 1 : (r == 1 ? -2 : 3);
    const double want[4] = {gv, 0, gv, gv};
    for (int c = 0; c < 4; ++c) ExpectSame(y[r * 4 + c], want[c], "broadcast");
  }

  // fp16: λ = 0.10002 is compared as fp16 0.10003662, so x = 0.10003662 is zeroed.
  Scalar l2(0.10002);
  DevTensor g16({2}, ACL_FLOAT16, {5, 5}), x16({2}, ACL_FLOAT16, {0.10003662109375, 0.125}),
      o16({2}, ACL_FLOAT16, {});
  ASSERT_EQ(HsGrad(&g16, &x16, l2.s, &o16).status, ACLNN_SUCCESS);
  y = o16.Read();
  ExpectSame(y[0], 0.0, "fp16 lambda");
  ExpectSame(y[1], 5.0, "fp16 above lambda");
}

TEST(SoftshrinkBackward, ChecksAndValues) {
  const std::vector<int64_t> s = {2, 3};
  DevTensor g(s, ACL_FLOAT, {}), x(s, ACL_FLOAT, {}), gi(s, ACL_FLOAT, {}), row({3}, ACL_FLOAT, {}),
      bad({2}, ACL_FLOAT, {}), emptyG({0, 3}, ACL_FLOAT, {});
  Scalar l(1.2), neg(-0.5);
  ExpectCases(
      {
          {"null ws first", SsGrad(nullptr, &x, l.s, &gi, true), ACLNN_ERR_PARAM_NULLPTR,
           "aclnnSoftshrinkBackward: workspaceSize must not be null"},
          {"null lambda", SsGrad(&g, &x, nullptr, &gi), ACLNN_ERR_PARAM_NULLPTR,
           "lambda must not be null"},
          {"no broadcast", SsGrad(&g, &bad, l.s, &gi), ACLNN_ERR_PARAM_INVALID, "cannot broadcast"},
          {"broadcast before lambda", SsGrad(&g, &bad, neg.s, &gi), ACLNN_ERR_PARAM_INVALID,
           "cannot broadcast"},
          {"negative lambda", SsGrad(&g, &row, neg.s, &gi), ACLNN_ERR_PARAM_INVALID,
           "lambda must be >= 0, got -0.5"},
          {"empty gradOutput still shape-checked", SsGrad(&emptyG, &row, l.s, &gi),
           ACLNN_ERR_PARAM_INVALID, "gradInput shape [2,3] must equal the broadcast shape [0,3]"},
      },
      "aclnnSoftshrinkBackward");

  // The vendor's sample, then NaN self (→ g) and ±λ exactly (→ 0).
  DevTensor sg({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7}),
      sx({4, 2}, ACL_FLOAT, {1, 1, 1, 2, 1, 2, 3, 3}), so({4, 2}, ACL_FLOAT, {});
  ASSERT_EQ(SsGrad(&sg, &sx, l.s, &so).status, ACLNN_SUCCESS);
  std::vector<double> y = so.Read();
  const std::vector<double> sample = {0, 0, 0, 3, 0, 5, 6, 7};
  for (int i = 0; i < 8; ++i) ExpectSame(y[i], sample[i], "sample");
  Scalar half(0.5);
  for (aclDataType dt : FloatDtypesOnChip()) {
    DevTensor tg({5}, dt, {2, 2, 2, 2, 2}), tx({5}, dt, {0.5, -0.5, NAN, -INFINITY, 0.25}),
        to({5}, dt, {});
    ASSERT_EQ(SsGrad(&tg, &tx, half.s, &to).status, ACLNN_SUCCESS);
    y = to.Read();
    const std::vector<double> want = {0, 0, 2, 2, 0};
    for (int i = 0; i < 5; ++i) ExpectSame(y[i], want[i], "dtype " + std::to_string(dt));
  }
}

}  // namespace
