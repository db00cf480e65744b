// Golden mode of the split-and-gate kernels (Problem::golden: computeInDouble, no rounding before
// the output's own): every formula against a long-double reference of the mathematical function
// written here from spec/activations/structured.md (exact gelu forms, attributes as given), each
// output rounded once to fp32 or fp16. The double evaluation may miss the correct rounding only
// where the exact value lies within a hair of a rounding midpoint.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "quant/swiglu_quant_grad.h"
#include "ref_format.h"
#include "rowwise/split_problem.h"

namespace {

using namespace aclcpu::kernels;
using split::Op;
using split::Params;
using split::Problem;
using LD = long double;

LD Sig(LD x) { return 1.0L / (1.0L + std::exp(-x)); }
LD Silu(LD x) { return x * Sig(x); }
const LD kK = std::sqrt(2.0L / 3.14159265358979323846264338327950288L);  // sqrt(2 / pi)
LD GeluT(LD x) { return 0.5L * x * (1.0L + std::tanh(kK * (x + 0.044715L * x * x * x))); }
LD GeluTGrad(LD x) {
  const LD t = std::tanh(kK * (x + 0.044715L * x * x * x));
  return 0.5L * (1.0L + t) + 0.5L * x * (1.0L - t * t) * kK * (1.0L + 3.0L * 0.044715L * x * x);
}
LD GeluE(LD x) { return 0.5L * x * std::erfc(-x / std::sqrt(2.0L)); }
LD GeluEGrad(LD x) {
  return 0.5L * std::erfc(-x / std::sqrt(2.0L)) +
         x * std::exp(-0.5L * x * x) / std::sqrt(2.0L * 3.14159265358979323846264338327950288L);
}
LD Clamp(LD x, LD l) { return std::min(std::max(x, -l), l); }
// 1 - tanh^2 z without cancellation (1 - sigmoid(x) is Sig(-x)).
LD Sech2(LD z) { return 1.0L / (std::cosh(z) * std::cosh(z)); }

// Attributes that float cannot hold: golden must use them as given.
Params Attrs() {
  Params p;
  p.alpha = 1.702;
  p.limit = 3.3;
  p.bias = 0.7;
  p.beta = 1.3;
  p.linearBeta = 2.2;
  return p;
}

struct Row {
  const char* name;
  Op op;
  int in, out;
  std::function<void(const LD* x, const Params& p, LD* y)> ref;
};

std::vector<Row> Rows() {
  auto geglu = [](bool erf) {
    return [erf](const LD* x, const Params&, LD* y) {
      const LD g = erf ? GeluE(x[0]) : GeluT(x[0]);
      y[0] = x[1] * g;
      y[1] = g;
    };
  };
  auto glu = [](const LD* x, const Params&, LD* y) { y[0] = x[1] * Sig(x[0]); };
  auto gluGrad = [](const LD* x, const Params&, LD* y) {  // (dy, gate b, up a)
    const LD s = Sig(x[1]);
    y[0] = x[0] * s * x[2] * Sig(-x[1]);
    y[1] = x[0] * s;
  };
  auto gegluGrad = [](bool erf) {
    return [erf](const LD* x, const Params&, LD* y) {  // (dy, gate, up, gelu)
      y[0] = (erf ? GeluEGrad(x[1]) : GeluTGrad(x[1])) * x[0] * x[2];
      y[1] = x[0] * x[3];
    };
  };
  auto situUp = [](LD up, const Params& p) {
    return p.linearBeta > 0 ? p.linearBeta * std::tanh(up / p.linearBeta) : up;
  };
  return {
      {"SwiGlu", Op::kSwiGlu, 2, 1,
       [](const LD* x, const Params&, LD* y) { y[0] = Silu(x[0]) * x[1]; }},
      {"Glu", Op::kGlu, 2, 1, glu},
      {"GluHalfSteps", Op::kGluHalfSteps, 2, 1, glu},
      {"GeGluTanh", Op::kGeGluTanh, 2, 2, geglu(false)},
      {"GeGluErf", Op::kGeGluErf, 2, 2, geglu(true)},
      {"GeGluTanhHalfGelu", Op::kGeGluTanhHalfGelu, 2, 2, geglu(false)},
      {"GeGluErfHalfGelu", Op::kGeGluErfHalfGelu, 2, 2, geglu(true)},
      {"SwiGluGrad", Op::kSwiGluGrad, 3, 2,
       [](const LD* x, const Params&, LD* y) {
         const LD s = Sig(x[1]);
         y[0] = x[0] * s * (1.0L + x[1] * Sig(-x[1])) * x[2];
         y[1] = x[0] * s * x[1];
       }},
      {"GluGrad", Op::kGluGrad, 3, 2, gluGrad},
      {"GluGradBf16Steps", Op::kGluGradBf16Steps, 3, 2, gluGrad},
      {"GeGluGradTanh", Op::kGeGluGradTanh, 4, 2, gegluGrad(false)},
      {"GeGluGradErf", Op::kGeGluGradErf, 4, 2, gegluGrad(true)},
      {"GeluMulTanh", Op::kGeluMulTanh, 2, 1,
       [](const LD* x, const Params&, LD* y) { y[0] = GeluT(x[0]) * x[1]; }},
      {"GeluMulErf", Op::kGeluMulErf, 2, 1,
       [](const LD* x, const Params&, LD* y) { y[0] = GeluE(x[0]) * x[1]; }},
      {"FatreluMul", Op::kFatreluMul, 3, 1,
       [](const LD* x, const Params&, LD* y) { y[0] = (x[0] > x[2] ? x[0] : 0.0L) * x[1]; }},
      {"SituGlu", Op::kSituGlu, 2, 1,
       [situUp](const LD* x, const Params& p, LD* y) {
         y[0] = p.beta * std::tanh(x[0] / p.beta) * Sig(x[0]) * situUp(x[1], p);
       }},
      {"ClippedSwiglu", Op::kClippedSwiglu, 2, 1,
       [](const LD* x, const Params& p, LD* y) {
         const LD a = std::min<LD>(x[0], p.limit);
         y[0] = a * Sig(p.alpha * a) * (Clamp(x[1], p.limit) + p.bias);
       }},
      {"ClippedSwigluMode1", Op::kClippedSwigluMode1, 2, 1,
       [](const LD* x, const Params& p, LD* y) {
         y[0] = std::min<LD>(Silu(x[0]), p.limit) * Clamp(x[1], p.limit);
       }},
      {"SwigluGroup", Op::kSwigluGroup, 2, 1,
       [](const LD* x, const Params& p, LD* y) {
         y[0] = Silu(std::min<LD>(x[0], p.limit)) * Clamp(x[1], p.limit);
       }},
      {"SwigluGroupWeighted", Op::kSwigluGroupWeighted, 3, 1,
       [](const LD* x, const Params& p, LD* y) {
         y[0] = Silu(std::min<LD>(x[0], p.limit)) * Clamp(x[1], p.limit) * x[2];
       }},
      {"SituGluGrad", Op::kSituGluGrad, 3, 2,
       [situUp](const LD* x, const Params& p, LD* y) {  // (dy, gate, up)
         const LD t = std::tanh(x[1] / p.beta), s = Sig(x[1]);
         y[0] = x[0] * situUp(x[2], p) * s * (Sech2(x[1] / p.beta) + p.beta * t * Sig(-x[1]));
         y[1] = x[0] * p.beta * t * s * Sech2(x[2] / p.linearBeta);
       }},
      {"ClippedSwigluGrad", Op::kClippedSwigluGrad, 3, 2,
       [](const LD* x, const Params& p, LD* y) {  // (dy, x0, x1), inclusive masks
         const LD x0 = std::min<LD>(x[1], p.limit), x1 = Clamp(x[2], p.limit);
         const LD s = Sig(p.alpha * x0);
         y[0] = x[1] <= p.limit
                    ? x[0] * (x1 + p.bias) * s * (1.0L + p.alpha * x0 * Sig(-p.alpha * x0))
                    : 0.0L;
         y[1] = -p.limit <= x[2] && x[2] <= p.limit ? x[0] * x0 * s : 0.0L;
       }},
  };
}

// Runs one row on n elements of `dt` (contiguous operands; FatreluMul's threshold is one value
// broadcast with stride 0) and checks every output against the reference rounded once.
void Check(const Row& row, DType dt, int n, uint32_t seed) {
  SCOPED_TRACE(std::string(row.name) + (dt == DType::F16 ? " fp16" : " fp32"));
  const reftest::Format& fmt = dt == DType::F16 ? reftest::kFp16 : reftest::kFp32;
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-6.0, 6.0);
  std::vector<std::vector<double>> x(row.in, std::vector<double>(n));
  for (auto& v : x) {
    for (double& e : v) e = static_cast<double>(reftest::RoundTo(dist(gen), fmt));
  }
  if (row.op == Op::kFatreluMul) std::fill(x[2].begin(), x[2].end(), 0.25);
  const double special[] = {0.0, -0.0, 30.0, -30.0, 3.3f, -3.3f, 1.0, -1.0};
  for (int i = 0; i < 8 && i < n; ++i) {
    x[0][i] = x[row.in > 2 ? 1 : 0][i] = static_cast<double>(reftest::RoundTo(special[i], fmt));
  }
  const size_t item = dt == DType::F16 ? 2 : 4;
  std::vector<std::vector<uint8_t>> in(row.in, std::vector<uint8_t>(n * item));
  std::vector<std::vector<uint8_t>> out(row.out, std::vector<uint8_t>(n * item));
  for (int k = 0; k < row.in; ++k) {
    for (int i = 0; i < n; ++i) reftest::Encode(dt, x[k][i], in[k].data() + i * item);
  }
  Problem p;
  p.op = row.op;
  p.ndim = 1;
  p.shape[0] = n;
  p.numInputs = row.in;
  p.numOutputs = row.out;
  for (int k = 0; k < row.in; ++k) {
    p.in[k].data = in[k].data();
    p.in[k].strides[0] = row.op == Op::kFatreluMul && k == 2 ? 0 : 1;
    p.in[k].dtype = dt;
  }
  for (int k = 0; k < row.out; ++k) {
    p.out[k].data = out[k].data();
    p.out[k].strides[0] = 1;
    p.out[k].dtype = dt;
    p.computeRound[k] = DType::F64;
  }
  p.params = Attrs();
  p.computeInDouble = true;
  p.golden = true;
  ASSERT_TRUE(split::Run(p, nullptr));
  int nearTies = 0;
  for (int i = 0; i < n; ++i) {
    LD xi[4], yi[2];
    for (int k = 0; k < row.in; ++k) xi[k] = x[k][i];
    row.ref(xi, p.params, yi);
    for (int k = 0; k < row.out; ++k) {
      const double got = reftest::Decode(dt, out[k].data() + i * item);
      const double want = static_cast<double>(reftest::RoundTo(yi[k], fmt));
      if (got == want || (std::isnan(got) && std::isnan(static_cast<double>(yi[k])))) continue;
      // Allowed only within 1e-6 of an ulp of a midpoint, where double cannot decide.
      const double ulp = reftest::Ulp(want, fmt);
      const bool nearTie =
          std::fabs(std::fabs(static_cast<double>(yi[k] - want)) - ulp / 2) < 1e-6 * ulp &&
          std::fabs(got - want) <= ulp;
      ++nearTies;
      EXPECT_TRUE(nearTie) << "element " << i << " output " << k << ": got " << got
                           << ", correctly rounded " << want << " (exact "
                           << static_cast<double>(yi[k]) << ")";
    }
  }
  EXPECT_LE(nearTies, 2);
}

