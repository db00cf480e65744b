// The common shape of every contiguous functor: widen a chunk of each input into an L1-resident
// fp32 buffer, apply a packet op to whole packets (the tail is zero-padded, so every element goes
// through the same vector code whatever its position), narrow the result with the kernel's
// rounding rule. fp32 kernels read and write full packets in place.
#pragma once

// GCC 12 flags its own _mm512_undefined_* placeholders (inlined from AVX-512 intrinsics and
// Eigen's AVX-512 packet math) as maybe-uninitialized. The pragmas come
// before the includes because the warnings point into those headers; only kernel sources include
// this file, first.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "elementwise/convert.h"

namespace aclcpu {
namespace kernels {

using Packet = Eigen::internal::packet_traits<float>::type;
constexpr int kPacketSize = Eigen::internal::packet_traits<float>::size;
constexpr int kChunk = 256;  // floats per buffer: 3 buffers = 3 KiB
static_assert(kChunk % kPacketSize == 0, "chunk must hold whole packets");

// Round every lane to the nearest fp16 value (RNE, overflow to inf).
template <typename P>
inline P RoundToHalfPacket(const P& x) {
  alignas(64) float lanes[sizeof(P) / sizeof(float)];
  Eigen::internal::pstore(lanes, x);
  for (float& f : lanes) f = RoundToHalf(f);
  return Eigen::internal::pload<P>(lanes);
}
#if defined(__F16C__)
inline __m256 RoundToHalfPacket(const __m256& x) {
  return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
}
inline __m128 RoundToHalfPacket(const __m128& x) {
  return _mm_cvtph_ps(_mm_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
}
#endif
#if defined(__AVX512F__)
inline __m512 RoundToHalfPacket(const __m512& x) {
  return _mm512_cvtph_ps(_mm512_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
}
#endif

// ---- element I/O policies: how a dtype becomes fp32 and comes back ----

struct F32Io {
  using T = float;
  static constexpr bool kDirect = true;
  static void Widen(const T* s, float* d, int64_t n) { std::memcpy(d, s, n * sizeof(float)); }
  static void Narrow(float* s, T* d, int64_t n) { std::memcpy(d, s, n * sizeof(float)); }
};

struct F16Io {
  using T = uint16_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) { WidenHalf(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowHalf(s, d, n); }
};

struct Bf16Io {
  using T = uint16_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) { WidenBf16(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowBf16(s, d, n); }
};

// Legacy int8: exact in fp16 and fp32; back by truncation toward zero, saturating.
struct I8TruncIo {
  using T = int8_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) { WidenI8(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowTruncI8(s, d, n); }
};

// Legacy int32: to fp32 nearest-even; back by truncation toward zero, saturating.
struct I32TruncIo {
  using T = int32_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) { WidenI32(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowTruncI32(s, d, n); }
};

// Current int8: int -> fp16 (exact) -> fp32; back through fp16 (saturating) with half-even.
struct I8HalfIo {
  using T = int8_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) { WidenI8(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) {
    SaturateToHalfBlock(s, n);
    NarrowHalfEvenI8(s, d, n);
  }
};

// Current int32: int -> fp16 (nearest-even, saturating) -> fp32; back the same way as int8.
struct I32HalfIo {
  using T = int32_t;
  static constexpr bool kDirect = false;
  static void Widen(const T* s, float* d, int64_t n) {
    WidenI32(s, d, n);  // 24 >= 2 * 11 + 2: rounding via fp32 equals rounding int -> fp16
    SaturateToHalfBlock(d, n);
  }
  static void Narrow(float* s, T* d, int64_t n) {
    SaturateToHalfBlock(s, n);
    NarrowHalfEvenI32(s, d, n);
  }
};

template <typename Io, typename Op>
inline void RunChunked(void* out, const void* in0, const void* in1, int64_t n, const Op& op) {
  using T = typename Io::T;
  namespace ei = Eigen::internal;
  T* o = static_cast<T*>(out);
  const T* a = static_cast<const T*>(in0);
  const T* b = static_cast<const T*>(in1);
  int64_t i = 0;
  if constexpr (Io::kDirect) {
    for (; i + kPacketSize <= n; i += kPacketSize) {
      const Packet r = op(ei::ploadu<Packet>(a + i), ei::ploadu<Packet>(b + i));
      ei::pstoreu(o + i, r);
    }
  }
  alignas(64) float fa[kChunk];
  alignas(64) float fb[kChunk];
  alignas(64) float fo[kChunk];
  while (i < n) {
    const int len = static_cast<int>(std::min<int64_t>(kChunk, n - i));
    const int padded = (len + kPacketSize - 1) / kPacketSize * kPacketSize;
    Io::Widen(a + i, fa, len);
    Io::Widen(b + i, fb, len);
    for (int j = len; j < padded; ++j) fa[j] = fb[j] = 0.0f;
    for (int j = 0; j < padded; j += kPacketSize) {
      ei::pstore(fo + j, op(ei::pload<Packet>(fa + j), ei::pload<Packet>(fb + j)));
    }
    Io::Narrow(fo, o + i, len);
    i += len;
  }
}

}  // namespace kernels
}  // namespace aclcpu
