// aclnnPrelu through the public API: the vendor's sample, the weight along dim 1 whatever its
// own shape (and strided), rank <= 1 with one weight, promotion, and the failure table.
#include "aclnnop/aclnn_prelu.h"
#include "test_relu_util.h"

using namespace relutest;

namespace {

Outcome Prelu(const DevTensor* x, const aclTensor* w, const DevTensor* out, bool nullWs = false) {
  uint64_t ws = 7;
  aclOpExecutor* exec = nullptr;
  Outcome o = Phase1([&] {
    return aclnnPreluGetWorkspaceSize(x ? x->get() : nullptr, w, out ? out->get() : nullptr,
                                      nullWs ? nullptr : &ws, &exec);
  });
  if (o.status == ACLNN_SUCCESS) o.status = RunPhase2(aclnnPrelu, o.status, ws, exec);
  return o;
}

double F(double v) { return static_cast<float>(v); }

TEST(PreluOp, VendorSample) {
  const std::vector<double> x = {-2, 1, 2, -3, -4.7, 5.3, -6.9, 7};
  std::vector<double> xf, want;
  for (double v : x) xf.push_back(F(v));
  for (double v : xf) want.push_back(v > 0 ? v : F(3 * v));
  DevTensor self({2, 4}, ACL_FLOAT, xf), w({1}, ACL_FLOAT, {3}), out({2, 4}, ACL_FLOAT);
  ASSERT_EQ(Prelu(&self, w.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), want, "sample");
  EXPECT_NEAR(out.Read()[4], -14.1, 1e-5);
}

TEST(PreluOp, WeightAlongDimOne) {
  // self [2,3,2]; weight of 3 elements in any shape.
  const std::vector<double> x = {-1, 2, -3, 4, -5, -0.0, 1, -2, 3, -4, NAN, -INFINITY};
  const double wv[3] = {0.5, -1, 2};
  std::vector<double> want;
  for (size_t i = 0; i < x.size(); ++i) {
    const double w = wv[(i / 2) % 3];
    want.push_back(x[i] > 0 ? x[i] : w * x[i]);
  }
  for (const std::vector<int64_t>& wShape :
       {std::vector<int64_t>{3}, std::vector<int64_t>{3, 1}, std::vector<int64_t>{1, 3, 1}}) {
    DevTensor self({2, 3, 2}, ACL_FLOAT, x), w(wShape, ACL_FLOAT, {0.5, -1, 2}),
        out({2, 3, 2}, ACL_FLOAT);
    ASSERT_EQ(Prelu(&self, w.get(), &out).status, ACLNN_SUCCESS);
    ExpectSame(out.Read(), want, "channels");
  }
  // A strided weight (every other element of a buffer).
  optest::DeviceBuffer buf(64);
  const float wb[6] = {0.5f, 99, -1, 99, 2, 99};
  buf.Upload(wb, sizeof(wb));
  const int64_t shape[1] = {3}, strides[1] = {2}, storage[1] = {6};
  aclTensor* strided =
      aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, buf.data());
  DevTensor self({2, 3, 2}, ACL_FLOAT, x), out({2, 3, 2}, ACL_FLOAT);
  const Outcome so = Prelu(&self, strided, &out);
  ASSERT_EQ(so.status, ACLNN_SUCCESS) << so.message;
  ExpectSame(out.Read(), want, "strided weight");
  aclDestroyTensor(strided);
}

TEST(PreluOp, RankOneAndPromotion) {
  DevTensor self({3}, ACL_FLOAT16, {-2, 0.5, -0.25}), w({1}, ACL_FLOAT, {0.1}), out({3}, ACL_FLOAT);
  ASSERT_EQ(Prelu(&self, w.get(), &out).status, ACLNN_SUCCESS);
  ExpectSame(out.Read(), {F(-2 * F(0.1)), 0.5, F(-0.25 * F(0.1))}, "fp16 with fp32 weight");
  DevTensor s0({}, ACL_FLOAT, {-4}), o0({}, ACL_FLOAT);
  ASSERT_EQ(Prelu(&s0, w.get(), &o0).status, ACLNN_SUCCESS);
  ExpectSame(o0.Read(), {F(-4 * F(0.1))}, "0-d");
  DevTensor w3({3}, ACL_FLOAT, {1, 2, 3}), o3({3}, ACL_FLOAT16);
  ExpectFailure(Prelu(&self, w3.get(), &o3), ACLNN_ERR_PARAM_INVALID, "aclnnPrelu",
                "weight has 3 elements; expected 1 or the channel count 1");
}

TEST(PreluOp, FailureTable) {
  const bool bf16 = optest::ChipHasBf16();
  DevTensor x({2, 3}, ACL_FLOAT), w({3}, ACL_FLOAT), o({2, 3}, ACL_FLOAT), i32({2, 3}, ACL_INT32),
      w2({2}, ACL_FLOAT), t({3, 2}, ACL_FLOAT), bx({2, 3}, ACL_BF16), bo({2, 3}, ACL_BF16),
      w0({0}, ACL_FLOAT);
  DevTensor r9(std::vector<int64_t>(9, 1), ACL_FLOAT), r9o(std::vector<int64_t>(9, 1), ACL_FLOAT);
  const std::string api = "aclnnPrelu";
  ExpectFailure(Prelu(nullptr, w.get(), &o, true), ACLNN_ERR_PARAM_NULLPTR, api,
                "workspaceSize must");
  ExpectFailure(Prelu(nullptr, w.get(), &o), ACLNN_ERR_PARAM_NULLPTR, api, "self must");
  ExpectFailure(Prelu(&x, nullptr, &o), ACLNN_ERR_PARAM_NULLPTR, api, "weight must");
  ExpectFailure(Prelu(&x, w.get(), nullptr), ACLNN_ERR_PARAM_NULLPTR, api, "out must");
  ExpectFailure(Prelu(&i32, w.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "self dtype INT32");
  ExpectFailure(Prelu(&x, w.get(), &i32), ACLNN_ERR_PARAM_INVALID, api, "out dtype INT32");
  ExpectFailure(Prelu(&r9, w.get(), &r9o), ACLNN_ERR_PARAM_INVALID, api, "rank 9");
  ExpectFailure(Prelu(&x, w.get(), &t), ACLNN_ERR_PARAM_INVALID, api, "out shape [3,2]");
  ExpectFailure(Prelu(&x, w2.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "weight has 2 elements");
  ExpectFailure(Prelu(&x, w0.get(), &o), ACLNN_ERR_PARAM_INVALID, api, "weight has 0 elements");
  ExpectFailure(Prelu(&bx, w.get(), &bo), bf16 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID, api,
                "self dtype BFLOAT16");
}

}  // namespace
