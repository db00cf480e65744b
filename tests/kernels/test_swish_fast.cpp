// The hand-tuned Swish-family rows (kernels/elementwise/functors/swish_fast.h) must give the
// bits of the generic rows they override: every tuned row against the generic row of the same
// key, bit for bit (NaN: any NaN), on every 16-bit input or random fp32 bit patterns, several β
// (all three forward templates), aligned and misaligned, plain and streaming stores.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "elementwise/registry.h"

namespace {

using aclcpu::kernels::DType;
using aclcpu::kernels::KernelParams;
using aclcpu::kernels::KernelRow;
using aclcpu::kernels::OpId;

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// ---- tuned rows against the generic rows ----

const KernelRow* GenericTwin(const KernelRow& tuned) {
  size_t n = 0;
  const KernelRow* rows = aclcpu::kernels::KernelRows(&n);
  for (size_t i = 0; i < n; ++i) {
    const KernelRow& r = rows[i];
    if (!r.tuned && r.op == tuned.op && r.gen == tuned.gen && r.dtype == tuned.dtype) return &r;
  }
  return nullptr;
}

bool IsSwishFamily(OpId op) {
  return op == OpId::kSwish || op == OpId::kSwishBackward || op == OpId::kSiluBackward;
}

// Inputs as raw bits of the row's dtype: every 16-bit pattern, or fp32 patterns of every
// exponent plus values in the exp's working range.
std::vector<uint32_t> InputBits(DType t, uint32_t seed) {
  std::vector<uint32_t> v;
  std::mt19937 rng(seed);
  if (t != DType::F32) {
    for (uint32_t b = 0; b < 65536; ++b) v.push_back(b);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
  }
  std::uniform_int_distribution<uint32_t> bits;
  std::uniform_real_distribution<float> mid(-95.0f, 95.0f);
  for (int i = 0; i < 120000; ++i) v.push_back(i % 2 ? bits(rng) : Bits(mid(rng)));
  for (float s : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0x1p-149f, -0x1p-60f, 0x1p-61f, 0x1p100f,
                  -0x1p100f, 0x1.fffffep99f, 41.5f, -41.5f, 60.0f, -88.7f, 88.7f, 87.4f}) {
    v.push_back(Bits(s));
  }
  return v;
}

void Store(DType t, const std::vector<uint32_t>& bits, std::vector<unsigned char>* buf) {
  const size_t item = t == DType::F32 ? 4 : 2;
  buf->assign(bits.size() * item + 64, 0);
  for (size_t i = 0; i < bits.size(); ++i) {
    if (item == 4) {
      std::memcpy(buf->data() + 4 * i, &bits[i], 4);
    } else {
      const uint16_t h = static_cast<uint16_t>(bits[i]);
      std::memcpy(buf->data() + 2 * i, &h, 2);
    }
  }
}

bool IsNanBits(DType t, const unsigned char* p) {
  if (t == DType::F32) {
    uint32_t u;
    std::memcpy(&u, p, 4);
    return (u & 0x7fffffffu) > 0x7f800000u;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  return t == DType::F16 ? (h & 0x7fffu) > 0x7c00u : (h & 0x7fffu) > 0x7f80u;
}

TEST(SwishFastRows, BitwiseEqualToTheGenericRows) {
  size_t count = 0;
  const KernelRow* rows = aclcpu::kernels::KernelRows(&count);
  int tunedRows = 0;
  for (size_t r = 0; r < count; ++r) {
    const KernelRow& tuned = rows[r];
    if (!tuned.tuned || !IsSwishFamily(tuned.op)) continue;
    const KernelRow* generic = GenericTwin(tuned);
    ASSERT_NE(generic, nullptr) << tuned.name;
    ++tunedRows;
    const DType t = tuned.dtype;
    const size_t item = t == DType::F32 ? 4 : 2;
    const int numIn = tuned.op == OpId::kSwish ? 1 : 2;
    std::vector<unsigned char> x, g, outT, outG;
    Store(t, InputBits(t, 1), &x);
    const std::vector<uint32_t> gb = InputBits(t, 2);
    Store(t, gb, &g);
    const int64_t n = static_cast<int64_t>(gb.size());
    for (float beta : {1.0f, 1.1f, -0.7f, -1.0f, 0.0f, 3.5f, 1e-30f, 1e30f}) {
      KernelParams p;
      p.SetScalar(0, beta);
      p.mode = beta == -1.0f ? 1 : (beta == 0.0f ? 2 : 0);
      for (int64_t offset : {0, 1}) {  // aligned; misaligned (the streaming path's head)
        const bool stream = offset == 1;
        const int64_t len = n - offset;
        const void* in[2] = {numIn == 1 ? x.data() + offset * item : g.data() + offset * item,
                             x.data() + offset * item};
        outT.assign(x.size(), 0xa5);
        outG.assign(x.size(), 0x5a);
        void* ot[1] = {outT.data() + offset * item};
        void* og[1] = {outG.data() + offset * item};
        tuned.npu(ot, in, len, p, stream);
        generic->npu(og, in, len, p, stream);
        int64_t diffs = 0;
        for (int64_t i = offset; i < n; ++i) {
          const unsigned char* a = outT.data() + i * item;
          const unsigned char* b = outG.data() + i * item;
          if (std::memcmp(a, b, item) == 0 || (IsNanBits(t, a) && IsNanBits(t, b))) continue;
          if (diffs++ < 3) {
            uint32_t va = 0, vb = 0, vx = 0;
            std::memcpy(&va, a, item);
            std::memcpy(&vb, b, item);
            std::memcpy(&vx, x.data() + i * item, item);
            ADD_FAILURE() << tuned.name << " beta=" << beta << " x bits " << std::hex << vx
                          << ": tuned " << va << " generic " << vb;
          }
        }
        EXPECT_EQ(diffs, 0) << tuned.name << " beta=" << beta << " offset " << offset;
      }
    }
  }
  EXPECT_EQ(tunedRows, 9);
}

}  // namespace