TEST(SplitGolden, EveryFormulaIsCorrectlyRoundedFromFloat64) {
  uint32_t seed = 1;
  for (const Row& row : Rows()) {
    Check(row, DType::F32, 1000, seed);
    Check(row, DType::F16, 1000, seed + 100);
    ++seed;
  }
}

// The 16-bit outputs come from the double in one rounding. FatreluMul's gate * up with
// gate = 1 + 2^-11 + 2^-23 and up = 1 - 2^-24 is 1 + 2^-11 + 2^-24 - 2^-35 - 2^-47: just above
// the fp16 midpoint between 1 and 1 + 2^-10, but within half an fp32 ulp of it, so a float step
// would land on the midpoint and round to even (1). Rounded once it is 1 + 2^-10.
TEST(SplitGolden, SixteenBitOutputsRoundOnceFromDouble) {
  const float gate = 1.0f + 0x1p-11f + 0x1p-23f;
  const float up = 1.0f - 0x1p-24f;
  const float threshold = 0.0f;
  uint16_t out = 0;
  Problem p;
  p.op = Op::kFatreluMul;
  p.ndim = 1;
  p.shape[0] = 1;
  p.numInputs = 3;
  p.numOutputs = 1;
  p.in[0] = {&gate, {1}, DType::F32};
  p.in[1] = {&up, {1}, DType::F32};
  p.in[2] = {&threshold, {0}, DType::F32};
  p.out[0] = {&out, {1}, DType::F16};
  p.computeRound[0] = DType::F64;
  p.computeInDouble = true;
  p.golden = true;
  ASSERT_TRUE(split::Run(p, nullptr));
  EXPECT_EQ(reftest::HalfValue(out), 1.0 + 0x1p-10);
  p.golden = false;  // DOUBLE operators' npu path: through float, as the vendor's Cast chain
  ASSERT_TRUE(split::Run(p, nullptr));
  EXPECT_EQ(reftest::HalfValue(out), 1.0);
}

