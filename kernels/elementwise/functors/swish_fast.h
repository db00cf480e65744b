// Hand-tuned npu kernels of the Swish family for the kernel-list rows marked ACLCPU_KERNEL_TUNED:
// the generic functors (functors/swish.h) and runners (chunked.h), so the same operations in the
// vendor's order and the same bits, compiled so that nothing is left out of line: the exp, the
// 16-bit conversions and the functor are inlined into the packet loops (flatten), four packets a
// step, and Swish forward's β template (params.mode) is chosen once per call, not per packet.
//
// Measured and dropped (in cache, AVX-512 build machine): replacing vdivps by vrcp14ps with two
// FMA corrections (the same quotient bit for bit, but fp32 SwishBackward went from 0.29 to 0.40
// ns/element: the divider is not the bottleneck, the exp's ~16 operations are), and a per-thread
// table of all 65536 results of 16-bit Swish forward (lookups by gather from a 128 KiB table cost
// ~2 ns/element, several times the computation).
#pragma once

#include "elementwise/chunked.h"  // first: see io.h on GCC warnings
#include "elementwise/functors/swish.h"

namespace aclcpu {
namespace kernels {
namespace swish_fast {

// SwishFn with its β template fixed: Mode is params.mode.
template <int Mode>
struct SwishModeFn : SwishFn<Packet> {
  explicit SwishModeFn(const KernelParams& p) : SwishFn<Packet>(p) {}
  EIGEN_ALWAYS_INLINE Packet operator()(const Packet& x) const {
    using namespace vm;
    if constexpr (Mode == kSwishMinusOne) {
      return Div(x, Add(One<Packet>(), Exp(x)));
    } else if constexpr (Mode == kSwishZero) {
      return Mul(Set<Packet>(0.5f), x);
    } else {
      return Div(x, Add(One<Packet>(), Exp(Mul(Neg(x), beta))));
    }
  }
};

#if ACLCPU_BF16_PAIRS
// RunBf16Pairs (chunked.h) with 64 elements a step: two loads per input split into four fp32
// packets (even and odd elements), the same conversions and the same fallback to the exact
// narrowing when a result is subnormal; the head and the rest go through RunChunked and
// RunBf16Pairs, element for element the same operations.
template <int NIn, typename Op>
inline void RunBf16Quads(void* const* out, const void* const* in, int64_t n, const Op& op,
                         bool stream) {
  uint16_t* o = static_cast<uint16_t*>(out[0]);
  const uint16_t* a[NIn];
  for (int k = 0; k < NIn; ++k) a[k] = static_cast<const uint16_t*>(in[k]);
  const __m512i high = _mm512_set1_epi32(static_cast<int>(0xffff0000u));
  const __m512i interleave =
      _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8, 23, 7, 22, 6,
                       21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  int64_t i = 0;
  bool nt = false;
  if (stream && reinterpret_cast<uintptr_t>(o) % sizeof(uint16_t) == 0) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(uint16_t));
    if (head + 64 <= n) {
      RunChunked<Bf16FastIo, NIn, 1>(out, in, head, op, false);
      i = head;
      nt = true;
    }
  }
  for (; i + 64 <= n; i += 64) {
    Packet x[4][NIn], r[4];
    for (int k = 0; k < NIn; ++k) {
      for (int h = 0; h < 2; ++h) {
        const __m512i w = _mm512_loadu_si512(a[k] + i + 32 * h);
        x[2 * h][k] = _mm512_castsi512_ps(_mm512_slli_epi32(w, 16));
        x[2 * h + 1][k] = _mm512_castsi512_ps(_mm512_and_si512(w, high));
      }
    }
    for (int u = 0; u < 4; ++u) Apply<NIn, 1>(op, x[u], &r[u]);
    const __mmask16 sub = _mm512_fpclass_ps_mask(r[0], 0x20) | _mm512_fpclass_ps_mask(r[1], 0x20) |
                          _mm512_fpclass_ps_mask(r[2], 0x20) |
                          _mm512_fpclass_ps_mask(r[3], 0x20);  // subnormal
    if (sub != 0) {                                            // rare: the exact narrowing
      const void* subIn[NIn];
      for (int k = 0; k < NIn; ++k) subIn[k] = a[k] + i;
      void* dst[1] = {o + i};
      RunChunked<Bf16FastIo, NIn, 1>(dst, subIn, 64, op, nt);
      continue;
    }
    for (int h = 0; h < 2; ++h) {
      const __m512i v = _mm512_permutexvar_epi16(
          interleave, reinterpret_cast<__m512i>(_mm512_cvtne2ps_pbh(r[2 * h + 1], r[2 * h])));
      if (nt) {
        _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i + 32 * h), v);
      } else {
        _mm512_storeu_si512(o + i + 32 * h, v);
      }
    }
  }
  if (nt) StreamFence();
  const void* restIn[NIn];
  for (int k = 0; k < NIn; ++k) restIn[k] = a[k] + i;
  void* restOut[1] = {o + i};
  RunBf16Pairs<NIn>(restOut, restIn, n - i, op, stream);
}
#endif

