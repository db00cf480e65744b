// The fast paths of the kernels against the independent reference: streaming stores for outputs
// larger than the last-level cache (unaligned output included), and the fp32 evaluation of the
// fp16 / bf16 Swish gradient over every fp16 input, around the cancellation zero of
// 1 + v (1 - s) where it hands over to double.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "harness.h"

namespace reftest {
namespace {

// 48 MiB of traffic exceeds the last-level cache of the machines we run on, so the driver streams.
int64_t StreamingElems(size_t isz) {
  return (int64_t{48} << 20) / (3 * static_cast<int64_t>(isz)) + 37;
}

TEST(FastPaths, StreamingStoresLargeOutputs) {
  ThreadPool pool(2);
  // One kernel per output path: fp32 direct, fp16 / bf16 narrowing, int8 narrowing.
  for (const KernelDesc& k : AllKernels()) {
    if (k.id != KernelId::kSeluBackwardCurrentF32 && k.id != KernelId::kSwishBackwardF16 &&
        k.id != KernelId::kSeluBackwardLegacyBF16 && k.id != KernelId::kSeluBackwardCurrentI8)
      continue;
    const int64_t n = StreamingElems(aclcpu::kernels::KernelItemSize(k.id));
    TestLayout l = Contiguous({n}, "large_unaligned_out");
    l.out.offset = 3;
    l.out.storage = n + 3;
    EXPECT_TRUE(RunAndCheck(k, l, 78, 8.0, 1.0f, &pool));
  }
}

// Runs 16-bit kernel k over n contiguous (in0, in1) elements with `beta` and returns how many
// outputs miss the reference (the first is reported).
int64_t RunSwishHalfAndCount(const KernelDesc& k, const std::vector<uint8_t>& in0,
                             const std::vector<uint8_t>& in1, int64_t n, float beta) {
  const size_t isz = 2;
  std::vector<uint8_t> out(n * isz, 0xA5);
  const int64_t shape[1] = {n}, stride[1] = {1};
  aclcpu::kernels::BinaryProblem p{1,          shape, {in0.data(), stride}, {in1.data(), stride},
                                   out.data(), stride};
  aclcpu::kernels::KernelParams params;
  params.beta = beta;
  aclcpu::kernels::RunBinary(k.id, p, params, nullptr);
  int64_t bad = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double gi = Decode(k.dt, &in0[i * isz]);
    const double xi = Decode(k.dt, &in1[i * isz]);
    const Expected e = Reference(k, gi, xi, beta);
    double ulps = 0;
    if (!Matches(k, e, Decode(k.dt, &out[i * isz]), &ulps) && bad++ == 0) {
      ADD_FAILURE() << k.name << " g=" << gi << " x=" << xi << " beta=" << beta << ": got "
                    << Decode(k.dt, &out[i * isz]) << ", want " << e.value;
    }
  }
  return bad;
}

// Every finite fp16 / bf16-representable x from the fp16 grid, with gradients of both signs and
// several betas (beta moves the cancellation zero v = -1.278 across the x grid).
TEST(FastPaths, SwishHalfEveryInput) {
  for (const KernelDesc& k : AllKernels()) {
    if (k.op != Op::SwishBackward || k.dt == DT::F32) continue;
    const size_t isz = 2;
    std::vector<double> xs;
    for (uint32_t h = 0; h < 0x10000u; ++h) {
      const uint16_t bits = static_cast<uint16_t>(h);
      uint8_t bytes[2];
      std::memcpy(bytes, &bits, 2);
      const double x = Decode(DT::F16, bytes);
      if (!std::isfinite(x)) continue;
      xs.push_back(x);
    }
    const int64_t n = static_cast<int64_t>(xs.size());
    for (float beta : {1.0f, 1.7f, -2.5f}) {
      for (double g : {-0.75, 1000.0}) {
        std::vector<uint8_t> in0(n * isz), in1(n * isz);
        for (int64_t i = 0; i < n; ++i) {
          Encode(k.dt, ToDType(k.dt, g), &in0[i * isz]);
          Encode(k.dt, ToDType(k.dt, xs[i]), &in1[i * isz]);
        }
        const int64_t bad = RunSwishHalfAndCount(k, in0, in1, n, beta);
        EXPECT_EQ(bad, 0) << k.name << " beta " << beta << " g " << g;
      }
    }
  }
}

// Every bit pattern of the kernel's own 16-bit format as x (bf16: huge, tiny, subnormal, inf and
// NaN included), with betas of both signs and several magnitudes and gradients from the format's
// subnormals to its largest values: the fp32 path's range limits and its hand-over to double.
TEST(FastPaths, SwishHalfEveryPatternManyBetas) {
  std::mt19937 rng(2024);
  for (const KernelDesc& k : AllKernels()) {
    if (k.op != Op::SwishBackward || k.dt == DT::F32) continue;
    const int64_t n = 65536;
    const bool bf16 = k.dt == DT::BF16;
    std::vector<uint8_t> in0(n * 2), in1(n * 2);
    for (int64_t i = 0; i < n; ++i) {
      const uint16_t bits = static_cast<uint16_t>(i);
      std::memcpy(&in1[i * 2], &bits, 2);
    }
    for (float beta : {1.0f, -1.0f, 0.37109375f, 3.1415927f, -0.0061035156f, 77.5f}) {
      // Gradients: a random magnitude per element over the format's exponent range.
      for (int64_t i = 0; i < n; ++i) {
        const int e = static_cast<int>(rng() % (bf16 ? 260 : 40)) - (bf16 ? 133 : 24);
        const double g = std::ldexp(1.0 + (rng() % 1024) / 1024.0, e) * ((rng() & 1) ? 1 : -1);
        Encode(k.dt, ToDType(k.dt, g), &in0[i * 2]);
      }
      const int64_t bad = RunSwishHalfAndCount(k, in0, in1, n, beta);
      EXPECT_EQ(bad, 0) << k.name << " beta " << beta;
    }
  }
}

// Every (gradOutput, y) pair of the int8 Selu kernels (2^16 pairs): the packet paths' shortcuts
// for integer inputs (no NaN, bounded products) are checked on the whole input space, at three
// output offsets so that each pair meets packet lanes, the buffered head and the tail.
TEST(FastPaths, SeluInt8EveryPair) {
  for (const KernelDesc& k : AllKernels()) {
    if (k.op != Op::SeluBackward || k.dt != DT::I8) continue;
    const int64_t n = 65536;
    for (int64_t off : {0, 1, 13}) {
      std::vector<uint8_t> in0(n), in1(n), out(n + off, 0xA5);
      for (int64_t i = 0; i < n; ++i) {
        in0[i] = static_cast<uint8_t>(i >> 8);
        in1[i] = static_cast<uint8_t>(i & 255);
      }
      const int64_t shape[1] = {n}, stride[1] = {1};
      aclcpu::kernels::BinaryProblem p{
          1, shape, {in0.data(), stride}, {in1.data(), stride}, out.data() + off, stride};
      aclcpu::kernels::KernelParams params;
      aclcpu::kernels::RunBinary(k.id, p, params, nullptr);
      int64_t bad = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double gi = Decode(k.dt, &in0[i]);
        const double yi = Decode(k.dt, &in1[i]);
        const Expected e = Reference(k, gi, yi, 1.0f);
        double ulps = 0;
        const double got = Decode(k.dt, &out[i + off]);
        if (!Matches(k, e, got, &ulps) && bad++ == 0) {
          ADD_FAILURE() << k.name << " g=" << gi << " y=" << yi << ": got " << got << ", want "
                        << e.value;
        }
      }
      EXPECT_EQ(bad, 0) << k.name << " offset " << off;
    }
  }
}

