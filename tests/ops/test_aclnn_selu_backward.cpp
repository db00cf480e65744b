// aclnnSeluBackward through the public API: results per dtype and per kernel generation of the
// emulated chip (ACLNN_CPU_SOC) against an independent emulation, plus layouts and edge cases.
#include <cmath>
#include <limits>

#include "aclnnop/aclnn_selu_backward.h"
#include "op_test_util.h"

using namespace optest;

namespace {

constexpr double kLambda = 1.0507009873554804934193349852946;
constexpr double kLambdaAlpha = 1.7580993408473768599402175208123;

// fp32 reference: each operation rounded to float (volatile stops any contraction).
float SeluF32(float g, float y, bool legacy) {
  const bool negative = legacy ? y < 0 : y <= 0;
  volatile float t = negative ? y + static_cast<float>(kLambdaAlpha) : static_cast<float>(kLambda);
  volatile float out = g * t;
  if (negative) return out;
  return g * static_cast<float>(kLambda);
}

// Legacy fp16 arithmetic: constants and every intermediate rounded to fp16.
float RoundHalf(double v) { return HalfToFloat(FloatToHalfRne(static_cast<float>(v))); }
float SeluF16Legacy(float g, float y) {
  const float la = RoundHalf(kLambdaAlpha), l = RoundHalf(kLambda);
  if (y < 0) return RoundHalf(static_cast<double>(g) * RoundHalf(static_cast<double>(y) + la));
  return RoundHalf(static_cast<double>(g) * l);
}

int64_t TruncSat(double v, int64_t lo, int64_t hi) {
  if (std::isnan(v)) return 0;
  const double t = std::trunc(v);
  return t < lo ? lo : t > hi ? hi : static_cast<int64_t>(t);
}
int64_t NearestEvenSat(double v, int64_t lo, int64_t hi) {
  if (std::isnan(v)) return 0;
  const double t = std::nearbyint(v);
  return t < lo ? lo : t > hi ? hi : static_cast<int64_t>(t);
}

// Integer paths of both generations.
int64_t SeluInt(int64_t g, int64_t y, bool int8, bool legacy) {
  const int64_t lo = int8 ? -128 : std::numeric_limits<int32_t>::min();
  const int64_t hi = int8 ? 127 : std::numeric_limits<int32_t>::max();
  if (legacy && int8)
    return TruncSat(SeluF16Legacy(static_cast<float>(g), static_cast<float>(y)), lo, hi);
  if (legacy) return TruncSat(SeluF32(static_cast<float>(g), static_cast<float>(y), true), lo, hi);
  const float gh = HalfToFloat(FloatToHalfSat(static_cast<float>(g)));
  const float yh = HalfToFloat(FloatToHalfSat(static_cast<float>(y)));
  const float r = SeluF32(gh, yh, false);
  return NearestEvenSat(HalfToFloat(FloatToHalfSat(r)), lo, hi);
}

struct Phase1 {
  aclnnStatus status;
  uint64_t ws;
  aclOpExecutor* exec;
};

aclnnStatus RunSelu(const Tensor& go, const Tensor& y, const Tensor& gi) {
  Phase1 p{0, 99, nullptr};
  p.status = aclnnSeluBackwardGetWorkspaceSize(go.get(), y.get(), gi.get(), &p.ws, &p.exec);
  if (p.status != ACLNN_SUCCESS) return p.status;
  EXPECT_EQ(p.ws, 0u);
  const aclnnStatus st = aclnnSeluBackward(nullptr, 0, p.exec, AclEnvironment::Stream());
  if (st != ACLNN_SUCCESS) return st;
  return aclrtSynchronizeStream(AclEnvironment::Stream());
}

size_t ItemSize(aclDataType dt) {
  return dt == ACL_FLOAT || dt == ACL_INT32 ? 4 : dt == ACL_INT8 ? 1 : 2;
}

// Random operands of dtype `dt`, in the vendor's ranges, with exact zeros and −0 mixed in.
void Fill(aclDataType dt, Rng& rng, std::vector<uint8_t>& g, std::vector<uint8_t>& y, int64_t n) {
  const size_t item = ItemSize(dt);
  g.assign(n * item, 0);
  y.assign(n * item, 0);
  for (int64_t i = 0; i < n; ++i) {
    const int pick = rng.Int(0, 9);
    if (dt == ACL_INT8 || dt == ACL_INT32) {
      const int64_t gv = dt == ACL_INT8 ? rng.Int(-100, 100) : rng.Int(-3000000, 3000000);
      const int64_t yv = pick == 0 ? 0 : rng.Int(-2, 4);
      if (dt == ACL_INT8) {
        g[i] = static_cast<uint8_t>(static_cast<int8_t>(gv));
        y[i] = static_cast<uint8_t>(static_cast<int8_t>(yv));
      } else {
        const auto g32 = static_cast<int32_t>(gv), y32 = static_cast<int32_t>(yv);
        std::memcpy(&g[i * 4], &g32, 4);
        std::memcpy(&y[i * 4], &y32, 4);
      }
      continue;
    }
    const float gv = rng.Uniform(-8, 8);
    const float yv = pick == 0 ? 0.0f : pick == 1 ? -0.0f : rng.Uniform(-1.7580993f, 4.0f);
    if (dt == ACL_FLOAT) {
      std::memcpy(&g[i * 4], &gv, 4);
      std::memcpy(&y[i * 4], &yv, 4);
    } else {
      const uint16_t gh = dt == ACL_FLOAT16 ? FloatToHalfRne(gv) : FloatToBf16Rne(gv);
      const uint16_t yh = dt == ACL_FLOAT16 ? FloatToHalfRne(yv) : FloatToBf16Rne(yv);
      std::memcpy(&g[i * 2], &gh, 2);
      std::memcpy(&y[i * 2], &yh, 2);
    }
  }
}

// Checks output element i (bit-exact for fp32, legacy fp16 and ints; ≤ 1 ulp otherwise).
void Check(aclDataType dt, const uint8_t* g, const uint8_t* y, const uint8_t* out, int64_t i) {
  const bool legacy = ChipIsLegacy();
  if (dt == ACL_INT8) {
    const auto gv = static_cast<int8_t>(g[i]), yv = static_cast<int8_t>(y[i]);
    ASSERT_EQ(static_cast<int8_t>(out[i]), SeluInt(gv, yv, true, legacy))
        << "i=" << i << " g=" << int(gv) << " y=" << int(yv);
  } else if (dt == ACL_INT32) {
    int32_t gv, yv, ov;
    std::memcpy(&gv, g + 4 * i, 4);
    std::memcpy(&yv, y + 4 * i, 4);
    std::memcpy(&ov, out + 4 * i, 4);
    ASSERT_EQ(ov, SeluInt(gv, yv, false, legacy)) << "i=" << i << " g=" << gv << " y=" << yv;
  } else if (dt == ACL_FLOAT) {
    float gv, yv, ov;
    std::memcpy(&gv, g + 4 * i, 4);
    std::memcpy(&yv, y + 4 * i, 4);
    std::memcpy(&ov, out + 4 * i, 4);
    const float want = SeluF32(gv, yv, legacy);
    ASSERT_EQ(std::memcmp(&ov, &want, 4), 0)
        << "i=" << i << " g=" << gv << " y=" << yv << " got " << ov << " want " << want;
  } else {
    uint16_t gh, yh, oh;
    std::memcpy(&gh, g + 2 * i, 2);
    std::memcpy(&yh, y + 2 * i, 2);
    std::memcpy(&oh, out + 2 * i, 2);
    const bool f16 = dt == ACL_FLOAT16;
    const float gv = f16 ? HalfToFloat(gh) : Bf16ToFloat(gh);
    const float yv = f16 ? HalfToFloat(yh) : Bf16ToFloat(yh);
    const float ov = f16 ? HalfToFloat(oh) : Bf16ToFloat(oh);
    if (f16 && legacy) {
      ASSERT_EQ(ov, SeluF16Legacy(gv, yv)) << "i=" << i << " g=" << gv << " y=" << yv;
    } else {
      const bool negative = legacy ? yv < 0 : yv <= 0;
      const double ref = negative ? static_cast<double>(gv) * (yv + kLambdaAlpha) : gv * kLambda;
      ASSERT_LE(UlpsApart(ov, ref, f16 ? 10 : 7, f16 ? -14 : -126), 1.0)
          << "i=" << i << " g=" << gv << " y=" << yv << " out=" << ov << " ref=" << ref;
    }
  }
}

class SeluDtypeTest : public ::testing::TestWithParam<aclDataType> {};

TEST_P(SeluDtypeTest, ContiguousMatchesEmulation) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  for (int64_t n : {1, 5, 999, 50000}) {
    const auto seed = static_cast<uint32_t>(1000 + n);
    SCOPED_TRACE("seed " + std::to_string(seed));
    Rng rng(seed);
    std::vector<uint8_t> g, y;
    Fill(dt, rng, g, y, n);
    DeviceBuffer dg(g.size()), dy(y.size()), dout(g.size());
    dg.Upload(g.data(), g.size());
    dy.Upload(y.data(), y.size());
    std::vector<uint8_t> sentinel(g.size(), 0x5a);
    dout.Upload(sentinel.data(), sentinel.size());
    const std::vector<int64_t> shape = {n};
    Tensor tg(shape, dt, dg.data()), ty(shape, dt, dy.data()), to(shape, dt, dout.data());
    ASSERT_EQ(RunSelu(tg, ty, to), ACLNN_SUCCESS) << TakeErrMsg();
    const std::vector<uint8_t> out = dout.Download();
    if (n > 100) ExpectNotTrivial(out, 0x5a);
    for (int64_t i = 0; i < n; ++i) Check(dt, g.data(), y.data(), out.data(), i);
  }
}

