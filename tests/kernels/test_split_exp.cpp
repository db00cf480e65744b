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

}  // namespace
