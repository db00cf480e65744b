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

// flatten: every call inside, down to the exp and the conversions, is inlined. Where the I/O
// policy converts in registers (fp32, fp16), the body takes four packets a step (four independent
// exp chains: 15-20% faster in cache than two for fp16); the head before the first
// stream-aligned output address and the tail (< 4 packets) go through RunChunked, whose every
// element takes the same operations. bf16 keeps RunBf16Pairs (two packets a step already).
template <typename Io, int NIn, typename Op>
__attribute__((flatten)) void Run(void* const* out, const void* const* in, int64_t n,
                                  const KernelParams& p, bool stream) {
  const Op op(p);
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
