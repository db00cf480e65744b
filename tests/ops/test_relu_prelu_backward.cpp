// aclnnPreluBackward through the public API: the vendor's sample, per-channel sums against a
// float64 reference, one-element weights, broadcast gradOutput, fp16, empty inputs (gradWeight
// untouched), and the failure table.
#include <cmath>

#include "aclnnop/aclnn_prelu_backward.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome Back(const DevTensor* g, const DevTensor* x, const DevTensor* w, const DevTensor* gi,
             const DevTensor* gw) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  auto p = [](const DevTensor* t) { return t ? t->get() : nullptr; };
  Outcome o = Phase1([&] {
    return aclnnPreluBackwardGetWorkspaceSize(p(g), p(x), p(w), p(gi), p(gw), &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnPreluBackward, o.status, ws, exec);
  return o;
}

TEST(PreluBackwardOp, VendorSample) {
  DevTensor x({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7}), w({2}, ACL_FLOAT, {0.5, 0.5}),
      g({4, 2}, ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1}), gi({4, 2}, ACL_FLOAT), gw({2}, ACL_FLOAT);
  ASSERT_EQ(Back(&g, &x, &w, &gi, &gw).status, ACLNN_SUCCESS);
  ExpectSame(gi.Read(), {0.5, 1, 1, 1, 1, 1, 1, 1}, "gradInput");
  ExpectSame(gw.Read(), {0, 0}, "gradWeight");
}

TEST(PreluBackwardOp, ChannelSumsAgainstFloat64) {
  optest::Rng rng(7);
  const int64_t n = 3, c = 4, hw = 5;
  std::vector<double> x, g;
  for (int64_t i = 0; i < n * c * hw; ++i) {
    x.push_back(static_cast<float>(rng.Uniform(-3, 3)));
    g.push_back(static_cast<float>(rng.Uniform(-2, 2)));
  }
  const std::vector<double> wv = {0.25, -1, 2, 0.1};
  DevTensor xt({n, c, hw}, ACL_FLOAT, x), gt({n, c, hw}, ACL_FLOAT, g), w({c}, ACL_FLOAT, wv),
      gi({n, c, hw}, ACL_FLOAT), gw({c}, ACL_FLOAT);
  ASSERT_EQ(Back(&gt, &xt, &w, &gi, &gw).status, ACLNN_SUCCESS);
  std::vector<double> wantGi, sums(c, 0.0);
  for (int64_t i = 0; i < n * c * hw; ++i) {
    const int64_t ch = (i / hw) % c;
    const float wf = static_cast<float>(wv[ch]);
    wantGi.push_back(x[i] > 0 ? g[i] : static_cast<float>(wf * static_cast<float>(g[i])));
    if (x[i] <= 0) sums[ch] += static_cast<float>(static_cast<float>(x[i]) * g[i]);
  }
  ExpectSame(gi.Read(), wantGi, "gradInput");
  const std::vector<double> got = gw.Read();
  for (int64_t ch = 0; ch < c; ++ch) {
    EXPECT_NEAR(got[ch], sums[ch], 1e-6 * (1 + std::fabs(sums[ch]))) << ch;
    EXPECT_NE(got[ch], 0.0) << ch;
  }
}

TEST(PreluBackwardOp, ScalarWeightBroadcastAndFp16) {
  // One weight element: gradWeight has weight's shape and sums over everything; gradOutput [3]
  // broadcasts to self [2,3].
  DevTensor x({2, 3}, ACL_FLOAT16, {-1, 2, -3, 0, -0.5, 4}), g({3}, ACL_FLOAT16, {1, 2, 0.5}),
      w({1, 1}, ACL_FLOAT16, {0.25}), gi({2, 3}, ACL_FLOAT16), gw({1, 1}, ACL_FLOAT16);
  ASSERT_EQ(Back(&g, &x, &w, &gi, &gw).status, ACLNN_SUCCESS);
  ExpectSame(gi.Read(), {0.25, 2, 0.125, 0.25, 0.5, 0.5}, "gradInput");
  // updates: -1·1, -3·0.5, 0·1, -0.5·2 → -3.5
  ExpectSame(gw.Read(), {-3.5}, "gradWeight");
}

TEST(PreluBackwardOp, EmptyLeavesGradWeight) {
  DevTensor x({0, 2}, ACL_FLOAT), g({0, 2}, ACL_FLOAT), w({2}, ACL_FLOAT, {1, 1}),
      gi({0, 2}, ACL_FLOAT), gw({2}, ACL_FLOAT, {9, 9});
  ASSERT_EQ(Back(&g, &x, &w, &gi, &gw).status, ACLNN_SUCCESS);
  ExpectSame(gw.Read(), {9, 9}, "untouched");
}

TEST(PreluBackwardOp, FailureTable) {
  DevTensor x({2, 3}, ACL_FLOAT), g({2, 3}, ACL_FLOAT), w({3}, ACL_FLOAT), gi({2, 3}, ACL_FLOAT),
      gw({3}, ACL_FLOAT), h({3}, ACL_FLOAT16), i32({2, 3}, ACL_INT32), w2({2}, ACL_FLOAT),
      gw13({1, 3}, ACL_FLOAT), w11({1, 1}, ACL_FLOAT), gw1({1}, ACL_FLOAT), wide({2, 4}, ACL_FLOAT),
      t({3, 2}, ACL_FLOAT), w0({0}, ACL_FLOAT);
  const std::string api = "aclnnPreluBackward";
  ExpectFailure(Back(nullptr, &x, &w, &gi, &gw), ACLNN_ERR_PARAM_NULLPTR, api, "gradOutput must");
  ExpectFailure(Back(&g, nullptr, &w, &gi, &gw), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(Back(&g, &x, nullptr, &gi, &gw), ACLNN_ERR_PARAM_NULLPTR, api, "weight must");
  ExpectFailure(Back(&g, &x, &w, nullptr, &gw), ACLNN_ERR_PARAM_NULLPTR, api, "gradInput must");
  ExpectFailure(Back(&g, &x, &w, &gi, nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "gradWeight must");
  ExpectFailure(Back(&i32, &i32, &w, &gi, &gw), ACLNN_ERR_PARAM_INVALID, api, "self dtype INT32");
  ExpectFailure(Back(&g, &x, &h, &gi, &gw), ACLNN_ERR_PARAM_INVALID, api,
                "weight dtype FLOAT16 must equal self dtype FLOAT");
  ExpectFailure(Back(&g, &x, &w, &t, &gw), ACLNN_ERR_PARAM_INVALID, api, "gradInput shape [3,2]");
  ExpectFailure(Back(&g, &x, &w2, &gi, &gw), ACLNN_ERR_PARAM_INVALID, api, "weight has 2");
  ExpectFailure(Back(&g, &x, &w0, &gi, &gw), ACLNN_ERR_PARAM_INVALID, api, "weight has 0");
  ExpectFailure(Back(&g, &x, &w, &gi, &gw13), ACLNN_ERR_PARAM_INVALID, api,
                "gradWeight shape [1,3] must be [3]");
  ExpectFailure(Back(&g, &x, &w11, &gi, &gw1), ACLNN_ERR_PARAM_INVALID, api,
                "gradWeight shape [1]");
  ExpectFailure(Back(&wide, &x, &w, &gi, &gw), ACLNN_ERR_PARAM_INVALID, api, "cannot broadcast");
}

}  // namespace
