// Every finite fp16 and bf16 x through the 16-bit SwishBackward rows in both precision modes,
// for several β and gradients:
//  - npu: bit-exact to an independent emulation of the vendor's order (widen exactly; fp32
//    v = x·β, s = 1/(1 + exp(−v)), (g·s)·(1 + v·(1 − s)), each step rounded to fp32, exp
//    correctly rounded; round once to the format, nearest-even). Where the kernel's fp32 exp (not
//    correctly rounded) moves the result, at most 1 ulp of the format; the count is printed.
//  - golden: the exact value rounded once (nearest-even).
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "elementwise/driver.h"
#include "ref_api.h"

namespace reftest {
namespace {

using aclcpu::kernels::FindKernel;
using aclcpu::kernels::Precision;

struct Sweep {
  int64_t checked = 0, offByOne = 0, wrong = 0;
  std::string first;
};

double Emulate(double g, double x, double beta, DType t) {
  const double v = R32(x * beta);
  const double s = R32(1.0 / R32(1.0 + Exp32(-v)));
  const double r = R32(R32(g * s) * R32(1.0 + R32(v * R32(1.0 - s))));
  return RoundToDType(t, r);
}

double ExactRounded(double g, double x, double beta, DType t) {
  const long double v = static_cast<long double>(x) * beta;
  const long double e = std::exp(-v);
  const long double s = 1 / (1 + e);
  return RoundToDType(t, g * s * (1 + v * (std::isinf(e) ? 1.0L : e / (1 + e))));
}

Sweep RunSweep(DType t, Precision prec, double g, float beta) {
  const KernelRow* row = FindKernel(OpId::kSwishBackward, Generation::Legacy, t);
  EXPECT_NE(row, nullptr);
  std::vector<uint16_t> xs, gs, out;
  for (uint32_t b = 0; b < 65536; ++b) {
    const double x =
        t == DType::F16 ? HalfValue(static_cast<uint16_t>(b)) : Bf16Value(static_cast<uint16_t>(b));
    if (!std::isfinite(x)) continue;
    xs.push_back(static_cast<uint16_t>(b));
  }
  gs.assign(xs.size(), t == DType::F16 ? HalfBits(g) : Bf16Bits(g));
  out.assign(xs.size(), 0);
  const int64_t n = static_cast<int64_t>(xs.size());
  const int64_t stride = 1;
  aclcpu::kernels::ElementwiseProblem p;
  p.ndim = 1;
  p.shape = &n;
  p.numIn = 2;
  p.numOut = 1;
  p.in[0] = {gs.data(), &stride, t};
  p.in[1] = {xs.data(), &stride, t};
  p.out[0] = {out.data(), &stride, t};
  KernelParams params;
  params.SetScalar(0, beta, beta);
  aclcpu::kernels::RunElementwise(*row, prec, p, params, nullptr);
  Sweep s;
  for (int64_t i = 0; i < n; ++i) {
    const double x = t == DType::F16 ? HalfValue(xs[i]) : Bf16Value(xs[i]);
    const double got = t == DType::F16 ? HalfValue(out[i]) : Bf16Value(out[i]);
    const double want =
        prec == Precision::Npu ? Emulate(g, x, beta, t) : ExactRounded(g, x, beta, t);
    ++s.checked;
    const bool same = (std::isnan(want) && std::isnan(got)) ||
                      (got == want && std::signbit(got) == std::signbit(want));
    if (same) continue;
    const bool adjacent = std::isfinite(want) && std::isfinite(got) &&
                          std::fabs(got - want) <= Ulp(want, FormatOf(t));
    if (prec == Precision::Npu && adjacent) {
      ++s.offByOne;
      continue;
    }
    if (s.wrong++ == 0) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "x=%.9g g=%g beta=%g: got %.9g want %.9g", x, g, beta, got,
                    want);
      s.first = buf;
    }
  }
  return s;
}

class SwishHalfExhaustive : public ::testing::TestWithParam<DType> {};

TEST_P(SwishHalfExhaustive, EveryFiniteInputBothModes) {
  const DType t = GetParam();
  int64_t checked = 0, offByOne = 0;
  for (float beta : {1.0f, 1.1f, -0.7f, 2.5f, 0.3f}) {
    for (double g : {1.0, -3.5, 0.0625}) {
      for (Precision prec : {Precision::Npu, Precision::Golden}) {
        const Sweep s = RunSweep(t, prec, g, beta);
        EXPECT_EQ(s.wrong, 0) << (prec == Precision::Npu ? "npu " : "golden ") << s.first;
        if (prec == Precision::Npu) {
          checked += s.checked;
          offByOne += s.offByOne;
        }
      }
    }
  }
  std::printf(
      "SwishBackward %s npu: %lld of %lld results 1 ulp from the correctly-rounded-exp "
      "emulation (the kernel's fp32 exp), the rest bit-exact\n",
      t == DType::F16 ? "F16" : "BF16", static_cast<long long>(offByOne),
      static_cast<long long>(checked));
  EXPECT_LT(offByOne * 1000, checked) << "more than 0.1% off by one ulp";
}

INSTANTIATE_TEST_SUITE_P(Formats, SwishHalfExhaustive, ::testing::Values(DType::F16, DType::BF16),
                         [](const ::testing::TestParamInfo<DType>& i) {
                           return std::string(i.param == DType::F16 ? "F16" : "BF16");
                         });

}  // namespace
}  // namespace reftest
