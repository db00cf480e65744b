// The in-register round-half-away narrowings (packet_round_away.h, used by F16RoundAwayIo and
// Bf16RoundAwayIo) against the element-by-element Narrow of the same policies, bit for bit: every
// fp16 / bf16 value, every tie between neighbours and the floats either side of it, edge values
// and random bit patterns (all exponents: subnormals, overflow, NaN payloads).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "elementwise/chunked.h"  // first: see io.h on GCC warnings

namespace {

namespace k = aclcpu::kernels;

#if ACLCPU_PACKET_IO
void AddAround(std::vector<float>* v, uint32_t bits) {
  for (int d = -2; d <= 2; ++d) v->push_back(k::BitsToFloat(bits + static_cast<uint32_t>(d)));
}

std::vector<float> Floats(bool bf16) {
  std::vector<float> v = {0.0f,     -0.0f,    INFINITY, -INFINITY, NAN,     -NAN,
                          65504.0f, 65519.0f, 65520.0f, -65520.0f, 1e-45f,  -1e-45f,
                          3.4e38f,  -3.4e38f, 1.0f,     -1.5f,     6.1e-5f, 5.96e-8f};
  v.push_back(k::BitsToFloat(0x7f800001u));  // signalling NaNs with payloads
  v.push_back(k::BitsToFloat(0xff812345u));
  for (uint32_t h = 0; h < 65536; ++h) {
    if (bf16) {
      const uint32_t bits = h << 16;
      AddAround(&v, bits);           // the value itself
      AddAround(&v, bits + 0x8000);  // the tie above it
    } else {
      const float f = k::HalfToFloat(static_cast<uint16_t>(h));
      if (!std::isfinite(f)) continue;
      const float next = k::HalfToFloat(static_cast<uint16_t>(h + 1));
      AddAround(&v, k::FloatBits(f));
      if (std::isfinite(next) && std::signbit(next) == std::signbit(f)) {
        AddAround(&v, k::FloatBits((f + next) / 2));  // the tie (exact in fp32)
      }
    }
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; ++i) v.push_back(k::BitsToFloat(static_cast<uint32_t>(rng())));
  while (v.size() % k::kPacketSize != 0) v.push_back(0.5f);
  return v;
}
#endif

template <typename Io>
void ExpectPacketEqualsNarrow(bool bf16) {
#if ACLCPU_PACKET_IO
  std::vector<float> f = Floats(bf16);
  const int64_t n = static_cast<int64_t>(f.size());
  std::vector<uint16_t> scalar(n), packet(n, 0xA5A5);
  std::vector<float> copy = f;
  Io::Narrow(copy.data(), scalar.data(), n);
  for (int64_t i = 0; i < n; i += k::kPacketSize) {
    Io::Store(packet.data() + i, Eigen::internal::ploadu<k::Packet>(f.data() + i));
  }
  int64_t rounded = 0;
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(packet[i], scalar[i]) << "float bits 0x" << std::hex << k::FloatBits(f[i]);
    rounded += (bf16 ? k::FloatToBf16(f[i]) : k::FloatToHalf(f[i])) != scalar[i];
  }
  EXPECT_GT(rounded, 1000) << "the values must include ties that round away";
#else
  (void)bf16;
  GTEST_SKIP() << "no in-register conversions in this build";
#endif
}

TEST(RoundAwayIo, F16PacketEqualsElementByElement) {
  ExpectPacketEqualsNarrow<k::F16RoundAwayIo>(false);
}

TEST(RoundAwayIo, Bf16PacketEqualsElementByElement) {
  ExpectPacketEqualsNarrow<k::Bf16RoundAwayIo>(true);
}

}  // namespace
