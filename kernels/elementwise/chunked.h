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
#include <limits>

#include "elementwise/convert.h"
#include "elementwise/packet_io.h"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {

using Packet = Eigen::internal::packet_traits<float>::type;
constexpr int kPacketSize = Eigen::internal::packet_traits<float>::size;
constexpr int kChunk = 256;  // floats per buffer: 3 buffers = 3 KiB
static_assert(kChunk % kPacketSize == 0, "chunk must hold whole packets");

#if defined(EIGEN_VECTORIZE_AVX512) || \
    (defined(EIGEN_VECTORIZE_AVX2) && defined(__F16C__) && defined(__x86_64__))
#define ACLCPU_PACKET_IO 1
#else
#define ACLCPU_PACKET_IO 0
#endif
static_assert(pio::kPacketIo == (ACLCPU_PACKET_IO != 0), "packet_io.h and chunked.h disagree");
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

// out[i] = op(in0[i], in1[i]) on fp32 packets. `stream`: write the output with streaming stores.
// Where the I/O policy converts in registers, full packets go straight from the inputs through the
// op to the output; the rest (the tail, and the head before the first stream-aligned output
// address) goes through L1 buffers, zero-padded to whole packets, with the same conversions.
template <typename Io, typename Op>
inline void RunChunked(void* out, const void* in0, const void* in1, int64_t n, const Op& op,
                       bool stream) {
  using T = typename Io::T;
  namespace ei = Eigen::internal;
  T* o = static_cast<T*>(out);
  const T* a = static_cast<const T*>(in0);
  const T* b = static_cast<const T*>(in1);
  alignas(64) float fa[kChunk];
  alignas(64) float fb[kChunk];
  alignas(64) float fo[kChunk];
  alignas(64) T to[kChunk];
  // [i, i + len), len <= kChunk, through the buffers.
  auto buffered = [&](int64_t i, int len, bool nt) {
    const int padded = (len + kPacketSize - 1) / kPacketSize * kPacketSize;
    Io::Widen(a + i, fa, len);
    Io::Widen(b + i, fb, len);
    for (int j = len; j < padded; ++j) fa[j] = fb[j] = 0.0f;
    for (int j = 0; j < padded; j += kPacketSize) {
      ei::pstore(fo + j, op(ei::pload<Packet>(fa + j), ei::pload<Packet>(fb + j)));
    }
    NarrowChunk<Io>(fo, to, o + i, len, nt);
  };
  int64_t i = 0;
  if constexpr (Io::kPacket) {
    if (stream) {
      if (reinterpret_cast<uintptr_t>(o) % sizeof(T) == 0) {  // else never aligned: plain stores
        const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(T));
        if (head + kPacketSize <= n) {
          if (head > 0) buffered(0, static_cast<int>(head), false);
          for (i = head; i + 2 * kPacketSize <= n; i += 2 * kPacketSize) {
            const Packet r0 = op(Io::Load(a + i), Io::Load(b + i));
            const Packet r1 = op(Io::Load(a + i + kPacketSize), Io::Load(b + i + kPacketSize));
            Io::Stream(o + i, r0);
            Io::Stream(o + i + kPacketSize, r1);
          }
          for (; i + kPacketSize <= n; i += kPacketSize) {
            Io::Stream(o + i, op(Io::Load(a + i), Io::Load(b + i)));
          }
        }
      }
    }
    // Two packets a step: two independent chains overlap better (Swish: 265 -> 232 us per 1M).
    for (; i + 2 * kPacketSize <= n; i += 2 * kPacketSize) {
      const Packet r0 = op(Io::Load(a + i), Io::Load(b + i));
      const Packet r1 = op(Io::Load(a + i + kPacketSize), Io::Load(b + i + kPacketSize));
      Io::Store(o + i, r0);
      Io::Store(o + i + kPacketSize, r1);
    }
    for (; i + kPacketSize <= n; i += kPacketSize) {
      Io::Store(o + i, op(Io::Load(a + i), Io::Load(b + i)));
    }
  }
  while (i < n) {
    const int len = static_cast<int>(std::min<int64_t>(kChunk, n - i));
    buffered(i, len, stream);
    i += len;
  }
  if (stream) StreamFence();
}

// bf16 output with AVX512-BF16: vcvtneps2bf16 rounds to nearest-even and quiets NaN exactly as
// NarrowBf16 does, except that it flushes fp32 subnormals to zero (checked over all 2^32 inputs
// on the build machine); a packet with a subnormal lane takes pio::ToBf16 instead.
#if ACLCPU_PACKET_IO && defined(EIGEN_VECTORIZE_AVX512) && defined(__AVX512BF16__) && \
    defined(__AVX512DQ__)