// flatten: every call inside, down to the exp and the conversions, is inlined. Where the I/O
// policy converts in registers (fp32, fp16), the body takes four packets a step (four independent
// exp chains: 15-20% faster in cache than two for fp16); the head before the first
// stream-aligned output address and the tail (< 4 packets) go through RunChunked, whose every
// element takes the same operations. bf16 keeps RunBf16Pairs (two packets a step already).
template <typename Io, int NIn, typename Op>
__attribute__((flatten)) void Run(void* const* out, const void* const* in, int64_t n,
                                  const KernelParams& p, bool stream) {
  const Op op(p);
#if ACLCPU_BF16_PAIRS
  if constexpr (std::is_same<Io, Bf16PairsIo>::value) {
    RunBf16Quads<NIn>(out, in, n, op, stream);
    return;
  }
#endif
  if constexpr (!Io::kPacket || std::is_same<Io, Bf16PairsIo>::value) {
    RunNpu<Io, NIn, 1>(out, in, n, op, stream);
  } else {
    using T = typename Io::T;
    constexpr int kStep = 4 * kPacketSize;
    T* o = static_cast<T*>(out[0]);
    const T* a[NIn];
    for (int k = 0; k < NIn; ++k) a[k] = static_cast<const T*>(in[k]);
    int64_t i = 0;
    bool nt = false;
    if (stream && reinterpret_cast<uintptr_t>(o) % sizeof(T) == 0) {
      const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(T));
      if (head + kStep <= n) {
        RunChunked<Io, NIn, 1>(out, in, head, op, false);
        i = head;
        nt = true;
      }
    }
    for (; i + kStep <= n; i += kStep) {
      Packet x[4][NIn], r[4];
      for (int u = 0; u < 4; ++u) {
        for (int k = 0; k < NIn; ++k) x[u][k] = Io::Load(a[k] + i + u * kPacketSize);
      }
      for (int u = 0; u < 4; ++u) Apply<NIn, 1>(op, x[u], &r[u]);
      for (int u = 0; u < 4; ++u) {
        if (nt) {
          Io::Stream(o + i + u * kPacketSize, r[u]);
        } else {
          Io::Store(o + i + u * kPacketSize, r[u]);
        }
      }
    }
    if (nt) StreamFence();
    const void* restIn[NIn];
    for (int k = 0; k < NIn; ++k) restIn[k] = a[k] + i;
    void* restOut[1] = {o + i};
    RunChunked<Io, NIn, 1>(restOut, restIn, n - i, op, stream);
  }
}

}  // namespace swish_fast

template <typename Io>
void SwishNpuTuned(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                   bool stream) {
  using namespace swish_fast;
  if (p.mode == kSwishMinusOne) {
    Run<Io, 1, SwishModeFn<kSwishMinusOne>>(out, in, n, p, stream);
  } else if (p.mode == kSwishZero) {
    Run<Io, 1, SwishModeFn<kSwishZero>>(out, in, n, p, stream);
  } else {
    Run<Io, 1, SwishModeFn<kSwishGeneral>>(out, in, n, p, stream);
  }
}
template <typename Io>
void SwishBackwardNpuTuned(void* const* out, const void* const* in, int64_t n,
                           const KernelParams& p, bool stream) {
  swish_fast::Run<Io, 2, SwishBackwardFn<Packet>>(out, in, n, p, stream);
}
template <typename Io>
void SiluBackwardNpuTuned(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                          bool stream) {
  swish_fast::Run<Io, 2, SiluBackwardFn<Packet>>(out, in, n, p, stream);
}

}  // namespace kernels
}  // namespace aclcpu
