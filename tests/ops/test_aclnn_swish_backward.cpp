// aclnnSwishBackward through the public API: the vendor's validation order and codes, messages,
// and results against an independent float64 reference on every dtype and layout.
#include <cmath>

#include "aclnnop/aclnn_swish_backward.h"
#include "op_test_util.h"

using namespace optest;

namespace {

double SwishGradRef(double g, double x, double beta) {
  const double v = x * beta;
  const double s = 1.0 / (1.0 + std::exp(-v));
  return g * s * (1.0 + v * (1.0 - s));
}

// The magnitude of the formula's terms: the fp32 error bar is measured against it.
double SwishTermsRef(double g, double x, double beta) {
  const double v = x * beta;
  const double s = 1.0 / (1.0 + std::exp(-v));
  return std::fabs(g * s) + std::fabs(g * s * v * (1.0 - s));
}

struct Phase1 {
  aclnnStatus status;
  uint64_t workspaceSize;
  aclOpExecutor* executor;
};

Phase1 RunPhase1(const Tensor& go, const Tensor& x, const aclScalar* beta, const Tensor& gi) {
  Phase1 r{0, 12345, nullptr};
  r.status = aclnnSwishBackwardGetWorkspaceSize(go.get(), x.get(), beta, gi.get(), &r.workspaceSize,
                                                &r.executor);
  return r;
}

// Runs both phases and synchronizes; returns the first non-zero status.
aclnnStatus RunSwish(const Tensor& go, const Tensor& x, const aclScalar* beta, const Tensor& gi) {
  Phase1 p = RunPhase1(go, x, beta, gi);
  if (p.status != ACLNN_SUCCESS) return p.status;
  EXPECT_EQ(p.workspaceSize, 0u);
  aclnnStatus st = aclnnSwishBackward(nullptr, 0, p.executor, AclEnvironment::Stream());
  if (st != ACLNN_SUCCESS) return st;
  return aclrtSynchronizeStream(AclEnvironment::Stream());
}

// Byte storage of a float value in the dtype under test.
void Store(aclDataType dt, float v, uint8_t* out) {
  if (dt == ACL_FLOAT) {
    std::memcpy(out, &v, 4);
  } else {
    const uint16_t h = dt == ACL_FLOAT16 ? FloatToHalfRne(v) : FloatToBf16Rne(v);
    std::memcpy(out, &h, 2);
  }
}

float Load(aclDataType dt, const uint8_t* in) {
  if (dt == ACL_FLOAT) {
    float v;
    std::memcpy(&v, in, 4);
    return v;
  }
  uint16_t h;
  std::memcpy(&h, in, 2);
  return dt == ACL_FLOAT16 ? HalfToFloat(h) : Bf16ToFloat(h);
}

size_t ItemSize(aclDataType dt) { return dt == ACL_FLOAT ? 4 : 2; }

// Checks one output value against the float64 reference with the bar of its dtype.
void ExpectSwishClose(aclDataType dt, float out, float g, float x, float beta, int64_t index) {
  const double ref = SwishGradRef(g, x, beta);
  if (dt == ACL_FLOAT) {
    const double terms = SwishTermsRef(g, x, beta);
    // 8 fp32 ulps of the magnitude of the formula's terms (relative form), never below the
    // smallest subnormal step.
    const double bar = std::max(8 * std::ldexp(terms, -23), std::ldexp(1.0, -149));
    EXPECT_LE(std::fabs(out - ref), bar)
        << "index " << index << " g=" << g << " x=" << x << " beta=" << beta;
  } else {
    const int bits = dt == ACL_FLOAT16 ? 10 : 7;
    const int minExp = dt == ACL_FLOAT16 ? -14 : -126;
    EXPECT_LE(UlpsApart(out, ref, bits, minExp), 1.0)
        << "index " << index << " g=" << g << " x=" << x << " out=" << out << " ref=" << ref;
  }
}

class SwishDtypeTest : public ::testing::TestWithParam<aclDataType> {};

// Contiguous random data over the vendor's test ranges, several sizes.
TEST_P(SwishDtypeTest, ContiguousMatchesReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  for (int64_t n : {1, 7, 1000, 40000}) {
    for (float range : {5.0f, 8.0f}) {
      const uint32_t seed = static_cast<uint32_t>(n * 31 + range);
      SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(n));
      Rng rng(seed);
      const size_t item = ItemSize(dt);
      std::vector<uint8_t> g(n * item), x(n * item);
      for (int64_t i = 0; i < n; ++i) {
        Store(dt, rng.Uniform(-range, range), &g[i * item]);
        Store(dt, rng.Uniform(-range, range), &x[i * item]);
      }
      DeviceBuffer dg(g.size()), dx(x.size()), dout(g.size());
      dg.Upload(g.data(), g.size());
      dx.Upload(x.data(), x.size());
      std::vector<uint8_t> sentinel(g.size(), 0x5a);
      dout.Upload(sentinel.data(), sentinel.size());
      const std::vector<int64_t> shape = {n};
      Tensor tg(shape, dt, dg.data()), tx(shape, dt, dx.data()), to(shape, dt, dout.data());
      const float betaValue = 1.1f;
      aclScalar* beta = aclCreateScalar(const_cast<float*>(&betaValue), ACL_FLOAT);
      ASSERT_EQ(RunSwish(tg, tx, beta, to), ACLNN_SUCCESS) << TakeErrMsg();
      aclDestroyScalar(beta);
      const std::vector<uint8_t> out = dout.Download();
      ExpectNotTrivial(out, 0x5a);
      for (int64_t i = 0; i < n; ++i) {
        ExpectSwishClose(dt, Load(dt, &out[i * item]), Load(dt, &g[i * item]),
                         Load(dt, &x[i * item]), betaValue, i);
      }
    }
  }
}