// Transposed gradOutput with an offset, stride-0 result, and a strided output.
TEST_P(SeluDtypeTest, StridedViewsMatchEmulation) {
  const aclDataType dt = GetParam();
  if (dt == ACL_BF16 && !ChipHasBf16()) GTEST_SKIP() << "chip has no BF16";
  const int64_t rows = 29, cols = 41, offset = 5;
  const size_t item = ItemSize(dt);
  Rng rng(11);
  SCOPED_TRACE("seed 11");
  std::vector<uint8_t> g, y;
  Fill(dt, rng, g, y, rows * cols + offset);
  DeviceBuffer dg(g.size()), dy(cols * item), dout(rows * cols * 3 * item);
  dg.Upload(g.data(), g.size());
  dy.Upload(y.data(), cols * item);
  std::vector<uint8_t> sentinel(dout.bytes(), 0x5a);
  dout.Upload(sentinel.data(), sentinel.size());
  const std::vector<int64_t> shape = {rows, cols};
  const std::vector<int64_t> gStrides = {1, rows}, yStrides = {0, 1}, oStrides = {3 * cols, 3};
  Tensor tg(shape, dt, dg.data(), &gStrides, offset), ty(shape, dt, dy.data(), &yStrides),
      to(shape, dt, dout.data(), &oStrides);
  ASSERT_EQ(RunSelu(tg, ty, to), ACLNN_SUCCESS) << TakeErrMsg();
  const std::vector<uint8_t> out = dout.Download();
  // Re-pack operands densely so Check can index them with the output's index.
  std::vector<uint8_t> gd(rows * cols * item), yd(rows * cols * item), od(rows * cols * item);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t i = r * cols + c;
      std::memcpy(&gd[i * item], &g[(offset + r + c * rows) * item], item);
      std::memcpy(&yd[i * item], &y[c * item], item);
      std::memcpy(&od[i * item], &out[(r * 3 * cols + 3 * c) * item], item);
      for (size_t b = 0; b < 2 * item; ++b) {
        ASSERT_EQ(out[(r * 3 * cols + 3 * c) * item + item + b], 0x5a) << "gap written";
      }
    }
  }
  for (int64_t i = 0; i < rows * cols; ++i) Check(dt, gd.data(), yd.data(), od.data(), i);
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, SeluDtypeTest,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8));

