// The contiguous runners behind every kernel-list row: out_k[i] = op(in_0[i], ..., in_{N-1}[i])
// over n elements of contiguous arrays, for 1-3 inputs and 1-2 outputs.
//  - RunChunked<Io>: fp32 packets. Where the I/O policy converts in registers, full packets go
//    straight from the inputs through the op to the outputs; the rest (the tail, the head before
//    the first stream-aligned output address) goes through L1 buffers, zero-padded to whole
//    packets, with the same conversions: every element takes the same vector code wherever it is.
//  - RunBf16Pairs: bf16 with AVX512-BF16, 32 elements a step (nearest-even or half away).
//  - RunGolden<GIo>: double packets from exactly widened inputs, one rounding at the end.
//  - RunExact<T>: scalar integer arithmetic (the compiler vectorizes it), for integer kernels the
//    vendor computes exactly.
// Outputs may alias inputs exactly; an element's result never depends on its position.
#pragma once

#include <cstring>

#include "elementwise/io.h"  // first: see its note on GCC warnings
#include "elementwise/io_golden.h"

namespace aclcpu {
namespace kernels {

constexpr int kMaxIn = 3;
constexpr int kMaxOut = 2;

// Calls op on NIn values and stores its NOut results. One-output functors return the value;
// two-output functors take two result pointers after the inputs.
template <int NIn, int NOut, typename Op, typename V>
EIGEN_ALWAYS_INLINE void Apply(const Op& op, const V* x, V* r) {
  static_assert(NIn >= 1 && NIn <= kMaxIn && NOut >= 1 && NOut <= kMaxOut, "arity");
  if constexpr (NOut == 1) {
    if constexpr (NIn == 1) r[0] = op(x[0]);
    if constexpr (NIn == 2) r[0] = op(x[0], x[1]);
    if constexpr (NIn == 3) r[0] = op(x[0], x[1], x[2]);
  } else {
    if constexpr (NIn == 1) op(x[0], &r[0], &r[1]);
    if constexpr (NIn == 2) op(x[0], x[1], &r[0], &r[1]);
    if constexpr (NIn == 3) op(x[0], x[1], x[2], &r[0], &r[1]);
  }
}

// A functor with a long dependency chain may split its body in two (`static constexpr bool
// kTwoPass = true`, `Front(x...)` returning what the second half needs, `Back(front, x...)` the
// result, operator() = Back(Front(x), x)). RunChunked then runs Front over blocks of
// kTwoPassBlock packets into an L1 buffer and Back over them, one block behind (TwoPassBlocks):
// the core's scheduler, which holds only a few packets' worth of waiting operations, overlaps
// more chains when each is half as long (Softplus 39 -> 25 us per 65536 in cache). The same
// operations in the same order: the same bits.
template <typename Op, typename = void>
struct TwoPass : std::false_type {};
template <typename Op>
struct TwoPass<Op, std::void_t<decltype(Op::kTwoPass)>> : std::bool_constant<Op::kTwoPass> {};
constexpr int kTwoPassBlock = 16;  // packets per block

template <int NIn, typename Op, typename V>
EIGEN_ALWAYS_INLINE auto ApplyFront(const Op& op, const V* x) {
  if constexpr (NIn == 1) return op.Front(x[0]);
  if constexpr (NIn == 2) return op.Front(x[0], x[1]);
  if constexpr (NIn == 3) return op.Front(x[0], x[1], x[2]);
}
template <int NIn, typename Op, typename F, typename V>
EIGEN_ALWAYS_INLINE V ApplyBack(const Op& op, const F& front, const V* x) {
  if constexpr (NIn == 1) return op.Back(front, x[0]);
  if constexpr (NIn == 2) return op.Back(front, x[0], x[1]);
  if constexpr (NIn == 3) return op.Back(front, x[0], x[1], x[2]);
}

// kTwoPass: `count` consecutive blocks from `at`, software-pipelined: Front over the first block,
// then per packet position the Front of the next block next to the Back of this one, so that each
// step holds two independent short chains (one mostly the exp's multiply-adds and permutes, the
// other a division or the tail) that the core overlaps; MishBackward's two divisions per packet
// otherwise idle the multiply-add ports for a whole pass. Every element takes the same Front then
// Back as before: the same bits. A block's inputs are read before its outputs are written (an
// in-place call reads each input before writing the same element).
template <typename Io, int NIn, typename Op, typename T>
EIGEN_ALWAYS_INLINE void TwoPassBlocks(const Op& op, const T* const* a, T* o, int64_t at,
                                       int64_t count, bool nt) {
  using Front = decltype(ApplyFront<NIn>(op, static_cast<const Packet*>(nullptr)));
  constexpr int64_t kBlockSize = kTwoPassBlock * kPacketSize;
  const auto front = [&](int64_t pos) __attribute__((always_inline)) {
    Packet x[NIn];
    for (int k = 0; k < NIn; ++k) {
      x[k] = Io::Load(a[k] + pos);
      KeepLoaded(x[k]);
    }
    return ApplyFront<NIn>(op, x);
  };
  const auto back = [&](const Front& f, int64_t pos) __attribute__((always_inline)) {
    Packet x[NIn];
    for (int k = 0; k < NIn; ++k) {
      x[k] = Io::Load(a[k] + pos);
      KeepLoaded(x[k]);
    }
    const Packet r = ApplyBack<NIn>(op, f, x);
    if (nt) {
      Io::Stream(o + pos, r);
    } else {
      Io::Store(o + pos, r);
    }
  };
  Front mid[kTwoPassBlock];
  for (int p = 0; p < kTwoPassBlock; ++p) mid[p] = front(at + p * kPacketSize);
  for (int64_t b = 1; b < count; ++b, at += kBlockSize) {
    for (int p = 0; p < kTwoPassBlock; ++p) {
      const Front next = front(at + kBlockSize + p * kPacketSize);
      back(mid[p], at + p * kPacketSize);
      mid[p] = next;
    }
  }
  for (int p = 0; p < kTwoPassBlock; ++p) back(mid[p], at + p * kPacketSize);
}

template <typename Io, int NIn, int NOut, typename Op>
inline void RunChunked(void* const* out, const void* const* in, int64_t n, const Op& opRef,
                       bool stream) {
  // A local copy: the intrinsic stores below may alias anything (their vector types are
  // may_alias), so constants read through a reference would be reloaded after every store.
  const Op op = opRef;
  using T = typename Io::T;
  namespace ei = Eigen::internal;
  T* o[NOut];
  const T* a[NIn];
  for (int k = 0; k < NOut; ++k) o[k] = static_cast<T*>(out[k]);
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const T*>(in[k]);
  stream = stream && NOut == 1;  // one output: its alignment decides (two-output ops are rare)
  alignas(64) float fa[NIn][kChunk];
  alignas(64) float fo[NOut][kChunk];
  alignas(64) T to[kChunk];
  // [i, i + len), len <= kChunk, through the buffers.
  auto buffered = [&](int64_t i, int len, bool nt) {
    const int padded = (len + kPacketSize - 1) / kPacketSize * kPacketSize;
    for (int k = 0; k < NIn; ++k) {
      Io::Widen(a[k] + i, fa[k], len);
      for (int j = len; j < padded; ++j) fa[k][j] = 0.0f;
    }
    for (int j = 0; j < padded; j += kPacketSize) {
      Packet x[NIn], r[NOut];
      for (int k = 0; k < NIn; ++k) x[k] = ei::pload<Packet>(fa[k] + j);
      Apply<NIn, NOut>(op, x, r);
      for (int k = 0; k < NOut; ++k) ei::pstore(fo[k] + j, r[k]);
    }
    for (int k = 0; k < NOut; ++k) NarrowChunk<Io>(fo[k], to, o[k] + i, len, nt);
  };
  int64_t i = 0;
  if constexpr (Io::kPacket) {  // (policies without in-register conversions have no Load/Store)
    auto step = [&](int64_t at, bool nt) __attribute__((always_inline)) {
      Packet x[NIn], r[NOut];
      for (int k = 0; k < NIn; ++k) {
        x[k] = Io::Load(a[k] + at);
        KeepLoaded(x[k]);
      }
      Apply<NIn, NOut>(op, x, r);
      for (int k = 0; k < NOut; ++k) {
        if (nt) {
          Io::Stream(o[k] + at, r[k]);
        } else {
          Io::Store(o[k] + at, r[k]);
        }
      }
    };
    constexpr bool kBlocks = TwoPass<Op>::value && NOut == 1;
    constexpr int64_t kBlockSize = kTwoPassBlock * kPacketSize;
    // Whole blocks from i on (kBlocks), i advanced past them.
    auto blocks = [&](bool nt) __attribute__((always_inline)) {
      if constexpr (kBlocks) {
        const int64_t count = (n - i) / kBlockSize;
        if (count > 0) TwoPassBlocks<Io, NIn>(op, a, o[0], i, count, nt);
        i += count * kBlockSize;
      }
    };
    if (stream && reinterpret_cast<uintptr_t>(o[0]) % sizeof(T) == 0) {
      const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o[0]) / sizeof(T));
      if (head + kPacketSize <= n) {
        if (head > 0) buffered(0, static_cast<int>(head), false);
        i = head;
        blocks(true);
        for (; i + 2 * kPacketSize <= n; i += 2 * kPacketSize) {
          step(i, true);
          step(i + kPacketSize, true);
        }
        for (; i + kPacketSize <= n; i += kPacketSize) step(i, true);
      }
    }
    blocks(false);
    // Two packets a step: two independent chains overlap better.
    for (; i + 2 * kPacketSize <= n; i += 2 * kPacketSize) {
      step(i, false);
      step(i + kPacketSize, false);
    }
    for (; i + kPacketSize <= n; i += kPacketSize) step(i, false);
  }
  while (i < n) {
    const int len = static_cast<int>(std::min<int64_t>(kChunk, n - i));
    buffered(i, len, stream);
    i += len;
  }
  if (stream) StreamFence();
}

