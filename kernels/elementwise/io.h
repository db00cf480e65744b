// Element I/O policies: how each dtype becomes the compute type and comes back, for whole
// packets in registers (packet_io.h) and for blocks in L1 buffers (convert.h), with the same bits
// either way; plus the streaming (non-temporal) store helpers. Npu policies widen to fp32 the way
// the vendor's kernels do; Golden policies widen exactly to double and round once.
#pragma once

// GCC 12 flags its own _mm512_undefined_* placeholders (inlined from AVX-512 intrinsics and
// Eigen's AVX-512 packet math) as maybe-uninitialized. The pragmas come before the includes
// because the warnings point into those headers; kernel sources include this file first.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "elementwise/convert.h"
#include "elementwise/packet_io.h"
#include "elementwise/packet_round_away.h"
#include "elementwise/vmath.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {

constexpr int kChunk = 256;  // floats per buffer: 3 buffers = 3 KiB
static_assert(kChunk % kPacketSize == 0, "chunk must hold whole packets");

#if ACLCPU_PACKET_IO
static_assert(sizeof(Packet) == sizeof(pio::P), "in-register conversions need Eigen's packet");
#endif

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
// Widen / Narrow convert blocks in L1 buffers (convert.h). Where kPacket is true, Load / Store /
// Stream convert one full packet in registers (packet_io.h) with the same bits; Stream needs an
// address aligned to the store's width.

struct F32Io {
  using T = float;
  static constexpr bool kPacket = true;
  static void Widen(const T* s, float* d, int64_t n) { std::memcpy(d, s, n * sizeof(float)); }
  static void Narrow(float* s, T* d, int64_t n) { std::memcpy(d, s, n * sizeof(float)); }
  static Packet Load(const T* s) { return Eigen::internal::ploadu<Packet>(s); }
  static void Store(T* d, const Packet& v) { Eigen::internal::pstoreu(d, v); }
  static void Stream(T* d, const Packet& v);  // below, with StreamPacket
};

struct F16Io {
  using T = uint16_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) { WidenHalf(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowHalf(s, d, n); }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadF16(s); }
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToF16(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToF16(v)); }
#endif
};

struct Bf16Io {
  using T = uint16_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) { WidenBf16(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowBf16(s, d, n); }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadBf16(s); }
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToBf16(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToBf16(v)); }
#endif
};

// Legacy int8: exact in fp16 and fp32; back by truncation toward zero, saturating.
struct I8TruncIo {
  using T = int8_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) { WidenI8(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowTruncI8(s, d, n); }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadI8(s); }
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToI8Trunc(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToI8Trunc(v)); }
#endif
};

// Legacy int32: to fp32 nearest-even; back by truncation toward zero, saturating.
struct I32TruncIo {
  using T = int32_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) { WidenI32(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) { NarrowTruncI32(s, d, n); }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadI32(s); }
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToI32Trunc(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToI32Trunc(v)); }
#endif
};

// Current int8: int -> fp16 (exact) -> fp32; back through fp16 (saturating) with half-even.
struct I8HalfIo {
  using T = int8_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) { WidenI8(s, d, n); }
  static void Narrow(float* s, T* d, int64_t n) {
    SaturateToHalfBlock(s, n);
    NarrowHalfEvenI8(s, d, n);
  }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadI8(s); }
  static void Store(T* d, const Packet& v) {
    pio::Store(d, pio::ToI8HalfEven(pio::SaturateToHalf(v)));
  }
  static void Stream(T* d, const Packet& v) {
    pio::Stream(d, pio::ToI8HalfEven(pio::SaturateToHalf(v)));
  }
#endif
};

// Current int32: int -> fp16 (nearest-even, saturating) -> fp32; back the same way as int8.
struct I32HalfIo {
  using T = int32_t;
  static constexpr bool kPacket = pio::kPacketIo;
  static void Widen(const T* s, float* d, int64_t n) {
    WidenI32(s, d, n);  // 24 >= 2 * 11 + 2: rounding via fp32 equals rounding int -> fp16
    SaturateToHalfBlock(d, n);
  }
  static void Narrow(float* s, T* d, int64_t n) {
    SaturateToHalfBlock(s, n);
    NarrowHalfEvenI32(s, d, n);
  }
#if ACLCPU_PACKET_IO
  static Packet Load(const T* s) { return pio::LoadI32Half(s); }
  static void Store(T* d, const Packet& v) {
    pio::Store(d, pio::ToI32HalfEven(pio::SaturateToHalf(v)));
  }
  static void Stream(T* d, const Packet& v) {
    pio::Stream(d, pio::ToI32HalfEven(pio::SaturateToHalf(v)));
  }
#endif
};

// ---- non-temporal output ----
// Outputs too large for the last-level cache are written with streaming stores: no read for
// ownership, no eviction of the inputs. The values written are the same; only the cache traffic
// differs. The driver decides (kernel_fns.h); a functor that streamed ends with a store fence.

constexpr int kStreamAlign = 64;