TEST(SeluBackward, DocumentedValues) {
  const std::vector<float> g = {1, 1, 1, 1}, y = {-2, -1, -0.5f, 0};
  DeviceBuffer dg(16), dy(16), dout(16);
  dg.Upload(g.data(), 16);
  dy.Upload(y.data(), 16);
  const std::vector<int64_t> shape = {4};
  Tensor tg(shape, ACL_FLOAT, dg.data()), ty(shape, ACL_FLOAT, dy.data()),
      to(shape, ACL_FLOAT, dout.data());
  ASSERT_EQ(RunSelu(tg, ty, to), ACLNN_SUCCESS);
  std::vector<float> out(4);
  std::memcpy(out.data(), dout.Download().data(), 16);
  EXPECT_NEAR(out[0], -0.241901, 1e-6);
  EXPECT_NEAR(out[1], 0.758099, 1e-6);
  EXPECT_NEAR(out[2], 1.258099, 1e-6);
  EXPECT_NEAR(out[3], ChipIsLegacy() ? 1.050701 : 1.758099, 1e-6);  // the y == 0 rule
}

TEST(SeluBackward, NineDimsAndZeroDimAreAccepted) {
  for (const std::vector<int64_t>& shape :
       {std::vector<int64_t>(9, 1), std::vector<int64_t>{2, 1, 1, 1, 1, 1, 1, 1, 1, 3},
        std::vector<int64_t>{}}) {
    const int64_t n = NumElements(shape);
    std::vector<float> g(n, 2.0f), y(n, -1.0f);
    DeviceBuffer dg(4 * n), dy(4 * n), dout(4 * n);
    dg.Upload(g.data(), 4 * n);
    dy.Upload(y.data(), 4 * n);
    Tensor tg(shape, ACL_FLOAT, dg.data()), ty(shape, ACL_FLOAT, dy.data()),
        to(shape, ACL_FLOAT, dout.data());
    ASSERT_EQ(RunSelu(tg, ty, to), ACLNN_SUCCESS) << TakeErrMsg();
    std::vector<float> out(n);
    std::memcpy(out.data(), dout.Download().data(), 4 * n);
    for (float v : out) EXPECT_EQ(v, SeluF32(2.0f, -1.0f, ChipIsLegacy()));
  }
}