// The bf16 pair runners below: `width` elements a step, read by load(i, even, odd) as fp32 packets
// of their even and odd elements and written back by put(i, r, nt). One step through operator(),
// and (kTwoPass) a block of kTwoPassBlock / 2 steps: Front over all of them, then Back.
template <int NIn, typename Op, typename Load, typename Put>
EIGEN_ALWAYS_INLINE void PairStep(const Op& op, int64_t i, bool nt, const Load& load,
                                  const Put& put) {
  Packet even[NIn], odd[NIn], r[2];
  load(i, even, odd);
  Apply<NIn, 1>(op, even, &r[0]);
  Apply<NIn, 1>(op, odd, &r[1]);
  put(i, r, nt);
}
template <int NIn, int kWidth, typename Op, typename Load, typename Put>
EIGEN_ALWAYS_INLINE void PairBlock(const Op& op, int64_t at, bool nt, const Load& load,
                                   const Put& put) {
  constexpr int kSteps = kTwoPassBlock / 2;
  using Front = decltype(ApplyFront<NIn>(op, static_cast<const Packet*>(nullptr)));
  Front mid[kSteps][2];
  for (int s = 0; s < kSteps; ++s) {
    Packet even[NIn], odd[NIn];
    load(at + kWidth * s, even, odd);
    mid[s][0] = ApplyFront<NIn>(op, even);
    mid[s][1] = ApplyFront<NIn>(op, odd);
  }
  for (int s = 0; s < kSteps; ++s) {
    Packet even[NIn], odd[NIn], r[2];
    load(at + kWidth * s, even, odd);
    r[0] = ApplyBack<NIn>(op, mid[s][0], even);
    r[1] = ApplyBack<NIn>(op, mid[s][1], odd);
    put(at + kWidth * s, r, nt);
  }
}