inline bool IsStreamAligned(const void* p) {
  return (reinterpret_cast<uintptr_t>(p) & (kStreamAlign - 1)) == 0;
}

// Bytes from `p` to the next kStreamAlign boundary (0 when already aligned).
inline size_t BytesToStreamAlign(const void* p) {
  return (kStreamAlign - (reinterpret_cast<uintptr_t>(p) & (kStreamAlign - 1))) &
         (kStreamAlign - 1);
}

// Stores a full float packet at an address aligned to the packet size, bypassing the caches
// (portable fallback, e.g. NEON: a plain aligned store).
template <typename P>
inline void StreamPacket(float* dst, const P& v) {
  Eigen::internal::pstore(dst, v);
}
#if defined(__SSE2__)
inline void StreamPacket(float* dst, const __m128& v) { _mm_stream_ps(dst, v); }
#endif
#if defined(__AVX__)
inline void StreamPacket(float* dst, const __m256& v) { _mm256_stream_ps(dst, v); }
#endif
#if defined(__AVX512F__)
inline void StreamPacket(float* dst, const __m512& v) { _mm512_stream_ps(dst, v); }
#endif

inline void F32Io::Stream(float* d, const Packet& v) { StreamPacket(d, v); }

// Copies `bytes` bytes to dst: the 64-byte aligned middle with streaming stores, head and tail
// plainly.
inline void StreamCopy(void* dst, const void* src, size_t bytes) {
  char* d = static_cast<char*>(dst);
  const char* s = static_cast<const char*>(src);
#if defined(__AVX2__)
  size_t head = BytesToStreamAlign(d);
  if (head > bytes) head = bytes;
  std::memcpy(d, s, head);
  size_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i + 32));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(d + i), lo);
    _mm256_stream_si256(reinterpret_cast<__m256i*>(d + i + 32), hi);
  }
  std::memcpy(d + i, s + i, bytes - i);
#else
  std::memcpy(d, s, bytes);
#endif
}

// Keeps a just-loaded packet in a register. Without it GCC may fold a later select into the load
// itself (a zero-masking load of only the selected lanes): ThresholdBackward's gradient was read
// that way, and at 16M elements the masked loads ran at ~0.55 of the roofline against ~0.95 for
// full loads of the same bytes (this CPU's prefetch does not seem to follow them). No effect on
// values.
template <typename P>
EIGEN_ALWAYS_INLINE void KeepLoaded(P& v) {
#if defined(__x86_64__) && defined(__AVX512F__)
  __asm__("" : "+v"(v));
#elif defined(__x86_64__) && defined(__SSE2__)
  __asm__("" : "+x"(v));
#else
  (void)v;
#endif
}

inline void StreamFence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// Narrows `len` fp32 results into o[0, len): with streaming stores through `scratch` when `nt`.
template <typename Io>
inline void NarrowChunk(float* results, typename Io::T* scratch, typename Io::T* o, int len,
                        bool nt) {
  if (nt) {
    Io::Narrow(results, scratch, len);
    StreamCopy(o, scratch, len * sizeof(typename Io::T));
  } else {
    Io::Narrow(results, o, len);
  }
}

}  // namespace kernels
}  // namespace aclcpu

namespace aclcpu {
namespace kernels {

// 16-bit outputs rounded half away from zero (the vendor's CAST_ROUND narrowing on 950 for some
// operators): in registers where packet_round_away.h has the conversion, with the same bits as
// the element-by-element Narrow of the buffered path.
struct F16RoundAwayIo : F16Io {
  static void Narrow(float* s, T* d, int64_t n) {
    for (int64_t i = 0; i < n; ++i) d[i] = FloatToHalfRoundAway(s[i]);
  }
#if ACLCPU_PACKET_IO
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToF16RoundAway(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToF16RoundAway(v)); }
#endif
};
struct Bf16RoundAwayIo : Bf16Io {
  static void Narrow(float* s, T* d, int64_t n) {
    for (int64_t i = 0; i < n; ++i) d[i] = FloatToBf16RoundAway(s[i]);
  }
#if ACLCPU_PACKET_IO
  static void Store(T* d, const Packet& v) { pio::Store(d, pio::ToBf16RoundAway(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, pio::ToBf16RoundAway(v)); }
#endif
};

}  // namespace kernels
}  // namespace aclcpu

namespace aclcpu {
namespace kernels {

// int8 output by truncation toward zero, wrapped modulo 256 (no saturation); NaN gives 0.
struct I8WrapTruncIo : I8TruncIo {
  static constexpr bool kPacket = false;
  static void Narrow(float* s, T* d, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const float f = s[i];
      const int64_t v =
          std::isnan(f) ? 0 : static_cast<int64_t>(std::fmax(std::fmin(f, 0x1p62f), -0x1p62f));
      d[i] = static_cast<T>(static_cast<uint8_t>(static_cast<uint64_t>(v) & 0xffu));
    }
  }
};

}  // namespace kernels
}  // namespace aclcpu
