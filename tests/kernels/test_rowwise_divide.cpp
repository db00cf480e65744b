// Softmax's division by the line sum through the reciprocal (DivideByLineSum) against the plain
// fp32 division, bit for bit: softmax terms in [0, 1] (tiny, subnormal and zero ones included)
// over sums from 1 to 2^24, sums with every significand bit set, NaN lines; and the exp without
// its upper clamp against the clamped one for arguments <= 0.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wignored-attributes"
#endif

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "rowwise/reduce_ops.h"

namespace {

namespace ei = Eigen::internal;
namespace rw = aclcpu::kernels::rowwise;
using Packet = ei::packet_traits<float>::type;
constexpr int kLanes = ei::unpacket_traits<Packet>::size;

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// Divides every value of t by s through DivideByLineSum; returns how many results differ
// from t / s in their bits (NaN: any NaN matches a NaN).
int64_t Mismatches(const std::vector<float>& t, float s, float* firstBad = nullptr) {
  const Packet sp = ei::pset1<Packet>(s);
  const Packet yp = ei::pset1<Packet>(1.0f / s);
  alignas(64) float out[kLanes];
  int64_t bad = 0;
  for (size_t i = 0; i + kLanes <= t.size(); i += kLanes) {
    ei::pstore(out, rw::DivideByLineSum(ei::ploadu<Packet>(&t[i]), sp, yp));
    for (int k = 0; k < kLanes; ++k) {
      const float want = t[i + k] / s;
      const bool same = std::isnan(want) ? std::isnan(out[k]) : Bits(out[k]) == Bits(want);
      if (!same) {
        if (bad == 0 && firstBad != nullptr) *firstBad = t[i + k];
        ++bad;
      }
    }
  }
  return bad;
}

TEST(RowwiseDivide, EverySignificandOverAwkwardSums) {
  // Every 11th fp32 value in [0.5, 1) (ACLNN_CPU_LONG_TESTS=1: every one) over sums with
  // awkward reciprocals: powers of two, all significand bits set, just above a power of two,
  // odd integers. Scaling t by a power of two scales q, r and the quotient exactly (above the
  // underflow guard), so one binade of terms stands for all of them.
  const bool all = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr;
  std::vector<float> t;
  const uint32_t step = all ? 1 : 11;
  for (uint32_t u = Bits(0.5f); u < Bits(1.0f); u += step) {
    float v;
    std::memcpy(&v, &u, 4);
    t.push_back(v);
  }
  while (t.size() % kLanes) t.push_back(1.0f);
  const float sums[] = {1.0f,        2.0f,        3.0f,       1.99999988f, 1.00000012f,
                        1023.99994f, 7.0f,        1000.0f,    16777215.0f, 12345.678f,
                        2.99999976f, 1.41421354f, 5.9604645f, 1024.00012f};
  for (float s : sums) {
    float first = 0;
    EXPECT_EQ(Mismatches(t, s, &first), 0) << "sum " << s << " first bad term " << first;
  }
}

TEST(RowwiseDivide, RandomTermsAndSums) {
  std::mt19937 g(7);
  std::uniform_real_distribution<float> expo(-110.0f, 0.0f);
  std::uniform_real_distribution<float> sumExp(0.0f, 24.0f);
  for (int round = 0; round < 64; ++round) {
    const float s = std::exp2(sumExp(g));
    std::vector<float> t(16384);
    for (float& v : t) v = std::exp2(expo(g));
    // Zero, subnormal, the smallest normal, one, in every lane position.
    for (size_t i = 0; i < 64; ++i) {
      const float special[] = {0.0f, 1e-45f, 1e-40f, 0x1p-126f, 0x1p-100f, 1.0f, 0x1.fffffep-1f};
      t[i * 97 % t.size()] = special[i % 7];
    }
    float first = 0;
    EXPECT_EQ(Mismatches(t, s, &first), 0) << "sum " << s << " first bad term " << first;
  }
}

TEST(RowwiseDivide, NanLinesStayNan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> t(4 * kLanes, 0.25f);
  t[3] = nan;
  t[kLanes + 1] = 0.0f;
  EXPECT_EQ(Mismatches(t, nan), 0);
  EXPECT_EQ(Mismatches(t, 3.0f), 0);
  EXPECT_EQ(Mismatches(t, std::numeric_limits<float>::infinity()), 0);
}

TEST(RowwiseDivide, ExpWithoutUpperClampMatchesForNonPositive) {
  std::vector<float> x;
  for (float v = -120.0f; v <= 0.0f; v += 0.0137f) x.push_back(v);
  x.push_back(0.0f);
  x.push_back(-0.0f);
  x.push_back(-std::numeric_limits<float>::infinity());
  x.push_back(std::numeric_limits<float>::quiet_NaN());
  x.push_back(-1e-30f);
  while (x.size() % kLanes) x.push_back(-1.0f);
  int64_t bad = 0;
  alignas(64) float a[kLanes];
  alignas(64) float b[kLanes];
  for (size_t i = 0; i < x.size(); i += kLanes) {
    const Packet p = ei::ploadu<Packet>(&x[i]);
    ei::pstore(a, rw::PacketExp(p));
    ei::pstore(b, rw::PacketExpNonPositive(p));
    for (int k = 0; k < kLanes; ++k) bad += std::memcmp(&a[k], &b[k], 4) != 0;
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(x.size(), 8000u);  // the sweep ran
}

}  // namespace
