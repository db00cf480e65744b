// Conversions of the rowwise driver: double values reach FLOAT16 / BFLOAT16 with one rounding
// (never through an fp32 rounding first), on loads and on stores.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "rowwise/elem_io.h"

namespace {

using namespace aclcpu::kernels::rowwise;
using aclcpu::kernels::DType;

TEST(RowwiseElemIo, DoubleToSixteenBitRoundsOnce) {
  // Just above the fp16 tie between 1 and 1 + 2^-10: fp32 would first round it onto the tie,
  // and the tie would then go to the even 1.0.
  const double above = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  const double tie = 1.0 + std::ldexp(1.0, -11);
  EXPECT_EQ(RoundVia<double>(above, DType::F16), 1.0 + std::ldexp(1.0, -10));
  EXPECT_EQ(RoundVia<double>(tie, DType::F16), 1.0);
  EXPECT_EQ(RoundVia<double>(-above, DType::F16), -(1.0 + std::ldexp(1.0, -10)));
  const double bfAbove = 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40);
  EXPECT_EQ(RoundVia<double>(bfAbove, DType::BF16), 1.0 + std::ldexp(1.0, -7));

  // A double operand loaded through an fp16 `via` (LogSoftmax: self cast to out's dtype).
  Port port;
  port.storage = DType::F64;
  port.via = DType::F16;
  port.item = 8;
  const double values[2] = {above, tie};
  float buf[16];
  const float* got = LoadRun<float>(port, reinterpret_cast<const char*>(values), 1, 2, 16, buf);
  EXPECT_EQ(got[0], 1.0f + std::ldexp(1.0f, -10));
  EXPECT_EQ(got[1], 1.0f);

  // A double result stored as fp16.
  uint16_t h = 0;
  StoreOne<double>(reinterpret_cast<char*>(&h), DType::F16, above);
  EXPECT_EQ(h, 0x3c01);
  StoreOne<double>(reinterpret_cast<char*>(&h), DType::F16, tie);
  EXPECT_EQ(h, 0x3c00);
}

}  // namespace

namespace {

using aclcpu::kernels::rowwise::FlushRun;
using aclcpu::kernels::rowwise::LoadOne;
using aclcpu::kernels::rowwise::LoadRun;
using aclcpu::kernels::rowwise::Port;
using aclcpu::kernels::rowwise::RoundVia;
using aclcpu::kernels::rowwise::StoreOne;

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// Contiguous fp16 / bf16 runs go through the block conversions: every 16-bit pattern loads, and
// a wide sample of fp32 values stores, with the bits of the element-by-element definition
// (RoundVia of LoadOne; StoreOne of RoundVia), for every `via` the plans pass.
TEST(RowwiseElemIo, BlockConversionsMatchElementByElement) {
  std::vector<uint16_t> all(65536);
  for (uint32_t i = 0; i < 65536; ++i) all[i] = static_cast<uint16_t>(i);
  std::vector<float> wide;
  for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 65521) {
    float f;
    const uint32_t b = static_cast<uint32_t>(u);
    std::memcpy(&f, &b, 4);
    wide.push_back(f);
  }
  for (uint32_t h = 0; h < 65536; ++h) {  // fp16 and bf16 values, their ties and neighbours
    const float hf = aclcpu::kernels::HalfToFloat(static_cast<uint16_t>(h));
    const float bf = aclcpu::kernels::Bf16ToFloat(static_cast<uint16_t>(h));
    for (float v : {hf, bf}) {
      uint32_t b = Bits(v);
      for (uint32_t d : {0u, 1u, 0xfffu, 0x1000u, 0x1001u, 0x7fffu, 0x8000u, 0x8001u}) {
        float f;
        const uint32_t c = b + d;
        std::memcpy(&f, &c, 4);
        wide.push_back(f);
      }
    }
  }
  const int64_t n = static_cast<int64_t>(wide.size());
  for (DType storage : {DType::F16, DType::BF16}) {
    for (DType via : {DType::F16, DType::BF16, DType::F32, DType::F64}) {
      Port port;
      port.storage = storage;
      port.via = via;
      port.item = 2;
      std::vector<float> buf(65536 + 16);
      const float* got = LoadRun<float>(port, reinterpret_cast<const char*>(all.data()), 1, 65536,
                                        65536, buf.data());
      for (uint32_t i = 0; i < 65536; ++i) {
        uint64_t in = all[i];  // LoadOne's other cases read up to 8 bytes
        const float want =
            RoundVia<float>(LoadOne<float>(reinterpret_cast<const char*>(&in), storage), via);
        ASSERT_EQ(Bits(got[i]), Bits(want))
            << "load " << i << " storage " << static_cast<int>(storage) << " via "
            << static_cast<int>(via);
      }
      std::vector<uint16_t> out(static_cast<size_t>(n));
      FlushRun<float>(port, reinterpret_cast<char*>(out.data()), 1, n, wide.data(), wide.data());
      for (int64_t i = 0; i < n; ++i) {
        uint64_t wide8 = 0;  // StoreOne's other cases write up to 8 bytes
        StoreOne<float>(reinterpret_cast<char*>(&wide8), storage, RoundVia<float>(wide[i], via));
        const uint16_t want = static_cast<uint16_t>(wide8);
        ASSERT_EQ(out[i], want) << "store " << wide[i] << " (0x" << std::hex << Bits(wide[i])
                                << ") storage " << std::dec << static_cast<int>(storage) << " via "
                                << static_cast<int>(via);
      }
    }
  }
}

}  // namespace
