// The SeluBackward contiguous functors called directly, with and without streaming stores, on
// every length up to a few vector steps and at every output alignment within a cache line: the
// heads before a stream-aligned address and the masked or buffered tails must give the bits of the
// independent reference, whatever the element's position.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "elementwise/kernel_fns.h"
#include "reference.h"

namespace {

using namespace reftest;

struct SeluFn {
  const char* name;
  aclcpu::kernels::ContiguousFn fn;
};

const SeluFn kSeluFns[] = {
#define ACLCPU_KERNEL(name, op, gen, dtype) {#name, &aclcpu::kernels::name##Contiguous},
#include "elementwise/kernels.inc"
#undef ACLCPU_KERNEL
};

TEST(SeluFast, EveryLengthAndAlignment) {
  std::mt19937 rng(7);
  for (const KernelDesc& k : AllKernels()) {
    if (k.op != Op::SeluBackward) continue;
    aclcpu::kernels::ContiguousFn fn = nullptr;
    for (const SeluFn& f : kSeluFns) {
      if (std::strcmp(k.name, f.name) == 0) fn = f.fn;
    }
    ASSERT_NE(fn, nullptr) << k.name;
    const size_t isz = k.dt == DT::F32 || k.dt == DT::I32 ? 4 : (k.dt == DT::I8 ? 1 : 2);
    const int64_t maxLen = 300;
    std::vector<uint8_t> in0(maxLen * isz), in1(maxLen * isz);
    std::vector<double> g(maxLen), y(maxLen);
    for (int64_t i = 0; i < maxLen; ++i) {
      const bool integer = k.dt == DT::I8 || k.dt == DT::I32;
      g[i] = integer ? static_cast<double>(static_cast<int>(rng() % 256) - 128)
                     : ToDType(k.dt, std::uniform_real_distribution<double>(-200, 200)(rng));
      y[i] = integer ? static_cast<double>(static_cast<int>(rng() % 256) - 128)
                     : ToDType(k.dt, std::uniform_real_distribution<double>(-130, 130)(rng));
      Encode(k.dt, g[i], &in0[i * isz]);
      Encode(k.dt, y[i], &in1[i * isz]);
    }
    alignas(64) static uint8_t out[(300 + 64) * 4 + 64];
    aclcpu::kernels::KernelParams params;
    int64_t bad = 0;
    for (bool stream : {false, true}) {
      for (int64_t off = 0; off < 64; off += static_cast<int64_t>(isz)) {
        for (int64_t len = 0; len <= maxLen; len += (len < 140 ? 1 : 37)) {
          std::memset(out, 0xA5, sizeof out);
          fn(out + off, in0.data(), in1.data(), len, params, stream);
          for (int64_t i = 0; i < len; ++i) {
            const Expected e = Reference(k, g[i], y[i], 1.0f);
            double ulps = 0;
            const double got = Decode(k.dt, out + off + i * isz);
            if (!Matches(k, e, got, &ulps) && bad++ == 0) {
              ADD_FAILURE() << k.name << " stream " << stream << " off " << off << " len " << len
                            << " i " << i << " g=" << g[i] << " y=" << y[i] << ": got " << got
                            << ", want " << e.value;
            }
          }
          for (size_t j = 0; j < sizeof out; ++j) {
            const bool inside = j >= static_cast<size_t>(off) &&
                                j < static_cast<size_t>(off + len * static_cast<int64_t>(isz));
            if (!inside && out[j] != 0xA5 && bad++ == 0) {
              ADD_FAILURE() << k.name << " wrote byte " << j << " outside [" << off << ", "
                            << off + len * static_cast<int64_t>(isz) << ")";
            }
          }
        }
      }
    }
    EXPECT_EQ(bad, 0) << k.name;
  }
}

}  // namespace