TEST(SeluBackward, EmptyTensorsSucceedWithoutWork) {
  DeviceBuffer d(64);
  std::vector<uint8_t> sentinel(64, 0x5a);
  d.Upload(sentinel.data(), 64);
  const std::vector<int64_t> shape = {0, 4};
  Tensor tg(shape, ACL_FLOAT, d.data()), ty(shape, ACL_FLOAT, d.data()),
      to(shape, ACL_FLOAT, d.data());
  ASSERT_EQ(RunSelu(tg, ty, to), ACLNN_SUCCESS);
  EXPECT_EQ(d.Download(), sentinel);
}

TEST(SeluBackward, InPlaceAliasing) {
  const std::vector<float> g = {1, 2, 3, 4}, y = {-1, 0, 1, -0.25f};
  DeviceBuffer dg(16), dy(16);
  dg.Upload(g.data(), 16);
  dy.Upload(y.data(), 16);
  const std::vector<int64_t> shape = {4};
  Tensor tg(shape, ACL_FLOAT, dg.data()), ty(shape, ACL_FLOAT, dy.data());
  ASSERT_EQ(RunSelu(tg, ty, tg), ACLNN_SUCCESS);  // gradInput written over gradOutput
  std::vector<float> out(4);
  std::memcpy(out.data(), dg.Download().data(), 16);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], SeluF32(g[i], y[i], ChipIsLegacy()));
}

}  // namespace