// bf16 output with AVX512-BF16: pio::ToBf16Fast (one vcvtneps2bf16 where no lane is subnormal).
#if ACLCPU_PACKET_IO && ACLCPU_PIO_BF16_FAST
struct Bf16FastIo : Bf16Io {
  static __m256i ToBf16(const Packet& v) { return pio::ToBf16Fast(v); }
  static void Store(T* d, const Packet& v) { pio::Store(d, ToBf16(v)); }
  static void Stream(T* d, const Packet& v) { pio::Stream(d, ToBf16(v)); }
};

// 32 bf16 elements a step (one output): one 512-bit load per input splits into its even and odd
// elements as fp32 packets with one shift or one mask each (a bf16 is the high half of its fp32),
// and one two-source conversion plus a word interleave writes them back with one store. The
// conversions and the fallback for a subnormal lane are Bf16FastIo's, element for element; the
// head and the tail go through RunChunked<Bf16FastIo>.
// Io = Bf16RoundAwayIo (CAST_ROUND outputs): the rounding (bits + 0x8000) >> 16 of the even
// results and the high half of the odd results' rounding meet in place with one ternary-logic
// operation and no interleave; a step with a NaN result (whose rounding differs) goes element by
// element.
#define ACLCPU_BF16_PAIRS 1
template <typename Io, int NIn, typename Op>
__attribute__((noinline)) void RunBf16PairsExact(void* const* out, const void* const* in, int64_t n,
                                                 const Op& op, bool stream) {
  RunChunked<Io, NIn, 1>(out, in, n, op, stream);
}