struct Bf16FastIo : Bf16Io {
  static __m256i ToBf16(const Packet& v) {
    if (_mm512_fpclass_ps_mask(v, 0x20) != 0) return pio::ToBf16(v);  // 0x20: subnormal
    return reinterpret_cast<__m256i>(_mm512_cvtneps_pbh(v));
  }
  static void Store(T* d, const Packet& v) { pio::Store(d, ToBf16(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, ToBf16(v)); }
};

// 32 bf16 elements a step: one 512-bit load per input splits into its even and odd elements as
// fp32 packets with one shift or one mask each (a bf16 is the high half of its fp32), and one
// two-source conversion plus a word interleave writes them back with one store. The conversions
// and the fallback for a subnormal lane are those of Bf16FastIo, element for element; the head and
// the tail go through RunChunked<Bf16FastIo>.
#define ACLCPU_BF16_PAIRS 1
template <typename Op>
inline void RunBf16Pairs(void* out, const void* in0, const void* in1, int64_t n, const Op& op,
                         bool stream) {
  uint16_t* o = static_cast<uint16_t*>(out);
  const uint16_t* a = static_cast<const uint16_t*>(in0);
  const uint16_t* b = static_cast<const uint16_t*>(in1);
  const __m512i high = _mm512_set1_epi32(static_cast<int>(0xffff0000u));
  const __m512i interleave =
      _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8, 23, 7, 22, 6,
                       21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  auto step = [&](int64_t i, bool nt) {
    const __m512i g = _mm512_loadu_si512(a + i);
    const __m512i y = _mm512_loadu_si512(b + i);
    const Packet rEven = op(_mm512_castsi512_ps(_mm512_slli_epi32(g, 16)),
                            _mm512_castsi512_ps(_mm512_slli_epi32(y, 16)));
    const Packet rOdd = op(_mm512_castsi512_ps(_mm512_and_si512(g, high)),
                           _mm512_castsi512_ps(_mm512_and_si512(y, high)));
    if ((_mm512_fpclass_ps_mask(rEven, 0x20) | _mm512_fpclass_ps_mask(rOdd, 0x20)) != 0) {
      for (int64_t j = i; j < i + 32; j += kPacketSize) {  // rare: the exact narrowing
        const Packet r = op(Bf16FastIo::Load(a + j), Bf16FastIo::Load(b + j));
        if (nt) {
          Bf16FastIo::Stream(o + j, r);
        } else {
          Bf16FastIo::Store(o + j, r);
        }
      }
      return;
    }
    const __m512i r = _mm512_permutexvar_epi16(
        interleave, reinterpret_cast<__m512i>(_mm512_cvtne2ps_pbh(rOdd, rEven)));
    if (nt) {
      _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i), r);
    } else {
      _mm512_storeu_si512(o + i, r);
    }
  };
  int64_t i = 0;
  if (stream && reinterpret_cast<uintptr_t>(o) % sizeof(uint16_t) == 0) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(uint16_t));
    if (head + 32 <= n) {
      RunChunked<Bf16FastIo>(o, a, b, head, op, false);
      for (i = head; i + 32 <= n; i += 32) step(i, true);
    }
  }
  for (; i + 32 <= n; i += 32) step(i, false);
  RunChunked<Bf16FastIo>(o + i, a + i, b + i, n - i, op, stream);
}
#else
using Bf16FastIo = Bf16Io;
#define ACLCPU_BF16_PAIRS 0
#endif

// A kernel with bf16 inputs and output: 32 elements a step where the machine converts bf16 in
// hardware, else RunChunked with the portable conversions.
template <typename Op>
inline void RunBf16(void* out, const void* in0, const void* in1, int64_t n, const Op& op,
                    bool stream) {
#if ACLCPU_BF16_PAIRS
  RunBf16Pairs(out, in0, in1, n, op, stream);
#else
  RunChunked<Bf16FastIo>(out, in0, in1, n, op, stream);
#endif
}

// ---- double-precision compute for 16-bit dtypes ----
// The lanes a 16-bit kernel recomputes in double (swish_backward.cpp) are rounded once, to
// nearest-even, straight from double to the 16-bit format (never through fp32).

using PacketD = Eigen::internal::packet_traits<double>::type;
constexpr int kPacketSizeD = Eigen::internal::packet_traits<double>::size;

// Rounds every lane of d to the nearest value of a binary format with p significant bits and
// smallest normal 2^emin (RNE, subnormals kept, overflow to inf, NaN stays NaN), as a double.
// kScale = 2^(52 - (p - 1)), kMinNormal = 2^emin, kOverflow = the tie between the largest finite
// value and 2^(emax + 1). With c = 2^(max(e, emin) + 52 - (p - 1)) for |d| in [2^e, 2^(e+1)),
// |d| + c is rounded (nearest-even) to a multiple of the format's ulp at |d|; the sum stays in
// c's binade, so c contributes no bit to the parity and (|d| + c) - c is exact.
template <typename P, typename Fmt>
inline P RoundToFormat(const P& d) {
  namespace ei = Eigen::internal;
  const P inf = ei::pset1<P>(std::numeric_limits<double>::infinity());
  const P a = ei::pabs(d);
  const P binade = ei::pand(a, inf);  // inf's bits are the exponent mask: 2^e (inf / NaN: inf)
  const P c = ei::pmul(ei::pmax(binade, ei::pset1<P>(Fmt::kMinNormal)), ei::pset1<P>(Fmt::kScale));
  P r = ei::psub(ei::padd(a, c), c);  // NaN stays NaN; inf is replaced below
  r = ei::pselect(ei::pcmp_le(ei::pset1<P>(Fmt::kOverflow), a), inf, r);
  return ei::por(r, ei::pand(d, ei::pset1<P>(-0.0)));
}

struct HalfFormat {  // p = 11, emin = -14
  static constexpr double kScale = 0x1p42;
  static constexpr double kMinNormal = 0x1p-14;
  static constexpr double kOverflow = 0x1.ffep15;  // 65520
};
struct Bf16Format {  // p = 8, emin = -126
  static constexpr double kScale = 0x1p45;
  static constexpr double kMinNormal = 0x1p-126;
  static constexpr double kOverflow = 0x1.ffp127;
};

}  // namespace kernels
}  // namespace aclcpu
