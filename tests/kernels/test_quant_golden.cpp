// Golden mode of the quantizing kernels (GeluQuant, SwigluGroupQuant): every code against a
// long-double reference written here (exact gelu forms, SwiGLU, the scales of
// spec/activations/structured.md computed exactly) and the nearest code found by searching the
// decoded values of all 256 codes, not by the encoders. A code may differ from the reference only
// where the exact value is a hair from the midpoint of two codes (counted, at most 2 per case);
// the scale outputs are the exact scales rounded once to fp32 (or the exact power of two).
#include <gtest/gtest.h>

#include <cmath>
#include <ostream>
#include <random>
#include <vector>

#include "quant/gelu_quant.h"
#include "quant/lowp.h"
#include "quant/swiglu_group_quant.h"

namespace {

using namespace aclcpu::kernels;
using namespace aclcpu::kernels::quant;
using LD = long double;

const LD kPi = 3.14159265358979323846264338327950288L;
LD GeluT(LD x) {
  return 0.5L * x * (1.0L + std::tanh(std::sqrt(2.0L / kPi) * (x + 0.044715L * x * x * x)));
}
LD GeluE(LD x) { return 0.5L * x * std::erfc(-x / std::sqrt(2.0L)); }
LD Sig(LD x) { return 1.0L / (1.0L + std::exp(-x)); }

LD MaxOf(Target t) {
  switch (t) {
    case Target::kInt8:
      return 127;
    case Target::kFloat8E4M3FN:
      return 448;
    case Target::kFloat8E5M2:
      return 57344;
    case Target::kHiFloat8:
      return 32768;
  }
  return 1;
}

// The finite value of a code (false for NaN / inf codes).
bool CodeValue(Target t, int code, LD* v) {
  if (t == Target::kInt8) {
    *v = static_cast<int8_t>(code);
    return true;
  }
  const Format f = t == Target::kFloat8E4M3FN ? Format::kFloat8E4M3FN
                   : t == Target::kFloat8E5M2 ? Format::kFloat8E5M2
                                              : Format::kHiFloat8;
  const float d = Decode(f, static_cast<uint8_t>(code));
  *v = d;
  return std::isfinite(d);
}

// Whether `code` is a nearest code of the exact value (saturating: beyond the range, the largest
// value of the sign), and whether the value is close to a midpoint (the double evaluation may
// then fall on either side).
struct Verdict {
  bool nearest;
  bool nearTie;
};
Verdict Judge(Target t, int code, LD exact) {
  const LD m = MaxOf(t);
  const LD target = std::min(std::max(exact, t == Target::kInt8 ? -128 : -m), m);
  LD best = INFINITY, second = INFINITY;
  for (int c = 0; c < 256; ++c) {
    LD v;
    if (!CodeValue(t, c, &v)) continue;
    const LD d = std::fabs(v - target);
    if (d < best) {
      second = best;
      best = d;
    } else if (d > best && d < second) {
      second = d;
    }
  }
  LD got;
  const bool finite = CodeValue(t, code, &got);
  const bool nearest = finite && std::fabs(got - target) == best;
  const LD gap = second - best;  // 0 at an exact midpoint
  return {nearest, gap <= 1e-12L * std::max<LD>(1, std::fabs(target))};
}

struct Counter {
  int mismatches = 0;
  int nearTies = 0;
  void Add(Target t, uint8_t code, LD exact, const char* what, int64_t i) {
    const Verdict v = Judge(t, code, exact);
    if (v.nearest) return;
    if (v.nearTie) {
      ++nearTies;
      return;
    }
    ++mismatches;
    ADD_FAILURE() << what << "[" << i << "]: code " << int(code) << " for exact "
                  << static_cast<double>(exact);
  }
};

struct GeluCase {
  Target target;
  bool tanhForm;
  bool dynamic;
  bool withScale;
};

// GoogleTest would otherwise print the parameters' bytes, padding included (valgrind flags it).
void PrintTo(const GeluCase& c, std::ostream* os) {
  *os << "target " << static_cast<int>(c.target) << (c.tanhForm ? " tanh" : " erf")
      << (c.dynamic ? " dynamic" : " static") << (c.withScale ? " scaled" : "");
}

class GeluQuantGolden : public ::testing::TestWithParam<GeluCase> {};

TEST_P(GeluQuantGolden, CodesAreNearestToTheExactValue) {
  const GeluCase c = GetParam();
  const int64_t rows = 5, cols = 300;  // more columns than one 256-column chunk
  std::mt19937 gen(3 + static_cast<int>(c.target));
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f), sdist(0.5f, 30.0f);
  std::vector<float> x(rows * cols), scale(cols), offset(cols), outScale(rows, -1.0f);
  for (float& v : x) v = dist(gen);
  x[0] = -9.0f;  // the negative tail: 1 + erf cancels in fp32
  x[1] = 0.0f;
  for (float& v : scale) v = sdist(gen);
  for (float& v : offset) v = dist(gen);
  std::vector<uint8_t> y(rows * cols, 0xEE);
  GeluQuantProblem p;
  p.ndim = 2;
  p.shape[0] = rows;
  p.shape[1] = cols;
  p.x = x.data();
  p.xStrides[0] = cols;
  p.xStrides[1] = 1;
  p.xDtype = DType::F32;
  p.y = y.data();
  p.yStrides[0] = cols;
  p.yStrides[1] = 1;
  if (c.withScale) p.scale = {scale.data(), 1, cols, DType::F32};
  if (!c.dynamic) p.offset = {offset.data(), 1, cols, DType::F32};
  p.dynamic = c.dynamic;
  if (c.dynamic) {
    p.outScale = outScale.data();
    p.outScaleStrides[0] = 1;
  }
  p.tanh = c.tanhForm;
  p.target = c.target;
  p.golden = true;
  RunGeluQuant(p, nullptr);
  Counter count;
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<LD> g(cols);
    LD amax = 0;
    for (int64_t j = 0; j < cols; ++j) {
      const LD xv = x[r * cols + j];
      g[j] = (c.tanhForm ? GeluT(xv) : GeluE(xv)) * (c.withScale ? LD(scale[j]) : 1.0L);
      amax = std::max(amax, std::fabs(g[j]));
    }
    const LD s = amax / MaxOf(c.target);
    if (c.dynamic) {
      // Rounded once from double: within half an fp32 ulp of the exact scale, and an fp32 value.
      EXPECT_LE(std::fabs(outScale[r] - s), std::ldexp(s, -24) * 1.0001L) << "row " << r;
    }
    for (int64_t j = 0; j < cols; ++j) {
      const LD exact = c.dynamic ? g[j] / s : g[j] + offset[j];
      count.Add(c.target, y[r * cols + j], exact, "y", r * cols + j);
    }
  }
  EXPECT_LE(count.nearTies, 2);
}