template <typename Io, int NIn, typename Op>
inline void RunBf16Pairs(void* const* out, const void* const* in, int64_t n, const Op& opRef,
                         bool stream) {
  constexpr bool kAway = std::is_same<Io, Bf16RoundAwayIo>::value;
  static_assert(kAway || std::is_same<Io, Bf16FastIo>::value, "a bf16 output policy");
  const Op op = opRef;  // see RunChunked
  uint16_t* o = static_cast<uint16_t*>(out[0]);
  const uint16_t* a[NIn];
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const uint16_t*>(in[k]);
  const __m512i high = _mm512_set1_epi32(static_cast<int>(0xffff0000u));
  const __m512i interleave =
      _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8, 23, 7, 22, 6,
                       21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  // The 32 elements at i as fp32 packets of their even and odd elements.
  auto load = [&](int64_t i, Packet * even, Packet * odd) __attribute__((always_inline)) {
    for (int k = 0; k < NIn; ++k) {
      __m512i w = _mm512_loadu_si512(a[k] + i);
      KeepLoaded(w);
      even[k] = _mm512_castsi512_ps(_mm512_slli_epi32(w, 16));
      odd[k] = _mm512_castsi512_ps(_mm512_and_si512(w, high));
    }
  };
  // Narrows and stores the results r of the 32 elements at i.
  auto put = [&](int64_t i, const Packet* r, bool nt) __attribute__((always_inline)) {
    // The rare lanes the fast narrowing gets wrong: subnormal (vcvtne2ps2bf16 flushes them), NaN.
    constexpr int kRare = kAway ? 0x81 : 0x20;
    if ((_mm512_fpclass_ps_mask(r[0], kRare) | _mm512_fpclass_ps_mask(r[1], kRare)) != 0) {
      const void* sub[NIn];
      for (int k = 0; k < NIn; ++k) sub[k] = a[k] + i;  // rare: the exact narrowing
      void* dst[1] = {o + i};
      RunBf16PairsExact<Io, NIn>(dst, sub, 32, op, nt);
      return;
    }
    __m512i v;
    if constexpr (kAway) {
      const __m512i half = _mm512_set1_epi32(0x8000);
      const __m512i lo = _mm512_srli_epi32(_mm512_add_epi32(_mm512_castps_si512(r[0]), half), 16);
      const __m512i hi = _mm512_add_epi32(_mm512_castps_si512(r[1]), half);
      v = _mm512_ternarylogic_epi32(hi, high, lo, 0xEA);  // (hi & high) | lo
    } else {
      v = _mm512_permutexvar_epi16(interleave,
                                   reinterpret_cast<__m512i>(_mm512_cvtne2ps_pbh(r[1], r[0])));
    }
    if (nt) {
      _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i), v);
    } else {
      _mm512_storeu_si512(o + i, v);
    }
  };
  auto step = [&](int64_t i, bool nt) __attribute__((always_inline)) {
    PairStep<NIn>(op, i, nt, load, put);
  };
  constexpr int kSteps = kTwoPassBlock / 2;
  auto block = [&](int64_t at, bool nt) __attribute__((always_inline)) {
    if constexpr (TwoPass<Op>::value) PairBlock<NIn, 32>(op, at, nt, load, put);
  };
  int64_t i = 0;
  if (stream && reinterpret_cast<uintptr_t>(o) % sizeof(uint16_t) == 0) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(uint16_t));
    if (head + 32 <= n) {
      RunChunked<Io, NIn, 1>(out, in, head, op, false);
      i = head;
      if constexpr (TwoPass<Op>::value) {
        for (; i + 32 * kSteps <= n; i += 32 * kSteps) block(i, true);
      }
      for (; i + 32 <= n; i += 32) step(i, true);
      StreamFence();
    }
  }
  if constexpr (TwoPass<Op>::value) {
    for (; i + 32 * kSteps <= n; i += 32 * kSteps) block(i, false);
  }
  for (; i + 32 <= n; i += 32) step(i, false);
  const void* restIn[NIn];
  for (int k = 0; k < NIn; ++k) restIn[k] = a[k] + i;
  void* restOut[1] = {o + i};
  RunChunked<Io, NIn, 1>(restOut, restIn, n - i, op, stream);
}
#else
using Bf16FastIo = Bf16Io;
#define ACLCPU_BF16_PAIRS 0
#endif

