// Low-precision codecs (kernels/quant): every code decoded against formulas written here, every
// code round-tripped, every rounding boundary between neighbouring values (both tie rules and
// both signs), overflow with and without saturation, INT8 and E8M0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "quant/lowp.h"

namespace {

using namespace aclcpu::kernels::quant;

const float kInf = std::numeric_limits<float>::infinity();

// Independent decoders: value = (-1)^s * 2^(e - bias) * 1.m, subnormal at e = 0.
double Ieee(int code, int e, int m) {
  const int s = (code >> (e + m)) & 1;
  const int ex = (code >> m) & ((1 << e) - 1);
  const int mant = code & ((1 << m) - 1);
  const int bias = (1 << (e - 1)) - 1;
  const double v = ex == 0 ? mant * std::pow(2.0, 1 - bias - m)
                           : (1.0 + mant / std::pow(2.0, m)) * std::pow(2.0, ex - bias);
  return s ? -v : v;
}

bool Same(float a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

TEST(QuantLowp, Float8E4M3FNEveryCode) {
  for (int c = 0; c < 256; ++c) {
    const float got = Decode(Format::kFloat8E4M3FN, static_cast<uint8_t>(c));
    const double want = (c & 0x7f) == 0x7f ? NAN : Ieee(c, 4, 3);
    EXPECT_TRUE(Same(got, want)) << c;
  }
  EXPECT_EQ(Decode(Format::kFloat8E4M3FN, 0x7e), 448.0f);
  EXPECT_EQ(Decode(Format::kFloat8E4M3FN, 0x01), std::ldexp(1.0f, -9));
}

TEST(QuantLowp, Float8E5M2EveryCodeIsTheTopByteOfAHalf) {
  for (int c = 0; c < 256; ++c) {
    const float got = Decode(Format::kFloat8E5M2, static_cast<uint8_t>(c));
    double want = Ieee(c, 5, 2);
    if ((c & 0x7c) == 0x7c) want = (c & 3) ? NAN : ((c & 0x80) ? -INFINITY : INFINITY);
    EXPECT_TRUE(Same(got, want)) << c;
  }
  EXPECT_EQ(Decode(Format::kFloat8E5M2, 0x7b), 57344.0f);
}

TEST(QuantLowp, Float4E2M1EveryCode) {
  const float want[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
  for (int c = 0; c < 16; ++c) {
    const float v = Decode(Format::kFloat4E2M1, static_cast<uint8_t>(c));
    EXPECT_EQ(v, c < 8 ? want[c] : -want[c - 8]) << c;
    EXPECT_EQ(std::signbit(v), c >= 8) << c;
  }
}

// HiFloat8 from its grammar (dot code → exponent width D, sign-magnitude exponent with an
// implicit leading one, mantissa of the remaining bits), enumerated here value by value.
TEST(QuantLowp, HiFloat8EveryCode) {
  std::vector<std::pair<int, double>> expected;  // positive codes
  expected.push_back({0x00, 0.0});
  for (int m = 1; m <= 7; ++m) expected.push_back({m, std::ldexp(1.0, m - 23)});
  for (int m = 0; m < 8; ++m) expected.push_back({0x08 | m, 1.0 + m / 8.0});  // dot 0001
  for (int s = 0; s < 2; ++s) {
    for (int m = 0; m < 8; ++m) {  // dot 001: exponent ±1
      expected.push_back({0x10 | s << 3 | m, (1.0 + m / 8.0) * std::ldexp(1.0, s ? -1 : 1)});
    }
  }
  struct Dot {
    int prefix, d;
  };
  for (Dot dot : {Dot{0x20, 2}, Dot{0x40, 3}, Dot{0x60, 4}}) {
    const int mBits = 5 - dot.d;
    for (int s = 0; s < 2; ++s) {
      for (int e = 0; e < (1 << (dot.d - 1)); ++e) {
        for (int m = 0; m < (1 << mBits); ++m) {
          const int code = dot.prefix | s << 4 | e << mBits | m;
          const int exponent = (s ? -1 : 1) * ((1 << (dot.d - 1)) + e);
          expected.push_back(
              {code, (1.0 + m / std::ldexp(1.0, mBits)) * std::ldexp(1.0, exponent)});
        }
      }
    }
  }
  ASSERT_EQ(expected.size(), 128u);
  for (const auto& [code, value] : expected) {
    const float pos = Decode(Format::kHiFloat8, static_cast<uint8_t>(code));
    const float neg = Decode(Format::kHiFloat8, static_cast<uint8_t>(code | 0x80));
    if (code == 0x6f) {  // ±inf
      EXPECT_EQ(pos, kInf);
      EXPECT_EQ(neg, -kInf);
    } else if (code == 0x00) {  // 0x80 is NaN, not −0
      EXPECT_EQ(pos, 0.0f);
      EXPECT_TRUE(std::isnan(neg));
    } else {
      EXPECT_EQ(pos, value) << code;
      EXPECT_EQ(neg, -value) << code;
    }
  }
  EXPECT_EQ(Decode(Format::kHiFloat8, 0x6e), 32768.0f);
}

const Format kFormats[] = {Format::kFloat8E4M3FN, Format::kFloat8E5M2, Format::kHiFloat8,
                           Format::kFloat4E2M1};

TEST(QuantLowp, EveryCodeRoundTrips) {
  for (Format f : kFormats) {
    const int codes = f == Format::kFloat4E2M1 ? 16 : 256;
    for (int c = 0; c < codes; ++c) {
      const float v = Decode(f, static_cast<uint8_t>(c));
      if (std::isnan(v)) continue;
      for (Rounding r : {Rounding::kRint, Rounding::kRound}) {
        EXPECT_EQ(Encode(f, v, r, false), c) << static_cast<int>(f) << " code " << c;
      }
    }
  }
}

// Between neighbours lo < hi: just below the midpoint gives lo, just above gives hi, the
// midpoint itself the even code (rint) or hi (round, away from zero); negatives mirror.
TEST(QuantLowp, EveryRoundingBoundary) {
  for (Format f : kFormats) {
    const int codes = f == Format::kFloat4E2M1 ? 16 : 256;
    const uint8_t sign = f == Format::kFloat4E2M1 ? 0x8 : 0x80;
    std::vector<std::pair<float, int>> grid;
    for (int c = 0; c < codes; ++c) {
      const float v = Decode(f, static_cast<uint8_t>(c));
      if ((c & sign) || !std::isfinite(v)) continue;
      grid.push_back({v, c});
    }
    std::sort(grid.begin(), grid.end());
    for (size_t i = 0; i + 1 < grid.size(); ++i) {
      const auto [lo, loCode] = grid[i];
      const auto [hi, hiCode] = grid[i + 1];
      const float mid = lo + (hi - lo) / 2;  // exact: a few bits only
      ASSERT_EQ(static_cast<double>(mid), (static_cast<double>(lo) + hi) / 2);
      const float below = std::nextafter(mid, 0.0f), above = std::nextafter(mid, kInf);
      const int even = (hiCode & 1) == 0 ? hiCode : loCode;
      for (int s : {0, 1}) {
        const float k = s ? -1.0f : 1.0f;
        auto signed_code = [&](int c) {
          return (s && !(f == Format::kHiFloat8 && c == 0)) ? (c | sign) : c;
        };
        SCOPED_TRACE("format " + std::to_string(static_cast<int>(f)) + " between " +
                     std::to_string(lo) + " and " + std::to_string(hi) + " sign " +
                     std::to_string(s));
        for (Rounding r : {Rounding::kRint, Rounding::kRound}) {
          EXPECT_EQ(Encode(f, k * below, r, false), signed_code(loCode));
          EXPECT_EQ(Encode(f, k * above, r, false), signed_code(hiCode));
        }
        EXPECT_EQ(Encode(f, k * mid, Rounding::kRint, false), signed_code(even));
        EXPECT_EQ(Encode(f, k * mid, Rounding::kRound, false), signed_code(hiCode));
      }
    }
  }
}

TEST(QuantLowp, OverflowSaturationAndNaN) {
  const Rounding rint = Rounding::kRint, round = Rounding::kRound;
  // E4M3FN: 464 is the midpoint between 448 and the missing 480; ties to even keep 448.
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, 464.0f, rint, false), 0x7e);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, 464.0f, round, false), 0x7f);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, std::nextafter(464.0f, kInf), rint, false), 0x7f);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, -1e6f, rint, false), 0xff);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, -1e6f, rint, true), 0xfe);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, kInf, rint, true), 0x7e);
  EXPECT_EQ(Encode(Format::kFloat8E4M3FN, NAN, rint, true), 0x7f);
  // E5M2: 61440 is the midpoint between 57344 and 65536 (= inf); ties to even go up.
  EXPECT_EQ(Encode(Format::kFloat8E5M2, 61440.0f, rint, false), 0x7c);
  EXPECT_EQ(Encode(Format::kFloat8E5M2, std::nextafter(61440.0f, 0.0f), rint, false), 0x7b);
  EXPECT_EQ(Encode(Format::kFloat8E5M2, -kInf, rint, false), 0xfc);
  EXPECT_EQ(Encode(Format::kFloat8E5M2, -kInf, rint, true), 0xfb);
  EXPECT_EQ(Encode(Format::kFloat8E5M2, NAN, rint, false) & 0x7c, 0x7c);
  // HiFloat8: 40960 is the midpoint between 32768 and 49152 (the inf code).
  EXPECT_EQ(Encode(Format::kHiFloat8, 40960.0f, round, false), 0x6f);
  EXPECT_EQ(Encode(Format::kHiFloat8, std::nextafter(40960.0f, 0.0f), round, false), 0x6e);
  EXPECT_EQ(Encode(Format::kHiFloat8, -1e9f, round, false), 0xef);
  EXPECT_EQ(Encode(Format::kHiFloat8, -1e9f, round, true), 0xee);
  EXPECT_EQ(Encode(Format::kHiFloat8, NAN, round, false), 0x80);
  EXPECT_EQ(Encode(Format::kHiFloat8, -0.0f, round, false), 0x00);
  EXPECT_EQ(Encode(Format::kHiFloat8, std::ldexp(1.0f, -23), round, false), 0x01);
  EXPECT_EQ(Encode(Format::kHiFloat8, std::ldexp(1.0f, -23), rint, false), 0x00);
  // FP4 always saturates.
  EXPECT_EQ(Encode(Format::kFloat4E2M1, 100.0f, rint, false), 0x7);
  EXPECT_EQ(Encode(Format::kFloat4E2M1, -kInf, rint, false), 0xf);
}

