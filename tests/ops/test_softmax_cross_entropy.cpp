// aclnnSoftmaxCrossEntropyWithLogits through the public API against a float64 reference: every
// dtype of the chip, rows around the kernel's packet and chunk sizes, a transposed features
// view and a strided loss whose gaps keep their sentinel.
#include <string>

#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "softmax_test_util.h"

using namespace smtest;

namespace {

struct CeCase {
  aclDataType dtype;
  int64_t n, c;
  bool transposed = false;
  int64_t lossGap = 1;
};

void RunCe(const CeCase& k, uint32_t seed) {
  SCOPED_TRACE("dtype " + std::to_string(k.dtype) + " [" + std::to_string(k.n) + "," +
               std::to_string(k.c) + "] seed " + std::to_string(seed));
  Rng rng(seed);
  std::vector<int64_t> shape = {k.n, k.c};
  std::vector<int64_t> fStrides;
  if (k.transposed) fStrides = {1, k.n};
  DevTensor features(k.dtype, shape, fStrides), labels(k.dtype, shape);
  DevTensor loss(k.dtype, {k.n}, {k.lossGap}), backprop(k.dtype, shape);
  ForEachIndex(shape, [&](const std::vector<int64_t>& i) {
    features.Set(i, rng.Uniform(-10.0f, 10.0f));
    labels.Set(i, rng.Uniform(0.0f, 1.0f));
  });
  features.Upload();
  labels.Upload();
  uint64_t ws = 1;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(
                features.get(), labels.get(), loss.get(), backprop.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << TakeErrMsg();
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogits(nullptr, 0, exec, AclEnvironment::Stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  loss.Download();
  backprop.Download();
  bool nonTrivial = false;
  for (int64_t r = 0; r < k.n; ++r) {
    std::vector<double> x(k.c), lab(k.c);
    double m = -INFINITY;
    for (int64_t j = 0; j < k.c; ++j) {
      x[j] = features.Get({r, j});
      lab[j] = labels.Get({r, j});
      m = std::max(m, x[j]);
    }
    double s = 0, absLoss = 0, refLoss = 0;
    for (int64_t j = 0; j < k.c; ++j) s += std::exp(static_cast<float>(x[j] - m));
    for (int64_t j = 0; j < k.c; ++j) {
      const double t = static_cast<float>(x[j] - m);
      const double p = std::exp(t) / s;
      const double got = backprop.Get({r, j});
      nonTrivial = nonTrivial || got != 0;
      ASSERT_TRUE(Close(k.dtype, false, got, p - lab[j], p + lab[j], k.c))
          << "backprop[" << r << "," << j << "] got " << got << " ref " << p - lab[j];
      refLoss += lab[j] * (std::log(s) - t);
      absLoss += lab[j] * (std::fabs(std::log(s)) + std::fabs(t));
    }
    const double gotLoss = loss.Get({r});
    ASSERT_TRUE(Close(k.dtype, false, gotLoss, refLoss, absLoss + refLoss, k.c))
        << "loss[" << r << "] got " << gotLoss << " ref " << refLoss;
  }
  EXPECT_TRUE(nonTrivial);
  if (k.lossGap > 1) {
    const size_t item = Item(k.dtype);
    for (size_t e = 0; e < loss.host.size() / item; ++e) {
      if (e % k.lossGap != 0) {
        for (size_t b = 0; b < item; ++b) ASSERT_EQ(loss.host[e * item + b], 0x5a);
      }
    }
  }
}

TEST(SoftmaxCrossEntropyNumeric, DtypesAndSizes) {
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    if (dt == ACL_BF16 && !ChipHasBf16()) continue;
    for (int64_t c : {1, 4, 17, 1025}) RunCe({dt, 5, c}, static_cast<uint32_t>(c));
  }
}

TEST(SoftmaxCrossEntropyNumeric, TransposedFeaturesStridedLoss) {
  RunCe({ACL_FLOAT, 33, 70, true, 2}, 9);
  RunCe({ACL_FLOAT16, 40, 9, true, 3}, 10);
}

// The vendor's sample values: features all 1, labels all 2 over 4 classes.
TEST(SoftmaxCrossEntropyNumeric, VendorSampleValues) {
  DevTensor features(ACL_FLOAT, {16, 4}), labels(ACL_FLOAT, {16, 4});
  DevTensor loss(ACL_FLOAT, {16}), backprop(ACL_FLOAT, {16, 4});
  ForEachIndex({16, 4}, [&](const std::vector<int64_t>& i) {
    features.Set(i, 1);
    labels.Set(i, 2);
  });
  features.Upload();
  labels.Upload();
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(
                features.get(), labels.get(), loss.get(), backprop.get(), &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclnnSoftmaxCrossEntropyWithLogits(nullptr, 0, exec, AclEnvironment::Stream()),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  loss.Download();
  backprop.Download();
  for (int64_t r = 0; r < 16; ++r) {
    EXPECT_NEAR(loss.Get({r}), 8 * std::log(4.0), 4e-6);
    for (int64_t j = 0; j < 4; ++j) EXPECT_EQ(backprop.Get({r, j}), -1.75);
  }
}

}  // namespace