// The same split on AVX2 (16 bf16 elements a step, nearest-even outputs only): the even and odd
// elements as fp32 packets with one shift or one mask, and each result narrowed by
// pio::ToBf16High (ToBf16's rounding, NarrowBf16's bits, left in the high half of its lane), so
// that one shift and one word blend put the 16 results back in order instead of two lane-crossing
// widenings and a pack per 8 elements. The head and the tail go through RunChunked<Bf16Io>, element
// for element the same operations.
#if !ACLCPU_BF16_PAIRS && ACLCPU_PACKET_IO && defined(__AVX2__) && !defined(EIGEN_VECTORIZE_AVX512)
#define ACLCPU_BF16_PAIRS_AVX2 1
template <int NIn, typename Op>
inline void RunBf16PairsAvx2(void* const* out, const void* const* in, int64_t n, const Op& opRef,
                             bool stream) {
  const Op op = opRef;  // see RunChunked
  uint16_t* o = static_cast<uint16_t*>(out[0]);
  const uint16_t* a[NIn];
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const uint16_t*>(in[k]);
  const __m256i high = _mm256_set1_epi32(static_cast<int>(0xffff0000u));
  auto load = [&](int64_t i, Packet * even, Packet * odd) __attribute__((always_inline)) {
    for (int k = 0; k < NIn; ++k) {
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a[k] + i));
      even[k] = _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
      odd[k] = _mm256_castsi256_ps(_mm256_and_si256(w, high));
    }
  };
  auto put = [&](int64_t i, const Packet* r, bool nt) __attribute__((always_inline)) {
    const __m256i v = _mm256_blend_epi16(_mm256_srli_epi32(pio::ToBf16High(r[0]), 16),
                                         pio::ToBf16High(r[1]), 0xAA);
    if (nt) {
      _mm256_stream_si256(reinterpret_cast<__m256i*>(o + i), v);
    } else {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), v);
    }
  };
  auto step = [&](int64_t i, bool nt) __attribute__((always_inline)) {
    PairStep<NIn>(op, i, nt, load, put);
  };
  constexpr int kSteps = kTwoPassBlock / 2;
  auto block = [&](int64_t at, bool nt) __attribute__((always_inline)) {
    if constexpr (TwoPass<Op>::value) PairBlock<NIn, 16>(op, at, nt, load, put);
  };
  int64_t i = 0;
  if (stream && reinterpret_cast<uintptr_t>(o) % sizeof(uint16_t) == 0) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(uint16_t));
    if (head + 16 <= n) {
      RunChunked<Bf16Io, NIn, 1>(out, in, head, op, false);
      i = head;
      if constexpr (TwoPass<Op>::value) {
        for (; i + 16 * kSteps <= n; i += 16 * kSteps) block(i, true);
      }
      for (; i + 16 <= n; i += 16) step(i, true);
      StreamFence();
    }
  }
  if constexpr (TwoPass<Op>::value) {
    for (; i + 16 * kSteps <= n; i += 16 * kSteps) block(i, false);
  }
  for (; i + 16 <= n; i += 16) step(i, false);
  const void* restIn[NIn];
  for (int k = 0; k < NIn; ++k) restIn[k] = a[k] + i;
  void* restOut[1] = {o + i};
  RunChunked<Bf16Io, NIn, 1>(restOut, restIn, n - i, op, stream);
}
#else
#define ACLCPU_BF16_PAIRS_AVX2 0
#endif

