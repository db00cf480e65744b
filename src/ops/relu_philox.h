// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11): a
// counter-based generator, so element i's number depends only on (key, counter) and not on the
// order or the thread that computes it. Used by aclnnRReluWithNoise.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace relu {

struct Philox4x32 {
  uint32_t key[2];

  // The four 32-bit outputs for counter c (ten rounds).
  void Block(const uint32_t counter[4], uint32_t out[4]) const {
    uint32_t c0 = counter[0], c1 = counter[1], c2 = counter[2], c3 = counter[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int round = 0; round < 10; ++round) {
      const uint64_t p0 = uint64_t{0xD2511F53u} * c0;
      const uint64_t p1 = uint64_t{0xCD9E8D57u} * c2;
      const uint32_t n0 = static_cast<uint32_t>(p1 >> 32) ^ c1 ^ k0;
      const uint32_t n2 = static_cast<uint32_t>(p0 >> 32) ^ c3 ^ k1;
      c1 = static_cast<uint32_t>(p1);
      c3 = static_cast<uint32_t>(p0);
      c0 = n0;
      c2 = n2;
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
  }

  // A uniform float in [0, 1) for element `index` of a draw at `offset`: counter (index, offset),
  // the top 24 bits of the first output word.
  float Uniform(uint64_t index, uint64_t offset) const {
    const uint32_t counter[4] = {static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32),
                                 static_cast<uint32_t>(offset),
                                 static_cast<uint32_t>(offset >> 32)};
    uint32_t out[4];
    Block(counter, out);
    return static_cast<float>(out[0] >> 8) * 0x1p-24f;
  }
};

inline Philox4x32 PhiloxFromSeed(uint64_t seed) {
  return Philox4x32{{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)}};
}

}  // namespace relu
}  // namespace aclcpu