// A transposed self, a stride-0 gradOutput, an offset, and a strided output whose gaps must
// keep their sentinel.
TEST_P(SwishDtypeTest, StridedViewsMatchReference) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  const int64_t rows = 37, cols = 53;
  const size_t item = ItemSize(dt);
  Rng rng(7);
  SCOPED_TRACE("seed 7");
  // self: storage (cols, rows) read transposed, starting at element offset 3.
  const int64_t offset = 3;
  std::vector<uint8_t> x((rows * cols + offset) * item), g(cols * item);
  for (size_t i = 0; i < x.size() / item; ++i) Store(dt, rng.Uniform(-8, 8), &x[i * item]);
  for (int64_t i = 0; i < cols; ++i) Store(dt, rng.Uniform(-5, 5), &g[i * item]);
  DeviceBuffer dx(x.size()), dg(g.size()), dout(rows * cols * 2 * item);
  dx.Upload(x.data(), x.size());
  dg.Upload(g.data(), g.size());
  std::vector<uint8_t> sentinel(dout.bytes(), 0x5a);
  dout.Upload(sentinel.data(), sentinel.size());
  const std::vector<int64_t> shape = {rows, cols};
  const std::vector<int64_t> xStrides = {1, rows};      // transposed
  const std::vector<int64_t> gStrides = {0, 1};         // one row broadcast by a zero stride
  const std::vector<int64_t> oStrides = {2 * cols, 2};  // every other element
  Tensor tx(shape, dt, dx.data(), &xStrides, offset);
  Tensor tg(shape, dt, dg.data(), &gStrides);
  Tensor to(shape, dt, dout.data(), &oStrides);
  ASSERT_EQ(RunSwish(tg, tx, nullptr, to), ACLNN_SUCCESS) << TakeErrMsg();
  const std::vector<uint8_t> out = dout.Download();
  ExpectNotTrivial(out, 0x5a);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const float gv = Load(dt, &g[c * item]);
      const float xv = Load(dt, &x[(offset + r + c * rows) * item]);
      const int64_t o = r * 2 * cols + 2 * c;
      ExpectSwishClose(dt, Load(dt, &out[o * item]), gv, xv, 1.0f, o);
      for (size_t b = 0; b < item; ++b) ASSERT_EQ(out[(o + 1) * item + b], 0x5a) << "gap written";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, SwishDtypeTest,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16));

TEST(SwishBackward, SampleValues) {
  const std::vector<float> g = {1, 1, 1, 1, 1, 1}, x = {1, 2, 3, 4, 5, 6};
  DeviceBuffer dg(24), dx(24), dout(24);
  dg.Upload(g.data(), 24);
  dx.Upload(x.data(), 24);
  const std::vector<int64_t> shape = {2, 3};
  Tensor tg(shape, ACL_FLOAT, dg.data()), tx(shape, ACL_FLOAT, dx.data()),
      to(shape, ACL_FLOAT, dout.data());
  float betaValue = 1.1f;
  aclScalar* beta = aclCreateScalar(&betaValue, ACL_FLOAT);
  ASSERT_EQ(RunSwish(tg, tx, beta, to), ACLNN_SUCCESS);
  aclDestroyScalar(beta);
  const std::vector<uint8_t> bytes = dout.Download();
  const double expected[] = {0.956367, 1.097810, 1.077638, 1.040590, 1.018224, 1.007596};
  for (int i = 0; i < 6; ++i) {
    float v;
    std::memcpy(&v, &bytes[4 * i], 4);
    EXPECT_NEAR(v, expected[i], 1.5e-6) << i;
  }
}

TEST(SwishBackward, ZeroDimTensor) {
  const float g = 2.0f, x = -0.75f;
  DeviceBuffer dg(4), dx(4), dout(4);
  dg.Upload(&g, 4);
  dx.Upload(&x, 4);
  const std::vector<int64_t> shape = {};
  Tensor tg(shape, ACL_FLOAT, dg.data()), tx(shape, ACL_FLOAT, dx.data()),
      to(shape, ACL_FLOAT, dout.data());
  ASSERT_EQ(RunSwish(tg, tx, nullptr, to), ACLNN_SUCCESS);
  float out;
  std::memcpy(&out, dout.Download().data(), 4);
  ExpectSwishClose(ACL_FLOAT, out, g, x, 1.0f, 0);
}