INSTANTIATE_TEST_SUITE_P(Quant, GeluQuantGolden,
                         ::testing::Values(GeluCase{Target::kInt8, false, false, true},
                                           GeluCase{Target::kInt8, true, true, true},
                                           GeluCase{Target::kFloat8E4M3FN, false, true, false},
                                           GeluCase{Target::kFloat8E4M3FN, true, false, true},
                                           GeluCase{Target::kFloat8E5M2, false, false, true},
                                           GeluCase{Target::kFloat8E5M2, true, true, true},
                                           GeluCase{Target::kHiFloat8, false, true, true},
                                           GeluCase{Target::kHiFloat8, true, false, true}));

View Make(const void* data, std::vector<int64_t> shape) {
  View v;
  v.data = data;
  v.ndim = static_cast<int>(shape.size());
  int64_t stride = 1;
  for (int d = v.ndim - 1; d >= 0; --d) {
    v.shape[d] = shape[static_cast<size_t>(d)];
    v.strides[d] = stride;
    stride *= v.shape[d];
  }
  return v;
}

struct SwigluCase {
  SwigluQuantMode mode;
  Target target;
  bool roundScale;
  double clamp;
  bool grouped;
};

void PrintTo(const SwigluCase& c, std::ostream* os) {
  *os << "mode " << static_cast<int>(c.mode) << " target " << static_cast<int>(c.target)
      << (c.roundScale ? " roundScale" : "") << " clamp " << c.clamp
      << (c.grouped ? " grouped" : "");
}

class SwigluGroupQuantGolden : public ::testing::TestWithParam<SwigluCase> {};