// SwigluGroupQuantGrad's kernel in golden mode: the same steps in double with the clamp as
// given, each gradX element rounded once (mask edges exclusive, as the vendor's kernel).
class SwigluQuantGradGolden : public ::testing::TestWithParam<double> {};

TEST_P(SwigluQuantGradGolden, IsCorrectlyRounded) {
  const int64_t rows = 4, h = 96;
  const double clamp = GetParam();  // -1: no clamp
  const LD lim = clamp > 0 ? clamp : INFINITY;
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> dist(-6.0f, 6.0f);
  std::vector<float> gy(rows * h), x(rows * 2 * h), gx(rows * 2 * h, -1.0f);
  for (float& v : gy) v = dist(gen);
  for (float& v : x) v = dist(gen);
  x[0] = 30.0f;
  x[1] = -30.0f;
  quant::SwigluQuantGradProblem p;
  p.rows = rows;
  p.h = h;
  p.dtype = DType::F32;
  auto view = [](const float* d, int64_t r, int64_t c) {
    quant::View v;
    v.data = d;
    v.ndim = 2;
    v.shape[0] = r;
    v.shape[1] = c;
    v.strides[0] = c;
    v.strides[1] = 1;
    return v;
  };
  p.gradY = view(gy.data(), rows, h);
  p.x = view(x.data(), rows, 2 * h);
  p.gradX = view(gx.data(), rows, 2 * h);
  p.clamp = static_cast<float>(clamp);
  p.clampExact = clamp;
  p.golden = true;
  quant::RunSwigluQuantGrad(p, nullptr);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < h; ++j) {
      const LD g = gy[r * h + j], x0 = x[r * 2 * h + j], x1 = x[r * 2 * h + h + j];
      const LD a = std::min<LD>(x0, lim), b = Clamp(x1, lim);
      const LD s = Sig(a);
      const LD g0 = x0 < lim ? g * b * s * (1.0L + a * Sig(-a)) : 0.0L;
      const LD g1 = -lim < x1 && x1 < lim ? g * a * s : 0.0L;
      EXPECT_EQ(gx[r * 2 * h + j], static_cast<float>(reftest::R32(g0))) << r << "," << j;
      EXPECT_EQ(gx[r * 2 * h + h + j], static_cast<float>(reftest::R32(g1))) << r << "," << j;
    }
  }
}
INSTANTIATE_TEST_SUITE_P(SplitGolden, SwigluQuantGradGolden, ::testing::Values(3.3, -1.0));

}  // namespace
