// The in-register round-half-away narrowings (packet_round_away.h, used by F16RoundAwayIo and
// Bf16RoundAwayIo) against the element-by-element Narrow of the same policies, bit for bit: every
// fp16 / bf16 value, every tie between neighbours and the floats either side of it, edge values
// and random bit patterns (all exponents: subnormals, overflow, NaN payloads).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "elementwise/chunked.h"  // first: see io.h on GCC warnings
#include "elementwise/registry.h"

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

// Every 97th 32-bit pattern (ACLNN_CPU_LONG_TESTS=1: all 2^32, ~15 s), a packet at a time: the
// fp16 narrowing decides ties from the exponent and the low significand bits, so every binade,
// subnormal results and NaN payloads are covered, not only the values listed above.
template <typename Io>
void ExpectSweepEqualsNarrow() {
#if ACLCPU_PACKET_IO
  const uint64_t step = std::getenv("ACLNN_CPU_LONG_TESTS") != nullptr ? 1 : 97;
  constexpr int kLanes = k::kPacketSize;
  std::vector<float> f(kLanes), copy(kLanes);
  std::vector<uint16_t> scalar(kLanes), packet(kLanes);
  int64_t mismatches = 0;
  for (uint64_t base = 0; base < (uint64_t{1} << 32); base += step * kLanes) {
    for (int j = 0; j < kLanes; ++j) f[j] = k::BitsToFloat(static_cast<uint32_t>(base + j * step));
    copy = f;
    Io::Narrow(copy.data(), scalar.data(), kLanes);
    Io::Store(packet.data(), Eigen::internal::ploadu<k::Packet>(f.data()));
    for (int j = 0; j < kLanes; ++j) {
      if (packet[j] != scalar[j] && mismatches++ < 5) {
        ADD_FAILURE() << "float bits 0x" << std::hex << k::FloatBits(f[j]) << ": packet 0x"
                      << packet[j] << ", element 0x" << scalar[j];
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
#else
  GTEST_SKIP() << "no in-register conversions in this build";
#endif
}

TEST(RoundAwayIo, F16SweepOfBitPatterns) { ExpectSweepEqualsNarrow<k::F16RoundAwayIo>(); }

TEST(RoundAwayIo, Bf16SweepOfBitPatterns) { ExpectSweepEqualsNarrow<k::Bf16RoundAwayIo>(); }

#if ACLCPU_PACKET_IO
// x·(1 + 2^-8) in fp32: a bf16 x has 8 significant bits, so the product has up to 16 and exact
// ties between bf16 neighbours are common.
struct MulTies {
  k::Packet operator()(const k::Packet& x) const {
    return Eigen::internal::pmul(x, Eigen::internal::pset1<k::Packet>(1.00390625f));
  }
};
#endif

// The runner of CAST_ROUND bf16 rows (RunNpu with Bf16RoundAwayIo: 32 elements a step where the
// machine has AVX512-BF16) against the element-by-element rounding of the same fp32 results, on
// every bf16 input (ties, subnormals, infinities, NaN payloads), plain and streaming stores, at
// offsets that exercise the head and the tail.
TEST(RoundAwayIo, Bf16RunnerEqualsElementByElement) {
#if ACLCPU_PACKET_IO
  constexpr int64_t kN = 65536 + 77;
  std::vector<uint16_t> in(kN), expect(kN);
  for (int64_t i = 0; i < kN; ++i) in[i] = static_cast<uint16_t>(i * 40503);  // a permutation
  int64_t away = 0;
  for (int64_t i = 0; i < kN; ++i) {
    const float r = k::BitsToFloat(uint32_t{in[i]} << 16) * 1.00390625f;
    expect[i] = k::FloatToBf16RoundAway(r);
    away += expect[i] != k::FloatToBf16(r);
  }
  EXPECT_GT(away, 400) << "the inputs must give ties that round away";  // 508
  for (int offset : {0, 1, 5}) {
    for (bool stream : {false, true}) {
      std::vector<uint16_t> out(kN, 0xA5A5);
      const void* src[1] = {in.data() + offset};
      void* dst[1] = {out.data() + offset};
      k::RunNpu<k::Bf16RoundAwayIo, 1, 1>(dst, src, kN - offset, MulTies(), stream);
      for (int64_t i = offset; i < kN; ++i) {
        ASSERT_EQ(out[i], expect[i]) << "input 0x" << std::hex << in[i] << std::dec << " offset "
                                     << offset << " stream " << stream;
      }
    }
  }
#else
  GTEST_SKIP() << "no in-register conversions in this build";
#endif
}

TEST(RoundAwayIo, F16PacketEqualsElementByElement) {
  ExpectPacketEqualsNarrow<k::F16RoundAwayIo>(false);
}

TEST(RoundAwayIo, Bf16PacketEqualsElementByElement) {
  ExpectPacketEqualsNarrow<k::Bf16RoundAwayIo>(true);
}

// The same narrowings as the kernel library's chosen ISA variant runs them (the packet forms
// above exist in this test program only when it is built for one ISA): Hardswish's current 16-bit
// rows on every finite input compute max(x, -3)·clamp(x + 3, 0, 6)·fl32(1/6) in fp32 (no fused
// operations), so the output must be that value rounded half away from zero, bit for bit (35 fp16
// and 133 bf16 results are ties that nearest-even rounds the other way). Plain and streaming
// stores, an unaligned start.
void ExpectHardswishRowRoundsTiesAway(k::DType dtype, int64_t minTies) {
  const bool bf16 = dtype == k::DType::BF16;
  const k::KernelRow* row = k::FindKernel(k::OpId::kHardswish, k::Generation::Current, dtype);
  ASSERT_NE(row, nullptr);
  std::vector<uint16_t> in, expect;
  int64_t away = 0;
  for (uint32_t h = 0; h < 65536; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const float x = bf16 ? k::Bf16ToFloat(bits) : k::HalfToFloat(bits);
    if (!std::isfinite(x)) continue;
    const float c = std::min(std::max(x + 3.0f, 0.0f), 6.0f);
    const float p = std::max(x, -3.0f) * c;
    const float r = p * (1.0f / 6.0f);
    in.push_back(bits);
    expect.push_back(bf16 ? k::FloatToBf16RoundAway(r) : k::FloatToHalfRoundAway(r));
    away += expect.back() != (bf16 ? k::FloatToBf16(r) : k::FloatToHalf(r));
  }
  EXPECT_GE(away, minTies) << "the values must include ties that round away";
  const int64_t n = static_cast<int64_t>(in.size());
  const k::KernelParams params;
  for (int64_t start : {int64_t{0}, int64_t{3}}) {
    for (bool stream : {false, true}) {
      std::vector<uint16_t> out(n, 0xA5A5);
      const void* src[1] = {in.data() + start};
      void* dst[1] = {out.data() + start};
      row->npu(dst, src, n - start, params, stream);
      for (int64_t i = start; i < n; ++i) {
        ASSERT_EQ(out[i], expect[i]) << row->name << " x 0x" << std::hex << in[i] << std::dec
                                     << " start " << start << " stream " << stream;
      }
    }
  }
}

TEST(RoundAwayIo, F16RowOfTheChosenVariantRoundsTiesAway) {
  ExpectHardswishRowRoundsTiesAway(k::DType::F16, 30);
}

TEST(RoundAwayIo, Bf16RowOfTheChosenVariantRoundsTiesAway) {
  ExpectHardswishRowRoundsTiesAway(k::DType::BF16, 100);
}

}  // namespace
