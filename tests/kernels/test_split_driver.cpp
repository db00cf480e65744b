// The split-and-gate driver (kernels/rowwise/split_*): geometry of the halves, strided operands,
// row limits, and bitwise-identical results for pools of 1, 2 and 3 threads. Values are
// checked against float64 references written here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "ref_format.h"
#include "rowwise/split_problem.h"
#include "rowwise/split_views.h"
#include "thread_pool.h"

namespace {

using namespace aclcpu::kernels;
using split::Geometry;
using split::Layout;
using split::Mode;
using split::Op;
using split::Problem;

std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * shape[i + 1];
  return s;
}

std::vector<float> Random(size_t n, uint32_t seed, float lo = -6.0f, float hi = 6.0f) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

// fp16 conversions of the reference formats (tests/kernels/ref_format.h, independent of the
// kernels' code): round to nearest even, overflow to inf.
uint16_t ToHalf(float f) { return reftest::HalfBits(reftest::R16(f)); }
float FromHalf(uint16_t h) { return static_cast<float>(reftest::HalfValue(h)); }

double SiluRef(double a) { return a / (1.0 + std::exp(-a)); }
double SigmoidRef(double a) { return 1.0 / (1.0 + std::exp(-a)); }

// A forward problem on fp32 x (given layout) into a contiguous fp32 out of the geometry's shape.
Problem ForwardProblem(Op op, const Geometry& g, const float* x, const int64_t* outStrides,
                       float* out) {
  Problem p;
  p.op = op;
  p.ndim = g.ndim;
  for (int d = 0; d < g.ndim; ++d) p.shape[d] = g.shape[d];
  p.numInputs = 2;
  p.numOutputs = 1;
  p.in[0].data = x + g.firstOffset;
  p.in[1].data = x + g.secondOffset;
  for (int d = 0; d < g.ndim; ++d) {
    p.in[0].strides[d] = g.halfStrides[d];
    p.in[1].strides[d] = g.halfStrides[d];
    p.out[0].strides[d] = outStrides[d];
  }
  p.out[0].data = out;
  p.rowDims = g.rowDims;
  return p;
}

TEST(SplitViews, ReshapeFollowsTheViewRule) {
  const int64_t shape[] = {2, 3, 4};
  const int64_t strides[] = {12, 4, 1};
  const int64_t flat[] = {24};
  int64_t out[3];
  ASSERT_TRUE(split::ReshapeStrides(3, shape, strides, 1, flat, out));
  EXPECT_EQ(out[0], 1);
  const int64_t transposed[] = {1, 2, 8};  // [2,3,4] walking dim 0 fastest: not mergeable
  EXPECT_FALSE(split::ReshapeStrides(3, shape, transposed, 1, flat, out));
  const int64_t split2[] = {6, 4};
  ASSERT_TRUE(split::ReshapeStrides(3, shape, strides, 2, split2, out));
  EXPECT_EQ(out[0], 4);
  EXPECT_EQ(out[1], 1);
}

TEST(SplitViews, InterleavedPairsEvenAndOddElements) {
  const int64_t shape[] = {2, 3, 4};
  const int64_t strides[] = {12, 4, 1};
  Geometry g;
  ASSERT_TRUE(split::MakeGeometry(Layout{3, shape, strides}, 1, Mode::kInterleaved, &g));
  ASSERT_EQ(g.ndim, 2);
  EXPECT_EQ(g.shape[1], 6);
  EXPECT_EQ(g.halfStrides[1], 2);
  EXPECT_EQ(g.secondOffset, 1);
  // Odd split length along the dim, even merged block: halves of the merged block.
  const int64_t oddShape[] = {2, 3, 2};
  const int64_t oddStrides[] = {6, 2, 1};
  ASSERT_TRUE(split::MakeGeometry(Layout{3, oddShape, oddStrides}, 1, Mode::kMergedHalves, &g));
  EXPECT_EQ(g.shape[1], 3);
  EXPECT_EQ(g.secondOffset, 3);
  EXPECT_FALSE(split::MakeGeometry(Layout{3, oddShape, oddStrides}, 1, Mode::kAlongDim, &g));
}