// Every bf16 gradOutput pattern (subnormal, NaN and inf included) with y of both signs through
// the bf16 Selu kernels: the products cover the bf16 subnormal range, where the packet narrowing
// takes its exact fallback.
TEST(FastPaths, SeluBf16EveryGrad) {
  for (const KernelDesc& k : AllKernels()) {
    if (k.op != Op::SeluBackward || k.dt != DT::BF16) continue;
    const int64_t n = 65536;
    for (double y : {1.0, -0.5, -3.0}) {
      std::vector<uint8_t> in0(n * 2), in1(n * 2), out(n * 2, 0xA5);
      for (int64_t i = 0; i < n; ++i) {
        const uint16_t bits = static_cast<uint16_t>(i);
        std::memcpy(&in0[i * 2], &bits, 2);
        Encode(k.dt, ToDType(k.dt, y), &in1[i * 2]);
      }
      const int64_t shape[1] = {n}, stride[1] = {1};
      aclcpu::kernels::BinaryProblem p{
          1, shape, {in0.data(), stride}, {in1.data(), stride}, out.data(), stride};
      aclcpu::kernels::KernelParams params;
      aclcpu::kernels::RunBinary(k.id, p, params, nullptr);
      int64_t bad = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double gi = Decode(k.dt, &in0[i * 2]);
        const double yi = Decode(k.dt, &in1[i * 2]);
        const Expected e = Reference(k, gi, yi, 1.0f);
        double ulps = 0;
        const double got = Decode(k.dt, &out[i * 2]);
        if (!Matches(k, e, got, &ulps) && bad++ == 0) {
          ADD_FAILURE() << k.name << " g=" << gi << " y=" << yi << ": got " << got << ", want "
                        << e.value;
        }
      }
      EXPECT_EQ(bad, 0) << k.name << " y " << y;
    }
  }
}

}  // namespace
}  // namespace reftest