TEST_P(SwigluGroupQuantGolden, CodesAndScalesAreExact) {
  const SwigluCase c = GetParam();
  const int64_t rows = 6, h = 256;
  const bool block = c.mode == SwigluQuantMode::kBlockFp8 || c.mode == SwigluQuantMode::kMxFp8;
  const int64_t len = c.mode == SwigluQuantMode::kMxFp8 ? kMxBlockLen : kFp8BlockLen;
  const int64_t blocks = h / len;
  std::mt19937 gen(11 + static_cast<int>(c.mode));
  std::uniform_real_distribution<float> dist(-5.0f, 5.0f), wdist(0.25f, 3.0f);
  std::vector<float> x(rows * 2 * h), w(rows), scale = {0.7f, 3.0f};
  for (float& v : x) v = dist(gen);
  for (float& v : w) v = wdist(gen);
  const std::vector<int64_t> groups = {2, 4};  // rows [0, 2) and [2, 6)
  std::vector<uint8_t> y(rows * h, 0xEE);
  std::vector<float> yScale(block ? rows * blocks : 2, -1.0f), yOrigin(rows * h, -1.0f);
  std::vector<uint8_t> yScaleE8(rows * blocks, 0xEE);
  SwigluGroupQuantProblem p;
  p.rows = rows;
  p.h = h;
  p.dtype = DType::F32;
  p.x = Make(x.data(), {rows, 2 * h});
  p.weight = Make(w.data(), {rows});
  if (c.grouped) {
    p.groupIndex = groups.data();
    p.groupCount = 2;
  }
  p.scale = Make(scale.data(), {2});
  p.scaleCount = c.grouped ? 2 : 1;
  p.y = Make(y.data(), {rows, h});
  const bool mx = c.mode == SwigluQuantMode::kMxFp8;
  p.yScale = mx ? Make(yScaleE8.data(), {rows, blocks / 2, 2})
                : Make(yScale.data(), {block ? rows * blocks : (c.grouped ? 2 : 1)});
  if (!block) p.yOrigin = Make(yOrigin.data(), {rows, h});
  p.mode = c.mode;
  p.target = c.target;
  p.roundScale = c.roundScale;
  p.clamp = static_cast<float>(c.clamp);
  p.clampExact = c.clamp;
  p.dstTypeMax = 15.0f;
  p.dstTypeMaxExact = 15.0;
  p.golden = true;
  RunSwigluGroupQuant(p, nullptr);

  // The reference: origin and weighted values in long double.
  const LD lim = c.clamp > 0 ? c.clamp : INFINITY;
  std::vector<LD> o(rows * h), v(rows * h);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < h; ++j) {
      const LD a = std::min<LD>(x[r * 2 * h + j], lim);
      const LD b = std::min(std::max<LD>(x[r * 2 * h + h + j], -lim), lim);
      o[r * h + j] = a * Sig(a) * b;
      v[r * h + j] = o[r * h + j] * w[r];
    }
  }
  Counter count;
  if (block) {
    const LD m = MaxOf(c.target);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t b = 0; b < blocks; ++b) {
        LD amax = 1e-4f;
        for (int64_t k = 0; k < len; ++k) amax = std::max(amax, std::fabs(v[r * h + b * len + k]));
        LD s = amax / m;
        if (mx || c.roundScale) {
          const int e = static_cast<int>(std::ceil(std::log2(s)));
          const LD pow2 = std::ldexp(1.0L, e);
          ASSERT_GE(pow2, s);
          ASSERT_LT(pow2 / 2, s);
          s = pow2;
          if (mx) {
            EXPECT_EQ(yScaleE8[r * blocks + b], e + 127) << r << "," << b;
          } else {
            EXPECT_EQ(yScale[r * blocks + b], static_cast<float>(pow2)) << r << "," << b;
          }
        } else {
          EXPECT_LE(std::fabs(yScale[r * blocks + b] - s), std::ldexp(s, -24) * 1.0001L);
        }
        for (int64_t k = 0; k < len; ++k) {
          const int64_t i = r * h + b * len + k;
          count.Add(c.target, y[i], v[i] / s, "y", i);
        }
      }
    }
  } else {
    // Group of each row, its scale or amax.
    auto groupOf = [&](int64_t r) { return c.grouped ? (r < 2 ? 0 : 1) : 0; };
    std::vector<LD> amax(2, 1e-8f);
    for (int64_t i = 0; i < rows * h; ++i) {
      LD& a = amax[static_cast<size_t>(groupOf(i / h))];
      a = std::max(a, std::fabs(v[i]));
    }
    for (int64_t g = 0; g < (c.grouped ? 2 : 1); ++g) {
      if (c.mode != SwigluQuantMode::kDynamicHif8) break;
      const LD s = amax[static_cast<size_t>(g)] / 15.0L;
      EXPECT_LE(std::fabs(yScale[g] - s), std::ldexp(s, -24) * 1.0001L) << "group " << g;
    }
    for (int64_t i = 0; i < rows * h; ++i) {
      const int64_t g = groupOf(i / h);
      const LD mul = c.mode == SwigluQuantMode::kStaticHif8
                         ? LD(scale[static_cast<size_t>(c.grouped ? g : 0)])
                         : 15.0L / amax[static_cast<size_t>(g)];
      count.Add(Target::kHiFloat8, y[i], v[i] * mul, "y", i);
      // yOrigin: the exact value rounded once to fp32.
      const float want = static_cast<float>(static_cast<double>(o[i]));
      EXPECT_LE(std::fabs(yOrigin[i] - o[i]), std::fabs(want - o[i])) << "yOrigin " << i;
    }
  }
  EXPECT_LE(count.nearTies, 2);
}

INSTANTIATE_TEST_SUITE_P(
    Quant, SwigluGroupQuantGolden,
    ::testing::Values(
        SwigluCase{SwigluQuantMode::kBlockFp8, Target::kFloat8E4M3FN, false, -1, false},
        SwigluCase{SwigluQuantMode::kBlockFp8, Target::kFloat8E5M2, true, 3.3, false},
        SwigluCase{SwigluQuantMode::kMxFp8, Target::kFloat8E4M3FN, false, 2.5, false},
        SwigluCase{SwigluQuantMode::kStaticHif8, Target::kHiFloat8, false, -1, true},
        SwigluCase{SwigluQuantMode::kDynamicHif8, Target::kHiFloat8, false, -1, false},
        SwigluCase{SwigluQuantMode::kDynamicHif8, Target::kHiFloat8, false, 4.0, true}));

}  // namespace
