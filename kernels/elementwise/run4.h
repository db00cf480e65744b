// A packet runner for exp-heavy elementwise rows: the generic functor and I/O policy (chunked.h),
// so the same operations and bits as the generic row, compiled so that nothing is left out of
// line. Used by the hand-tuned rows of the Swish family (functors/swish_fast.h) and Selu forward
// on AVX2 (instances/selu.cpp).
#pragma once

#include <cstdint>
#include <type_traits>

#include "elementwise/chunked.h"  // first: see io.h on GCC warnings

namespace aclcpu {
namespace kernels {
namespace run4 {

// flatten: every call inside, down to the exp and the conversions, is inlined. Where the I/O
// policy converts in registers (fp32, fp16), the body takes four packets a step (four independent
// exp chains: 15-20% faster in cache than two for fp16 Swish on AVX-512, 10 % for Selu on AVX2);
// the head before the first stream-aligned output address and the tail (< 4 packets) go through
// RunChunked, whose every element takes the same operations. bf16 keeps RunBf16Pairs (two packets a
// step already).
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

}  // namespace run4
}  // namespace kernels
}  // namespace aclcpu
