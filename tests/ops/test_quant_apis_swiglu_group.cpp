// aclnnSwigluGroupQuant through the public API on Ascend 950: each quant mode against a float64
// reference written here (the SwiGLU value, the block / group amax and scale, the codes decoded
// back), the group row limits (untouched rows in modes 0/1, zero rows in modes 2/3), yOrigin,
// strided views.
#include <map>

#include "aclnnop/aclnn_swiglu_group_quant.h"
#include "quant_test_util.h"

using namespace quanttest;

namespace {

struct QuantRun {
  int64_t mode = 0;
  aclDataType xDt = ACL_FLOAT16;
  aclDataType yDt = ACL_FLOAT8_E4M3FN;
  bool roundScale = false;
  double clamp = -1.0;
  bool weighted = false;
  std::vector<double> groups;  // empty: no group index
  bool origin = false;
  double dstMax = 15.0;
  Layout xLayout = Layout::kContiguous;
};

constexpr int64_t kA = 2, kB = 3, kRows = kA * kB;

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// The float64 SwiGLU stage of one row: origin values (before the weight) and weighted values.
void Reference(const QuantRun& c, const std::vector<double>& x, const std::vector<double>& w,
               int64_t h, int64_t r, std::vector<double>* origin, std::vector<double>* v) {
  origin->assign(static_cast<size_t>(h), 0.0);
  v->assign(static_cast<size_t>(h), 0.0);
  for (int64_t j = 0; j < h; ++j) {
    double a = x[static_cast<size_t>(r * 2 * h + j)], b = x[static_cast<size_t>(r * 2 * h + h + j)];
    if (c.clamp > 0) {
      a = std::min(a, c.clamp);
      b = std::max(std::min(b, c.clamp), -c.clamp);
    }
    (*origin)[static_cast<size_t>(j)] = a * Sig(a) * b;
    (*v)[static_cast<size_t>(j)] =
        (*origin)[static_cast<size_t>(j)] * (c.weighted ? w[static_cast<size_t>(r)] : 1.0);
  }
}

int64_t Limit(const QuantRun& c) {
  if (c.groups.empty()) return kRows;
  double s = 0;
  for (double g : c.groups) s += g;
  return std::min<int64_t>(std::max<int64_t>(static_cast<int64_t>(s), 0), kRows);
}

void Check(const QuantRun& c, int64_t h) {
  const bool block = c.mode <= 1;
  const int64_t len = c.mode == 1 ? 32 : 128, blocks = h / len;
  const int64_t groups = c.groups.empty() ? 1 : static_cast<int64_t>(c.groups.size());
  DevTensor x({kA, kB, 2 * h}, c.xDt, c.xLayout), w({kRows}, ACL_FLOAT);
  DevTensor gi({groups}, ACL_INT64), scale({groups}, ACL_FLOAT);
  ByteTensor y({kA, kB, h}, c.yDt, /*everyOther=*/c.mode == 2);
  std::vector<int64_t> sShape = {kA, kB, blocks};
  if (c.mode == 1) sShape = {kA, kB, blocks / 2, 2};
  if (c.mode >= 2) sShape = {groups};
  DevTensor ysF(sShape, ACL_FLOAT);
  ByteTensor ysE(sShape, ACL_FLOAT8_E8M0);
  DevTensor yo({kA, kB, h}, c.xDt, Layout::kEveryOther);
  const std::vector<double> xv = x.Set(RandomValues(kRows * 2 * h, 7 + c.mode, -3, 3));
  const std::vector<double> wv = w.Set(RandomValues(kRows, 11, 0.25, 2));
  const std::vector<double> sv = scale.Set(RandomValues(groups, 13, 0.5, 8));
  if (!c.groups.empty()) gi.Set(c.groups);
  const aclTensor* ysT = c.mode == 1 ? ysE.get() : ysF.get();
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  const aclnnStatus st = aclnnSwigluGroupQuantGetWorkspaceSize(
      x.get(), c.weighted ? w.get() : nullptr, c.groups.empty() ? nullptr : gi.get(),
      c.mode == 2 ? scale.get() : nullptr, c.yDt, c.mode, 0, c.roundScale, c.clamp, c.dstMax,
      c.origin, y.get(), ysT, yo.get(), &ws, &exec);
  ASSERT_EQ(st, ACLNN_SUCCESS) << TakeErrMsg();
  ASSERT_EQ(RunPhase2(aclnnSwigluGroupQuant, ws, exec), ACLNN_SUCCESS);
  const std::vector<uint8_t> codes = y.Codes();
  const std::vector<double> ysf = ysF.Get(), yov = yo.Get();
  const std::vector<uint8_t> yse = ysE.Codes();
  const int64_t limit = Limit(c);
  if (limit > 0) ExpectNotTrivial(y.Raw(), kSentinel);
  EXPECT_TRUE(yo.GapsUntouched());
  // Rows of each group (modes 2/3) and the group amax (mode 3).
  std::vector<int64_t> rowGroup(kRows, 0);
  std::map<int64_t, double> amax;
  std::vector<double> o, v;
  if (!c.groups.empty()) {
    int64_t start = 0;
    for (size_t g = 0; g < c.groups.size(); ++g) {
      const int64_t end = start + static_cast<int64_t>(c.groups[g]);
      for (int64_t r = start; r < std::min(end, kRows); ++r) rowGroup[r] = static_cast<int64_t>(g);
      start = end;
    }
  }
  if (c.mode == 3) {  // empty groups: yScale not written
    const std::vector<uint8_t> raw = ysF.Raw();
    for (size_t g = 0; g < c.groups.size(); ++g) {
      if (c.groups[g] != 0) continue;
      for (size_t k = 0; k < 4; ++k) EXPECT_EQ(raw[g * 4 + k], kSentinel) << "group " << g;
    }
  }
  for (int64_t r = 0; r < limit; ++r) {
    Reference(c, xv, wv, h, r, &o, &v);
    double& m = amax[rowGroup[r]];
    for (double e : v) m = std::max({m, std::fabs(e), 1e-8});
  }
  for (int64_t r = 0; r < kRows; ++r) {
    Reference(c, xv, wv, h, r, &o, &v);
    const std::string where = "row " + std::to_string(r);
    for (int64_t j = 0; j < h; ++j) {
      const uint8_t code = codes[static_cast<size_t>(r * h + j)];
      const double vj = v[static_cast<size_t>(j)];
      if (r >= limit) {
        ASSERT_EQ(code, block ? kSentinel : 0) << where << " past the group sum";
        continue;
      }
      if (c.origin) {
        ExpectClose(c.xDt, yov[static_cast<size_t>(r * h + j)], o[static_cast<size_t>(j)],
                    std::fabs(o[static_cast<size_t>(j)]), 16, where + " yOrigin", 1.0, 1e-30);
      }
      double q;  // the value the code must be nearest to
      if (block) {
        const int64_t b = j / len;
        double bmax = 1e-4;
        for (int64_t k = b * len; k < (b + 1) * len; ++k) {
          bmax = std::max(bmax, std::fabs(v[static_cast<size_t>(k)]));
        }
        const double fmax = c.yDt == ACL_FLOAT8_E5M2 ? 57344.0 : 448.0;
        double s = bmax / fmax;
        if (c.roundScale || c.mode == 1)
          s = std::ldexp(1.0, static_cast<int>(std::ceil(std::log2(s))));
        const size_t si = static_cast<size_t>(r * blocks + b);
        const double got = c.mode == 1 ? std::ldexp(1.0, yse[si] - 127) : ysf[si];
        if (j % len == 0) {
          const double frac = std::log2(bmax / fmax) - std::floor(std::log2(bmax / fmax));
          const bool nearPow2 = frac < 1e-5 || frac > 1 - 1e-5;
          if (c.mode == 1 || c.roundScale) {
            if (!nearPow2) {
              EXPECT_EQ(got, s) << where << " block " << b;
            }
          } else {
            EXPECT_NEAR(got, s, 1e-5 * s) << where << " block " << b;
          }
        }
        q = vj / got;
      } else if (c.mode == 2) {
        q = vj * sv[static_cast<size_t>(rowGroup[r])];
      } else {
        const double m = amax[rowGroup[r]];
        if (j == 0) {
          EXPECT_NEAR(ysf[static_cast<size_t>(rowGroup[r])], m / c.dstMax, 1e-5 * m / c.dstMax)
              << where;
        }
        q = vj * c.dstMax / m;
      }
      ExpectNearestCode(c.yDt, code, q, 1e-5 * std::fabs(q), where + " j " + std::to_string(j));
    }
  }
}

TEST(SwigluGroupQuant, BlockFp8MatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  QuantRun c;
  Check(c, 256);
  c.yDt = ACL_FLOAT8_E5M2;
  c.roundScale = true;
  c.weighted = true;
  c.clamp = 1.5;
  c.xDt = ACL_BF16;
  c.xLayout = Layout::kTransposed;
  Check(c, 256);
  c.groups = {3, -5};  // a negative sum: no row written
  Check(c, 256);
}

TEST(SwigluGroupQuant, MxFp8MatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  QuantRun c;
  c.mode = 1;
  c.roundScale = true;
  c.weighted = true;
  Check(c, 128);
  c.yDt = ACL_FLOAT8_E5M2;
  c.groups = {1, 2};  // rows 3.. untouched
  c.xLayout = Layout::kEveryOther;
  Check(c, 128);
}

TEST(SwigluGroupQuant, StaticHifloat8MatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  QuantRun c;
  c.mode = 2;
  c.yDt = ACL_HIFLOAT8;
  c.xDt = ACL_FLOAT;
  c.origin = true;
  c.weighted = true;
  Check(c, 20);
  c.groups = {2, 0, 2};  // rows 4, 5: zero
  c.xDt = ACL_FLOAT16;
  c.clamp = 2.0;
  Check(c, 21);  // odd h: D = 42
}

TEST(SwigluGroupQuant, DynamicHifloat8MatchesReference) {
  if (!ChipIs950()) GTEST_SKIP();
  QuantRun c;
  c.mode = 3;
  c.yDt = ACL_HIFLOAT8;
  c.xDt = ACL_BF16;
  Check(c, 16);
  c.groups = {1, 3, 1};  // three groups, row 5: zero
  c.origin = true;
  c.weighted = true;
  c.dstMax = 224.0;
  c.xLayout = Layout::kTransposed;
  Check(c, 16);
  c.groups = {4, 9};  // the second group runs past the rows: clipped
  Check(c, 16);
  c.groups = {2, 0, 3};  // group 1 is empty: its yScale stays untouched; row 5 zero
  Check(c, 16);
}

}  // namespace
