// Golden mode rounds once, to the output's own dtype, also when the output's dtype is not the
// kernel row's (an fp32 self with an fp16 / bf16 out, an fp16 self with an fp32 out). Through the
// driver with LeakyRelu, whose result x·slope is exact in double: each case is a tie or a value
// that a first rounding to the row's dtype would move. Npu mode keeps the vendor's two steps
// (the kernel in the row's dtype, then the Cast).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "elementwise/driver.h"
#include "ref_api.h"

namespace reftest {
namespace {

using aclcpu::kernels::FindKernel;
using aclcpu::kernels::Precision;

// One element x of dtype `in` through the LeakyRelu row of `in`, written as `out`; the result's
// bits (fp16 / bf16) or value (fp32, as its bits).
template <typename In, typename Out>
Out RunOne(DType in, In x, DType out, double slope, Precision prec) {
  const KernelRow* row = FindKernel(OpId::kLeakyRelu, Generation::Any, in);
  EXPECT_NE(row, nullptr);
  Out result{};
  const int64_t n = 1, stride = 1;
  aclcpu::kernels::ElementwiseProblem p;
  p.ndim = 1;
  p.shape = &n;
  p.numIn = 1;
  p.numOut = 1;
  p.in[0] = {&x, &stride, in};
  p.out[0] = {&result, &stride, out};
  KernelParams params;
  params.SetScalar(0, static_cast<float>(slope), slope);
  aclcpu::kernels::RunElementwise(*row, prec, p, params, nullptr);
  return result;
}

TEST(GoldenMixedOut, Fp32SelfRoundsOnceToA16BitOut) {
  // x = -(1 + 2^-12), slope = 1 + 2^-12: x·slope = -(1 + 2^-11 + 2^-24), just past the fp16 tie
  // between -1 and -(1 + 2^-10). Once: -(1 + 2^-10) = 0xbc01. Through fp32 (-(1 + 2^-11), the
  // tie itself, to even): -1 = 0xbc00, which npu mode keeps.
  const float x = -(1.0f + 0x1p-12f);
  const double slope = 1.0 + 0x1p-12;
  EXPECT_EQ((RunOne<float, uint16_t>(DType::F32, x, DType::F16, slope, Precision::Golden)), 0xbc01);
  EXPECT_EQ((RunOne<float, uint16_t>(DType::F32, x, DType::F16, slope, Precision::Npu)), 0xbc00);
  // bf16: x = -(1 + 2^-8 - 2^-17), slope = 1 + 2^-17: -(1 + 2^-8 + 2^-25 - 2^-34), past the bf16
  // tie at -(1 + 2^-8); fp32 rounds it onto the tie, which goes to even (-1).
  const float xb = -(1.0f + 0x1p-8f - 0x1p-17f);
  const double slopeB = 1.0 + 0x1p-17;
  EXPECT_EQ((RunOne<float, uint16_t>(DType::F32, xb, DType::BF16, slopeB, Precision::Golden)),
            0xbf81);
  EXPECT_EQ((RunOne<float, uint16_t>(DType::F32, xb, DType::BF16, slopeB, Precision::Npu)), 0xbf80);
}

TEST(GoldenMixedOut, Fp16SelfKeepsTheDigitsOfAnFp32Out) {
  // x = -1 (fp16 0xbc00), slope = 1 + 2^-12: -(1 + 2^-12) is an fp32 value but not an fp16 one.
  const uint16_t x = 0xbc00;
  const double slope = 1.0 + 0x1p-12;
  EXPECT_EQ((RunOne<uint16_t, float>(DType::F16, x, DType::F32, slope, Precision::Golden)),
            -(1.0f + 0x1p-12f));
  EXPECT_EQ((RunOne<uint16_t, float>(DType::F16, x, DType::F32, slope, Precision::Npu)), -1.0f);
  // Same dtypes: the row's own rounding, in both modes.
  EXPECT_EQ((RunOne<uint16_t, uint16_t>(DType::F16, x, DType::F16, slope, Precision::Golden)),
            0xbc00);
}

}  // namespace
}  // namespace reftest