// A marker policy for kernel-list rows: bf16 through RunBf16Pairs where the machine converts
// bf16 in hardware (one output), RunBf16PairsAvx2 on AVX2, else RunChunked with the portable
// conversions.
struct Bf16PairsIo : Bf16FastIo {};

template <typename Io, int NIn, int NOut, typename Op>
inline void RunNpu(void* const* out, const void* const* in, int64_t n, const Op& op, bool stream) {
#if ACLCPU_BF16_PAIRS
  if constexpr (std::is_same<Io, Bf16PairsIo>::value && NOut == 1) {
    RunBf16Pairs<Bf16FastIo, NIn>(out, in, n, op, stream);
    return;
  }
  if constexpr (std::is_same<Io, Bf16RoundAwayIo>::value && NOut == 1) {
    RunBf16Pairs<Bf16RoundAwayIo, NIn>(out, in, n, op, stream);
    return;
  }
#endif
#if ACLCPU_BF16_PAIRS_AVX2
  if constexpr (std::is_same<Io, Bf16PairsIo>::value && NOut == 1) {
    RunBf16PairsAvx2<NIn>(out, in, n, op, stream);
    return;
  }
#endif
  RunChunked<Io, NIn, NOut>(out, in, n, op, stream);
}

// Golden: widen exactly to double, op on double packets, round once per output.
template <typename GIo, int NIn, int NOut, typename Op>
inline void RunGolden(void* const* out, const void* const* in, int64_t n, const Op& op,
                      bool wideOut = false) {
  using T = typename GIo::T;
  namespace ei = Eigen::internal;
  constexpr int kGoldenChunk = 128;
  alignas(64) double da[NIn][kGoldenChunk];
  alignas(64) double dr[NOut][kGoldenChunk];
  for (int64_t i = 0; i < n; i += kGoldenChunk) {
    const int len = static_cast<int>(std::min<int64_t>(kGoldenChunk, n - i));
    const int padded = (len + kPacketSizeD - 1) / kPacketSizeD * kPacketSizeD;
    for (int k = 0; k < NIn; ++k) {
      GIo::Widen(static_cast<const T*>(in[k]) + i, da[k], len);
      for (int j = len; j < padded; ++j) da[k][j] = 0.0;
    }
    for (int j = 0; j < padded; j += kPacketSizeD) {
      PacketD x[NIn], r[NOut];
      for (int k = 0; k < NIn; ++k) x[k] = ei::pload<PacketD>(da[k] + j);
      Apply<NIn, NOut>(op, x, r);
      for (int k = 0; k < NOut; ++k) ei::pstore(dr[k] + j, r[k]);
    }
    for (int k = 0; k < NOut; ++k) {
      if (wideOut) {  // unrounded: the driver rounds once to each output's own dtype
        std::memcpy(static_cast<double*>(out[k]) + i, dr[k], sizeof(double) * len);
      } else {
        GIo::Narrow(dr[k], static_cast<T*>(out[k]) + i, len);
      }
    }
  }
}

// Exact integer kernels: the functor on the integer type itself.
template <typename T, int NIn, int NOut, typename Op>
inline void RunExact(void* const* out, const void* const* in, int64_t n, const Op& op) {
  T* o[NOut];
  const T* a[NIn];
  for (int k = 0; k < NOut; ++k) o[k] = static_cast<T*>(out[k]);
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const T*>(in[k]);
  for (int64_t i = 0; i < n; ++i) {
    T x[NIn], r[NOut];
    for (int k = 0; k < NIn; ++k) x[k] = a[k][i];
    Apply<NIn, NOut>(op, x, r);
    for (int k = 0; k < NOut; ++k) o[k][i] = r[k];
  }
}

}  // namespace kernels
}  // namespace aclcpu
