// The double -> fp16 / bf16 rounding of the double-precision kernels (chunked.h) against the
// independent long double rounding in reference.h: ties, their neighbours, the subnormal and
// overflow edges, random doubles; the packet and the scalar form must agree bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "elementwise/io.h"  // first: see its note on GCC warnings
#include "elementwise/io_golden.h"
#include "ref_format.h"

namespace {

namespace k = aclcpu::kernels;
namespace ei = Eigen::internal;

uint64_t DoubleBits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

// Every finite value of the format, the next one up, the tie between them and the doubles just
// either side of the tie; then random doubles over the format's exponent range and beyond, and
// arbitrary bit patterns (NaN, inf, huge, tiny).
std::vector<double> TestDoubles(double (*value)(uint16_t)) {
  std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1e-300, 5e-324, 1e300, DBL_MAX};
  for (uint32_t h = 0; h < 0x7fff; ++h) {
    const double lo = value(static_cast<uint16_t>(h));
    const double hi = value(static_cast<uint16_t>(h + 1));
    if (!std::isfinite(lo)) continue;
    const double tie = std::isfinite(hi) ? lo + (hi - lo) / 2 : lo + (lo - value(h - 1)) / 2;
    for (double d : {lo, tie, std::nextafter(tie, 0.0), std::nextafter(tie, INFINITY)}) {
      v.push_back(d);
      v.push_back(-d);
    }
  }
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> mant(1.0, 2.0);
  std::uniform_int_distribution<int> exp(-160, 140);
  for (int i = 0; i < 200000; ++i) {
    v.push_back(std::ldexp((i & 1) ? -mant(rng) : mant(rng), exp(rng)));
    double d;
    const uint64_t bits = rng();
    std::memcpy(&d, &bits, sizeof d);
    v.push_back(d);
  }
  return v;
}

template <typename Fmt>
void CheckRounding(const std::vector<double>& ds, const reftest::Format& f) {
  std::vector<double> ds2 = ds;
  ds2.resize((ds.size() + k::kPacketSizeD - 1) / k::kPacketSizeD * k::kPacketSizeD, 0.0);
  std::vector<double> packet(ds2.size());
  for (size_t i = 0; i < ds2.size(); i += k::kPacketSizeD) {
    ei::pstoreu(packet.data() + i,
                k::RoundToFormat<k::PacketD, Fmt>(ei::ploadu<k::PacketD>(&ds2[i])));
  }
  for (size_t i = 0; i < ds.size(); ++i) {
    const double scalar = k::RoundToFormat<double, Fmt>(ds[i]);
    const double want = static_cast<double>(reftest::RoundTo(ds[i], f));
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(packet[i]) && std::isnan(scalar)) << ds[i];
      continue;
    }
    ASSERT_EQ(DoubleBits(want), DoubleBits(packet[i])) << std::hexfloat << ds[i];
    ASSERT_EQ(DoubleBits(want), DoubleBits(scalar)) << std::hexfloat << ds[i];
  }
}

TEST(RoundF64, ToHalfIsNearestEven) {
  CheckRounding<k::HalfFormat>(TestDoubles(reftest::HalfValue), reftest::kFp16);
}

TEST(RoundF64, ToBf16IsNearestEven) {
  CheckRounding<k::Bf16Format>(TestDoubles(reftest::Bf16Value), reftest::kBf16);
}

}  // namespace
