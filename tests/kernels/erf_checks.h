// Checks shared by the erf tests of both piece forms (test_erf_pieces*.cpp): fn(x, y, unused)
// computes erf of kLanes floats.
#pragma once

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ulp_sweep.h"

namespace aclcpu_test {

// The worst distance from double erf over every step-th normal float up to 5, both signs
// (ACLNN_CPU_LONG_TESTS=1: every one).
template <int kLanes, typename Fn>
Worst ErfSweep(Fn fn, uint32_t step) {
  if (std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr) step = 1;
  return Sweep<kLanes>(
      fn, [](double v) { return std::erf(v); },
      {{0x00800000u, 0x40a00000u}, {0x80800000u, 0xc0a00000u}}, step);
}

// 64 floats each side of every edge (both signs): within `bound` ulps of erf and never more
// than an ulp from the correctly rounded value.
template <int kLanes, typename Fn>
void ExpectErfEdges(Fn fn, const std::vector<float>& edges, double bound) {
  std::vector<float> in;
  for (float edge : edges) {
    float lo = edge, hi = edge;
    for (int j = 0; j < 64; ++j) {
      lo = std::nextafter(lo, 0.0f);
      hi = std::nextafter(hi, INFINITY);
      in.insert(in.end(), {lo, hi, -lo, -hi});
    }
  }
  while (in.size() % kLanes != 0) in.push_back(0.0f);
  std::vector<float> out(in.size());
  for (size_t i = 0; i < in.size(); i += kLanes) fn(&in[i], &out[i], 0.0f);
  for (size_t i = 0; i < in.size(); ++i) {
    const double exact = std::erf(static_cast<double>(in[i]));
    const float want = static_cast<float>(exact);
    EXPECT_LE(std::fabs(double(out[i]) - want),
              double(std::nextafter(std::fabs(want), INFINITY)) - std::fabs(want))
        << "x = " << std::hexfloat << in[i];
    EXPECT_LE(Ulps(out[i], exact), bound) << "x = " << std::hexfloat << in[i];
  }
}

inline uint32_t ErfBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// Where erf is exact or its rounding is: ±0 keep their sign, ±1 from |x| = 4 on and at ±inf,
// the input's NaN (quiet), the correctly rounded value of subnormal, tiny and ordinary inputs;
// and every lane on its own gives the bits it gives in a full packet.
template <int kLanes, typename Fn>
void ExpectErfExactValues(Fn fn) {
  const float nan = std::nanf("");
  const std::vector<float> all = {
      0.0f,   -0.0f,   INFINITY,  -INFINITY, nan,          4.0f,          -4.0f,  5.5f,
      -1e30f, FLT_MAX, 0x1p-140f, 3.92f,     FLT_TRUE_MIN, -FLT_TRUE_MIN, 1e-30f, -2.0f};
  for (size_t base = 0; base < all.size(); base += kLanes) {
    float x[kLanes], y[kLanes];
    for (int i = 0; i < kLanes; ++i) x[i] = all[base + i];
    fn(x, y, 0.0f);
    for (int i = 0; i < kLanes; ++i) {
      const float v = x[i];
      if (std::isnan(v)) {
        EXPECT_EQ(ErfBits(y[i]), ErfBits(v) | 0x00400000u);
      } else if (v == 0) {
        EXPECT_EQ(ErfBits(y[i]), ErfBits(v));
      } else if (std::fabs(v) >= 4) {
        EXPECT_EQ(y[i], std::copysign(1.0f, v)) << v;
      } else {
        EXPECT_EQ(y[i], static_cast<float>(std::erf(static_cast<double>(v)))) << v;
      }
      float one[kLanes], got[kLanes];
      for (int j = 0; j < kLanes; ++j) one[j] = 0.25f;
      one[i] = v;
      fn(one, got, 0.0f);
      EXPECT_EQ(ErfBits(got[i]), ErfBits(y[i])) << "lane " << i;
    }
  }
}

}  // namespace aclcpu_test
