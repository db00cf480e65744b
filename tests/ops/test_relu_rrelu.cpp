// aclnnRReluWithNoise / aclnnInplaceRReluWithNoise through the public API: eval mode is LeakyRelu
// with the mean slope (noise untouched); training draws r in [lower, upper) per negative element
// from Philox4x32-10 (deterministic per seed/offset, different across offsets, checked against
// the known answer), writes noise (its head when it is larger), out = self·noise; failures.
#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome RRelu(const DevTensor* x, const DevTensor* noise, const aclScalar* lo, const aclScalar* hi,
              bool training, int64_t seed, int64_t offset, const DevTensor* out) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  auto p = [](const DevTensor* t) { return t ? t->get() : nullptr; };
  Outcome o = Phase1([&] {
    return aclnnRReluWithNoiseGetWorkspaceSize(p(x), p(noise), lo, hi, training, seed, offset,
                                               p(out), &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnRReluWithNoise, o.status, ws, exec);
  return o;
}

TEST(RReluWithNoiseOp, PhiloxKnownAnswer) {
  // With lower 0 and upper 1, r = u. Element 0 of seed 0, offset 0 is Philox4x32-10 at counter 0
  // and key 0, whose first word is 0x6627e8d5 (Random123's known answer): u = 0x6627e8 / 2^24.
  Scalar lo(0, ACL_FLOAT), hi(1, ACL_FLOAT);
  DevTensor x({1}, ACL_FLOAT, {-1}), noise({1}, ACL_FLOAT), out({1}, ACL_FLOAT);
  ASSERT_EQ(RRelu(&x, &noise, lo.get(), hi.get(), true, 0, 0, &out).status, ACLNN_SUCCESS);
  ExpectSame(noise.Read(), {0x6627e8 / 16777216.0}, "u");
  ExpectSame(out.Read(), {-0x6627e8 / 16777216.0}, "out");
}

TEST(RReluWithNoiseOp, EvalIsLeakyReluWithTheMeanSlope) {
  Scalar lo(0.1, ACL_FLOAT), hi(0.3, ACL_FLOAT);
  DevTensor x({2, 2}, ACL_FLOAT, {1, -2, 3, -4}), noise({2, 2}, ACL_FLOAT, {4, 3, 2, 1}),
      out({2, 2}, ACL_FLOAT);
  ASSERT_EQ(RRelu(&x, &noise, lo.get(), hi.get(), false, 0, 0, &out).status, ACLNN_SUCCESS);
  const float slope = (0.1f + 0.3f) / 2;
  ExpectSame(out.Read(), {1, static_cast<float>(-2 * slope), 3, static_cast<float>(-4 * slope)},
             "eval");
  ExpectSame(noise.Read(), {4, 3, 2, 1}, "noise untouched");
}

TEST(RReluWithNoiseOp, TrainingDrawsDeterministically) {
  Scalar lo(0.1, ACL_FLOAT), hi(0.3, ACL_FLOAT);
  std::vector<double> xv;
  for (int i = 0; i < 64; ++i) xv.push_back(i % 3 == 0 ? 1.5 : -2.0 - i);
  DevTensor x({8, 8}, ACL_FLOAT, xv), noise({8, 8}, ACL_FLOAT), out({8, 8}, ACL_FLOAT),
      noise2({8, 8}, ACL_FLOAT), out2({8, 8}, ACL_FLOAT), noise3({8, 8}, ACL_FLOAT),
      out3({8, 8}, ACL_FLOAT);
  ASSERT_EQ(RRelu(&x, &noise, lo.get(), hi.get(), true, 42, 7, &out).status, ACLNN_SUCCESS);
  ASSERT_EQ(RRelu(&x, &noise2, lo.get(), hi.get(), true, 42, 7, &out2).status, ACLNN_SUCCESS);
  ASSERT_EQ(RRelu(&x, &noise3, lo.get(), hi.get(), true, 42, 8, &out3).status, ACLNN_SUCCESS);
  const std::vector<double> n = noise.Read(), o = out.Read();
  ExpectSame(noise2.Read(), n, "same seed and offset");
  ExpectSame(out2.Read(), o, "same seed and offset");
  int differ = 0;
  const std::vector<double> n3 = noise3.Read();
  for (int i = 0; i < 64; ++i) {
    if (xv[i] >= 0) {
      EXPECT_EQ(n[i], 1.0) << i;
      EXPECT_EQ(o[i], xv[i]) << i;
    } else {
      EXPECT_GE(n[i], 0.1f) << i;
      EXPECT_LE(n[i], 0.3f) << i;
      EXPECT_EQ(o[i], static_cast<float>(xv[i] * static_cast<float>(n[i]))) << i;
      differ += n3[i] != n[i];
    }
  }
  EXPECT_GT(differ, 30);  // another offset draws other numbers
}

TEST(RReluWithNoiseOp, LargerNoiseKeepsItsTailAndInplace) {
  Scalar lo(0.5, ACL_DOUBLE), hi(0.5, ACL_FLOAT16);  // lower == upper: r = 0.5 exactly
  DevTensor x({2, 2}, ACL_FLOAT, {-1, 2, -3, 0}), noise({7}, ACL_FLOAT, {9, 9, 9, 9, 9, 9, 9});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(RunBoth(
                [&] {
                  return aclnnInplaceRReluWithNoiseGetWorkspaceSize(
                      x.get(), noise.get(), lo.get(), hi.get(), true, 1, 2, &ws, &exec);
                },
                aclnnInplaceRReluWithNoise, &ws, &exec),
            ACLNN_SUCCESS);
  ExpectSame(x.Read(), {-0.5, 2, -1.5, 0}, "inplace out");
  ExpectSame(noise.Read(), {0.5, 1, 0.5, 1, 9, 9, 9}, "noise head written, tail kept");
}

TEST(RReluWithNoiseOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  Scalar lo(0.1, ACL_FLOAT), hi(0.3, ACL_FLOAT), intLo(0, ACL_INT32);
  DevTensor x({5, 7}, ACL_FLOAT), n({5, 7}, ACL_FLOAT), o({5, 7}, ACL_FLOAT), small({6}, ACL_FLOAT),
      h({5, 7}, ACL_FLOAT16), t({7, 5}, ACL_FLOAT), bx({2}, ACL_BF16), bn({2}, ACL_BF16),
      bo({2}, ACL_BF16);
  DevTensor r33(std::vector<int64_t>(33, 1), ACL_FLOAT),
      r33o(std::vector<int64_t>(33, 1), ACL_FLOAT), r10(std::vector<int64_t>(10, 1), ACL_FLOAT),
      r10o(std::vector<int64_t>(10, 1), ACL_FLOAT), r10n(std::vector<int64_t>(10, 1), ACL_FLOAT);
  const std::string api = "aclnnRReluWithNoise";
  ExpectFailure(RRelu(nullptr, &n, lo.get(), hi.get(), true, 0, 0, &o), ACLNN_ERR_PARAM_NULLPTR,
                api, "self must");
  ExpectFailure(RRelu(&x, nullptr, lo.get(), hi.get(), true, 0, 0, &o), ACLNN_ERR_PARAM_NULLPTR,
                api, "noise must");
  ExpectFailure(RRelu(&x, &n, nullptr, hi.get(), true, 0, 0, &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "lower must");
  ExpectFailure(RRelu(&x, &n, lo.get(), nullptr, true, 0, 0, &o), ACLNN_ERR_PARAM_NULLPTR, api,
                "upper must");
  ExpectFailure(RRelu(&x, &n, lo.get(), hi.get(), true, 0, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                api, "out must");
  ExpectFailure(RRelu(&x, &n, intLo.get(), hi.get(), true, 0, 0, &o), ACLNN_ERR_PARAM_INVALID, api,
                "lower dtype INT32");
  ExpectFailure(RRelu(&x, &n, lo.get(), hi.get(), true, 0, 0, &h), ACLNN_ERR_PARAM_INVALID, api,
                "self dtype FLOAT must equal out dtype FLOAT16");
  ExpectFailure(RRelu(&x, &n, lo.get(), hi.get(), true, 0, 0, &t), ACLNN_ERR_PARAM_INVALID, api,
                "out shape [7,5]");
  ExpectFailure(RRelu(&x, &small, lo.get(), hi.get(), true, 0, 0, &o), ACLNN_ERR_PARAM_INVALID, api,
                "noise must hold at least");
  EXPECT_EQ(RRelu(&x, &small, lo.get(), hi.get(), false, 0, 0, &o).status, ACLNN_SUCCESS);
  EXPECT_EQ(RRelu(&r10, &r10n, lo.get(), hi.get(), true, 0, 0, &r10o).status,
            ACLNN_SUCCESS);  // rank limit 32, not 8
  ExpectFailure(RRelu(&r33, &n, lo.get(), hi.get(), false, 0, 0, &r33o), ACLNN_ERR_PARAM_INVALID,
                api, "rank 33");
  ExpectFailure(RRelu(&bx, &bn, lo.get(), hi.get(), false, 0, 0, &bo),
                bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, api, "self dtype BFLOAT16");
}

}  // namespace
