// Sweeps for the table exp/log tests (test_exp_table*.cpp): the distance of a packet function
// from an exact double function, in ulps of the fp32 result, over ranges of float bit patterns.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>

namespace aclcpu_test {

inline double Ulps(float got, double exact) {
  int e;
  std::frexp(exact, &e);
  return std::fabs(got - exact) / std::ldexp(1.0, e - 24);
}

struct Worst {
  double ulps = 0;
  float x = 0;
};

// The worst distance of fn (kLanes floats at a time: fn(x, y, marker)) from exact over the floats
// whose bits are in [first, last] (inclusive) taking every step-th, for each range given.
template <int kLanes, typename Fn, typename Exact>
Worst Sweep(Fn fn, Exact exact, std::initializer_list<std::pair<uint32_t, uint32_t>> ranges,
            uint32_t step) {
  Worst w;
  float x[kLanes], y[kLanes];
  int n = 0;
  auto flush = [&] {
    for (int i = n; i < kLanes; ++i) x[i] = 1.0f;
    fn(x, y, -1.0f);
    for (int i = 0; i < n; ++i) {
      const double u = Ulps(y[i], exact(static_cast<double>(x[i])));
      if (u > w.ulps) w = {u, x[i]};
    }
    n = 0;
  };
  for (const auto& r : ranges) {
    for (uint64_t bits = r.first; bits <= r.second; bits += step) {
      const uint32_t b = static_cast<uint32_t>(bits);
      std::memcpy(&x[n], &b, 4);
      if (++n == kLanes) flush();
    }
  }
  if (n) flush();
  return w;
}

// A table form's lanes are independent: with each value of `outside` put in each of `lanes` of
// x in turn, fn (kLanes floats at a time: fn(x, y, marker)) must give `marker` (the caller's wide
// form) in that lane and, in every other lane, the bits of y = fn on x itself.
template <int kLanes, typename Fn>
void ExpectLanesIndependent(Fn fn, const float* x, const float* y,
                            std::initializer_list<float> outside, std::initializer_list<int> lanes,
                            float marker) {
  for (float o : outside) {
    for (int lane : lanes) {
      float z[kLanes], w[kLanes];
      std::memcpy(z, x, sizeof z);
      z[lane] = o;
      fn(z, w, marker);
      for (int i = 0; i < kLanes; ++i) {
        if (i == lane) {
          EXPECT_EQ(w[i], marker) << "lane " << i << " x = " << o << " takes the wide form";
        } else {
          EXPECT_EQ(std::memcmp(&w[i], &y[i], 4), 0)
              << "lane " << i << " changed when lane " << lane << " became " << o;
        }
      }
    }
  }
}

}  // namespace aclcpu_test
