// The split-and-gate exp (split_math.h). Its full-range form, ExpWide, against Eigen's
// pexp_float bit for bit: the AVX-512 build scales by 2^m with vscalefps instead of Eigen's
// pldexp, which must not change a single result (normal, subnormal, overflowing, infinite and NaN
// arguments). Exp itself (on AVX-512 the table form of elementwise/exp_table.h in [-85, 87],
// ExpWide elsewhere) and ExpWide against libm within Eigen's documented accuracy, as a guard that
// both are an exp at all; outside [-85, 87] Exp is ExpWide bit for bit.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wignored-attributes"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "elementwise/pow2_scale.h"
#include "rowwise/split_math.h"

namespace {

namespace ei = Eigen::internal;
namespace sp = aclcpu::kernels::split;

struct Tally {
  int64_t checked = 0;
  int64_t bad = 0;
  float firstBad = 0;
  double worstRel = 0;
};

// Compares Exp with pexp_float on x (a whole number of packets) and libm for |x| < 80.
void Check(const std::vector<float>& x, Tally* t) {
  alignas(64) float a[sp::kLanes];
  alignas(64) float b[sp::kLanes];
  for (size_t i = 0; i + sp::kLanes <= x.size(); i += sp::kLanes) {
    const sp::PF p = ei::ploadu<sp::PF>(&x[i]);
    alignas(64) float c[sp::kLanes];
    ei::pstore(a, sp::ExpWide(p));
    ei::pstore(b, ei::pexp_float(p));
    ei::pstore(c, sp::Exp(p));
    for (int k = 0; k < sp::kLanes; ++k) {
      ++t->checked;
      const float v = x[i + k];
      const bool wide = !(v >= -85.0f && v <= 87.0f);  // where Exp must be ExpWide
      if ((std::memcmp(&a[k], &b[k], 4) != 0 || (wide && std::memcmp(&c[k], &a[k], 4) != 0)) &&
          t->bad++ == 0) {
        t->firstBad = v;
      }
      if (std::fabs(v) < 80.0f) {
        const double want = std::exp(static_cast<double>(v));
        t->worstRel =
            std::max({t->worstRel, std::fabs(a[k] - want) / want, std::fabs(c[k] - want) / want});
      }
    }
  }
}

TEST(SplitExp, SameBitsAsEigenPexpFloat) {
  // Every 997th float from 0 to 110, both signs (ACLNN_CPU_LONG_TESTS=1: every one), in
  // chunks, then the special values.
  const bool all = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr;
  const uint32_t step = all ? 1 : 997;
  Tally tally;
  std::vector<float> x;
  for (uint32_t u = 0; u < 0x42dc0000u; u += step) {  // 0 .. 110
    float v;
    std::memcpy(&v, &u, 4);
    x.push_back(v);
    x.push_back(-v);
    if (x.size() >= (1u << 20)) {
      Check(x, &tally);
      x.clear();
    }
  }
  const float inf = std::numeric_limits<float>::infinity();
  for (float v : {inf, -inf, std::numeric_limits<float>::quiet_NaN(), 88.72f, 88.723f, 88.73f,
                  -88.72f, -88.723f, -87.33f, -87.34f, 1e-45f, -1e-45f, 1e30f, -1e30f}) {
    x.push_back(v);
  }
  while (x.size() % sp::kLanes) x.push_back(0.0f);
  Check(x, &tally);
  EXPECT_EQ(tally.bad, 0) << "first differing argument " << tally.firstBad;
  EXPECT_LT(tally.worstRel, 5e-7);
  EXPECT_GT(tally.checked, 2000000);  // the sweep ran
}

// ScaleByPow2 (elementwise/pow2_scale.h: the integer exponent add where every lane's product is
// a normal number, pldexp otherwise) against pldexp bit for bit: m across and beyond the range,
// y across [0.5, 2), packets that mix in-range and out-of-range lanes, NaN and infinite m (and
// NaN y, which the exp forms give only with a NaN m).
TEST(ScaleByPow2, SameBitsAsPldexp) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> ys = {0.5f, 0.70710677f, 1.0f, 1.4142135f, 1.9999999f, nan};
  for (uint32_t u = 0x3f000000u; u < 0x40000000u; u += 104729) {  // [0.5, 2)
    float v;
    std::memcpy(&v, &u, 4);
    ys.push_back(v);
  }
  std::vector<float> ms = {nan, inf, -inf};
  for (int m = -300; m <= 300; ++m) ms.push_back(static_cast<float>(m));
  int64_t checked = 0, bad = 0;
  alignas(64) float y[sp::kLanes], m[sp::kLanes], a[sp::kLanes], b[sp::kLanes];
  for (size_t i = 0; i < ys.size(); ++i) {
    for (size_t j = 0; j < ms.size(); ++j) {
      for (int k = 0; k < sp::kLanes; ++k) {  // neighbours of (i, j) in the other lanes
        y[k] = ys[(i + k) % ys.size()];
        m[k] = std::isnan(y[k]) ? nan : ms[(j + k * 7) % ms.size()];  // NaN y: NaN m
      }
      const sp::PF py = ei::pload<sp::PF>(y), pm = ei::pload<sp::PF>(m);
      ei::pstore(a, aclcpu::kernels::ScaleByPow2(py, pm));
      ei::pstore(b, ei::pldexp(py, pm));
      for (int k = 0; k < sp::kLanes; ++k) {
        ++checked;
        const bool bothNan = std::isnan(a[k]) && std::isnan(b[k]);
        if (!bothNan && std::memcmp(&a[k], &b[k], 4) != 0 && bad++ < 5) {
          ADD_FAILURE() << "y " << y[k] << " m " << m[k] << ": " << a[k] << " vs " << b[k];
        }
      }
    }
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(checked, 100000);
}

}  // namespace