// SwiGlu along a middle dim of a transposed (non-contiguous) x into a strided out, large enough
// for several blocks: bitwise identical for 1, 2 and 3 threads, and close to float64.
TEST(SplitDriver, ThreadCountIndependentAndStrided) {
  const std::vector<int64_t> shape = {6, 4, 3000};  // split dim 1 -> [6, 2, 3000]
  // x stored as [3000, 6, 4] and viewed transposed: strides {4, 1, 24}.
  const std::vector<int64_t> xStrides = {4, 1, 24};
  const std::vector<float> x = Random(6 * 4 * 3000, 7);
  Geometry g;
  ASSERT_TRUE(
      split::MakeGeometry(Layout{3, shape.data(), xStrides.data()}, 1, Mode::kAlongDim, &g));
  const std::vector<int64_t> outShape = {6, 2, 3000};
  std::vector<int64_t> outStrides = Contiguous(outShape);
  for (int64_t& s : outStrides) s *= 2;  // every other element
  std::vector<std::vector<float>> results;
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    std::vector<float> out(6 * 2 * 3000 * 2, -777.0f);
    const Problem p = ForwardProblem(Op::kSwiGlu, g, x.data(), outStrides.data(), out.data());
    ASSERT_TRUE(split::Run(p, &pool));
    results.push_back(out);
  }
  EXPECT_EQ(0, std::memcmp(results[0].data(), results[1].data(), results[0].size() * 4));
  EXPECT_EQ(0, std::memcmp(results[0].data(), results[2].data(), results[0].size() * 4));
  int checked = 0;
  for (int64_t i = 0; i < 6; ++i) {
    for (int64_t j = 0; j < 2; ++j) {
      for (int64_t k = 0; k < 3000; ++k) {
        const double a = x[i * 4 + j * 1 + k * 24];
        const double b = x[i * 4 + (j + 2) * 1 + k * 24];
        const double ref = SiluRef(a) * b;
        const float got = results[0][(i * 6000 + j * 3000 + k) * 2];
        ASSERT_NEAR(got, ref, 4e-6 * (std::fabs(ref) + std::fabs(b))) << i << "," << j << "," << k;
        ASSERT_EQ(results[0][(i * 6000 + j * 3000 + k) * 2 + 1], -777.0f);  // gaps untouched
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 36000);
}

// fp16 GeGlu: gelu is rounded to fp16 before the multiply; both outputs fp16.
TEST(SplitDriver, GeGluHalfRoundsGeluBeforeTheProduct) {
  const std::vector<int64_t> shape = {3, 10};
  const std::vector<int64_t> strides = Contiguous(shape);
  std::vector<float> xf = Random(30, 3, -4.0f, 4.0f);
  std::vector<uint16_t> x(30);
  for (size_t i = 0; i < 30; ++i) {
    x[i] = ToHalf(xf[i]);
    xf[i] = FromHalf(x[i]);
  }
  Geometry g;
  ASSERT_TRUE(split::MakeGeometry(Layout{2, shape.data(), strides.data()}, 1, Mode::kAlongDim, &g));
  std::vector<uint16_t> out(15), gelu(15);
  Problem p;
  p.op = Op::kGeGluTanhHalfGelu;
  p.ndim = 2;
  p.shape[0] = 3;
  p.shape[1] = 5;
  p.numInputs = 2;
  p.numOutputs = 2;
  // GeGlu activates the second half by default.
  p.in[0] = {x.data() + g.secondOffset, {10, 1}, DType::F16};
  p.in[1] = {x.data() + g.firstOffset, {10, 1}, DType::F16};
  p.out[0] = {out.data(), {5, 1}, DType::F16};
  p.out[1] = {gelu.data(), {5, 1}, DType::F16};
  p.computeRound[0] = p.computeRound[1] = DType::F16;
  ASSERT_TRUE(split::Run(p, nullptr));
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 5; ++c) {
      const double v = xf[r * 10 + 5 + c];
      const double a = xf[r * 10 + c];
      const double geluRef =
          0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
      const float gelu16 = FromHalf(ToHalf(static_cast<float>(geluRef)));
      EXPECT_NEAR(FromHalf(gelu[r * 5 + c]), geluRef, std::fabs(geluRef) * 1e-3 + 1e-6);
      // out = fp16(a * fp16(gelu)); the exact product of two fp16 values rounds once.
      const float expect = FromHalf(ToHalf(static_cast<float>(a) * gelu16));
      const float got = FromHalf(out[r * 5 + c]);
      EXPECT_NEAR(got, expect, std::fabs(expect) * 1e-3 + 1e-7) << r << "," << c;
    }
  }
}

// Backward with a row limit: rows past it are zeroed, the others computed.
TEST(SplitDriver, RowLimitZeroesTheRestInTheBackward) {
  const int64_t rows = 5, h = 7;
  const std::vector<float> x = Random(rows * 2 * h, 11);
  const std::vector<float> dy = Random(rows * h, 12);
  for (int threads : {1, 3}) {
    ThreadPool pool(threads);
    std::vector<float> gx(rows * 2 * h, 99.0f);
    Problem p;
    p.op = Op::kSwiGluGrad;
    p.ndim = 2;
    p.shape[0] = rows;
    p.shape[1] = h;
    p.numInputs = 3;
    p.numOutputs = 2;
    p.in[0] = {dy.data(), {h, 1}, DType::F32};
    p.in[1] = {x.data(), {2 * h, 1}, DType::F32};
    p.in[2] = {x.data() + h, {2 * h, 1}, DType::F32};
    p.out[0] = {gx.data(), {2 * h, 1}, DType::F32};
    p.out[1] = {gx.data() + h, {2 * h, 1}, DType::F32};
    p.rowDims = 1;
    p.rowLimit = 3;
    p.zeroPastLimit = true;
    ASSERT_TRUE(split::Run(p, &pool));
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < h; ++c) {
        const double a = x[r * 2 * h + c], b = x[r * 2 * h + h + c], g = dy[r * h + c];
        const double s = SigmoidRef(a);
        const double ga = r < 3 ? g * s * (1 + a * (1 - s)) * b : 0.0;
        const double gb = r < 3 ? g * s * a : 0.0;
        EXPECT_NEAR(gx[r * 2 * h + c], ga, 1e-5 * (1 + std::fabs(ga)));
        EXPECT_NEAR(gx[r * 2 * h + h + c], gb, 1e-5 * (1 + std::fabs(gb)));
      }
    }
  }
}

// Double operands run in double.
TEST(SplitDriver, GluInDouble) {
  std::vector<double> x = {0.5, -1.25, 3.0, 2.0, -0.75, 40.0};  // [1, 6] split in [3] + [3]
  std::vector<double> out(3, 0.0);
  Problem p;
  p.op = Op::kGlu;
  p.ndim = 1;
  p.shape[0] = 3;
  p.numInputs = 2;
  p.numOutputs = 1;
  p.in[0] = {x.data() + 3, {1}, DType::F64};
  p.in[1] = {x.data(), {1}, DType::F64};
  p.out[0] = {out.data(), {1}, DType::F64};
  p.computeRound[0] = DType::F64;
  p.computeInDouble = true;
  ASSERT_TRUE(split::Run(p, nullptr));
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(out[i], x[i] * SigmoidRef(x[i + 3]));
}

}  // namespace