TEST(QuantLowp, Int8) {
  EXPECT_EQ(EncodeInt8(2.5f, Rounding::kRint), 2);
  EXPECT_EQ(EncodeInt8(3.5f, Rounding::kRint), 4);
  EXPECT_EQ(EncodeInt8(-2.5f, Rounding::kRint), -2);
  EXPECT_EQ(EncodeInt8(2.5f, Rounding::kRound), 3);
  EXPECT_EQ(EncodeInt8(-2.5f, Rounding::kRound), -3);
  EXPECT_EQ(EncodeInt8(127.5f, Rounding::kRint), 127);
  EXPECT_EQ(EncodeInt8(-128.5f, Rounding::kRound), -128);
  EXPECT_EQ(EncodeInt8(1e30f, Rounding::kRint), 127);
  EXPECT_EQ(EncodeInt8(-kInf, Rounding::kRint), -128);
  EXPECT_EQ(EncodeInt8(NAN, Rounding::kRint), 0);
  for (int i = -128; i <= 127; ++i) {
    for (float d : {-0.25f, 0.0f, 0.25f}) {
      EXPECT_EQ(EncodeInt8(static_cast<float>(i) + d, Rounding::kRint), i);
      EXPECT_EQ(EncodeInt8(static_cast<float>(i) + d, Rounding::kRound), i);
    }
  }
}

TEST(QuantLowp, E8M0) {
  EXPECT_TRUE(std::isnan(DecodeE8M0(0xff)));
  for (int c = 0; c < 255; ++c) {
    const float v = DecodeE8M0(static_cast<uint8_t>(c));
    EXPECT_EQ(v, std::ldexp(1.0f, c - 127)) << c;
    EXPECT_EQ(EncodeE8M0Ceil(v), c) << c;
    if (c > 0 && c < 254) {
      EXPECT_EQ(EncodeE8M0Ceil(std::nextafter(v, kInf)), c + 1) << c;
      EXPECT_EQ(EncodeE8M0Ceil(std::nextafter(v, 0.0f)), c) << c;
    }
  }
  EXPECT_EQ(EncodeE8M0Ceil(0.75f), 127);
  EXPECT_EQ(EncodeE8M0Ceil(1e-45f), 0);
  EXPECT_EQ(EncodeE8M0Ceil(3e38f), 254);
  EXPECT_EQ(EncodeE8M0Ceil(0.0f), 0xff);
  EXPECT_EQ(EncodeE8M0Ceil(-1.0f), 0xff);
  EXPECT_EQ(EncodeE8M0Ceil(NAN), 0xff);
}

}  // namespace
