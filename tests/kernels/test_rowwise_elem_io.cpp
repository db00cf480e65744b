// Conversions of the rowwise driver: double values reach FLOAT16 / BFLOAT16 with one rounding
// (never through an fp32 rounding first), on loads and on stores.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

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