TEST(SwishBackward, EmptyTensorNeedsNoWorkAndWritesNothing) {
  DeviceBuffer d(64);
  std::vector<uint8_t> sentinel(64, 0x5a);
  d.Upload(sentinel.data(), 64);
  const std::vector<int64_t> shape = {3, 0, 2};
  Tensor tg(shape, ACL_FLOAT, d.data()), tx(shape, ACL_FLOAT, d.data()),
      to(shape, ACL_FLOAT, d.data());
  Phase1 p = RunPhase1(tg, tx, nullptr, to);
  ASSERT_EQ(p.status, ACLNN_SUCCESS);
  EXPECT_EQ(p.workspaceSize, 0u);
  ASSERT_NE(p.executor, nullptr);
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, p.executor, AclEnvironment::Stream()), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(AclEnvironment::Stream()), ACL_SUCCESS);
  EXPECT_EQ(d.Download(), sentinel);
}

// Every real beta dtype is accepted and converted to float as the spec says.
TEST(SwishBackward, BetaFromEveryRealDtype) {
  struct Case {
    aclDataType dtype;
    std::vector<uint8_t> bytes;
    double beta;
  };
  auto bytesOf = [](auto v) {
    std::vector<uint8_t> b(sizeof(v));
    std::memcpy(b.data(), &v, sizeof(v));
    return b;
  };
  const std::vector<Case> cases = {
      {ACL_BOOL, {1}, 1.0},
      {ACL_BOOL, {0}, 0.0},
      {ACL_INT8, bytesOf(int8_t{-2}), -2.0},
      {ACL_UINT8, bytesOf(uint8_t{3}), 3.0},
      {ACL_INT16, bytesOf(int16_t{2}), 2.0},
      {ACL_UINT16, bytesOf(uint16_t{2}), 2.0},
      {ACL_INT32, bytesOf(int32_t{2}), 2.0},
      {ACL_UINT32, bytesOf(uint32_t{2}), 2.0},
      {ACL_INT64, bytesOf(int64_t{-1}), -1.0},
      {ACL_UINT64, bytesOf(uint64_t{2}), 2.0},
      {ACL_FLOAT16, bytesOf(uint16_t{0x3e00}), 1.5},
      {ACL_BF16, bytesOf(uint16_t{0x3fc0}), 1.5},
      {ACL_FLOAT, bytesOf(0.5f), 0.5},
      {ACL_DOUBLE, bytesOf(0.25), 0.25},
  };
  const std::vector<float> g = {1.0f, -2.0f, 0.5f}, x = {0.3f, -1.7f, 2.5f};
  DeviceBuffer dg(12), dx(12), dout(12);
  dg.Upload(g.data(), 12);
  dx.Upload(x.data(), 12);
  const std::vector<int64_t> shape = {3};
  Tensor tg(shape, ACL_FLOAT, dg.data()), tx(shape, ACL_FLOAT, dx.data()),
      to(shape, ACL_FLOAT, dout.data());
  for (const Case& c : cases) {
    SCOPED_TRACE("beta dtype " + std::to_string(c.dtype));
    std::vector<uint8_t> value = c.bytes;
    value.resize(16, 0);
    aclScalar* beta = aclCreateScalar(value.data(), c.dtype);
    ASSERT_NE(beta, nullptr);
    ASSERT_EQ(RunSwish(tg, tx, beta, to), ACLNN_SUCCESS) << TakeErrMsg();
    aclDestroyScalar(beta);
    const std::vector<uint8_t> bytes = dout.Download();
    for (int i = 0; i < 3; ++i) {
      float v;
      std::memcpy(&v, &bytes[4 * i], 4);
      ExpectSwishClose(ACL_FLOAT, v, g[i], x[i], static_cast<float>(c.beta), i);
    }
  }
}

TEST(SwishBackward, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> g = {1, 1, nan, 1, 2, 1}, x = {inf, -inf, 1, nan, -100, -0.0f};
  DeviceBuffer dg(24), dx(24), dout(24);
  dg.Upload(g.data(), 24);
  dx.Upload(x.data(), 24);
  const std::vector<int64_t> shape = {6};
  Tensor tg(shape, ACL_FLOAT, dg.data()), tx(shape, ACL_FLOAT, dx.data()),
      to(shape, ACL_FLOAT, dout.data());
  ASSERT_EQ(RunSwish(tg, tx, nullptr, to), ACLNN_SUCCESS);
  std::vector<float> out(6);
  std::memcpy(out.data(), dout.Download().data(), 24);
  EXPECT_TRUE(std::isnan(out[0])) << out[0];  // inf * (1 - 1) → NaN
  EXPECT_TRUE(std::isnan(out[1])) << out[1];  // σ = 0, v = −inf → 0 · −inf
  EXPECT_TRUE(std::isnan(out[2]));
  EXPECT_TRUE(std::isnan(out[3]));
  EXPECT_EQ(out[4], 0.0f);  // exp overflow → σ = 0
  EXPECT_EQ(out[5], 0.5f);  // σ(0) = 0.5
}

}  // namespace
