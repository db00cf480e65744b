// The N-ary strided map behind every split-and-gate kernel: operands share one iteration shape
// (coalesced where every operand allows), the flat index is cut into fixed blocks (one pool task
// each), each block is walked as inner runs, and each run in chunks: operands that are
// contiguous in the compute type are used in place, contiguous fp16 / bf16 ones are converted in
// registers (fp32 packets of AVX2 / AVX-512), the others are gathered into (or scattered from)
// small L1 buffers with their dtype conversion; every path gives the same bits. Chunk tails go
// through the same packet code on a zero-padded copy, so an element's result never depends on
// its position.
#pragma once

#include <algorithm>
#include <type_traits>

#include "elementwise/packet_io.h"
#include "rowwise/split_io.h"
#include "rowwise/split_math.h"

namespace aclcpu {
namespace kernels {
namespace split {

constexpr int64_t kChunk = 512;
// How far ahead (values) the packet loop fetches its inputs. Each input walks runs of a row
// half (2 KiB-8 KiB) and then jumps over the other half, which the hardware prefetcher relearns
// at every run; fetching 512 values ahead (past the chunk, into the run's next chunk; a prefetch
// past the run's end is harmless) took SwiGlu / GeGlu / SwiGluGrad fp32 at 16M from 0.41-0.61 to
// 0.49-0.68 of the roofline (docs/performance.md, twenty-second session).
constexpr int64_t kFetchAhead = 512;

template <typename C>
struct PacketOf {
  using type = double;  // double runs one element at a time
};
template <>
struct PacketOf<float> {
  using type = PF;
};

template <typename C, typename F>
class SplitMap {
 public:
  // The packet type the formula runs on: fp32 packets, or one double at a time.
  using P = typename PacketOf<C>::type;
  static constexpr int kStep = std::is_same<C, float>::value ? kLanes : 1;
  static constexpr DType kNative = std::is_same<C, float>::value ? DType::F32 : DType::F64;

  explicit SplitMap(const Problem& p) : p_(p) { Coalesce(); }

  int64_t Total() const { return total_; }

  // Computes [begin, end) of the flat index (clipped to the row limit) and zero-fills the rest
  // of the range past the limit when the problem asks for it.
  void RunBlock(int64_t begin, int64_t end) const {
    const int64_t mid = std::min(end, computeEnd_);
    if (begin < mid) Walk(begin, mid, true);
    if (p_.zeroPastLimit && std::max(begin, computeEnd_) < end) {
      Walk(std::max(begin, computeEnd_), end, false);
    }
#if defined(__SSE2__)
    // Streaming stores are weakly ordered: make them visible before the task reports done.
    if (stream_) _mm_sfence();
#endif
  }

 private:
  static constexpr int kOps = kMaxInputs + kMaxOutputs;

  int64_t& Stride(int op, int d) { return strides_[op][d]; }

  void Coalesce() {
    const int numOps = kMaxInputs + p_.numOutputs;
    int64_t rowLen = 1;
    for (int d = p_.rowDims; d < p_.ndim; ++d) rowLen *= p_.shape[d];
    nd_ = 0;
    total_ = 1;
    for (int d = 0; d < p_.ndim; ++d) {
      total_ *= p_.shape[d];
      if (p_.shape[d] == 1) continue;
      bool merge = nd_ > 0;
      for (int op = 0; op < numOps && merge; ++op) {
        merge = Stride(op, nd_ - 1) == p_.shape[d] * OpStride(op, d);
      }
      if (merge) {
        shape_[nd_ - 1] *= p_.shape[d];
        for (int op = 0; op < numOps; ++op) Stride(op, nd_ - 1) = OpStride(op, d);
        continue;
      }
      shape_[nd_] = p_.shape[d];
      for (int op = 0; op < numOps; ++op) Stride(op, nd_) = OpStride(op, d);
      ++nd_;
    }
    if (nd_ == 0) {  // a single element
      shape_[0] = 1;
      for (int op = 0; op < kOps; ++op) Stride(op, 0) = 0;
      nd_ = 1;
    }
    computeEnd_ = total_;
    if (p_.rowLimit >= 0) computeEnd_ = std::min(total_, p_.rowLimit * rowLen);
    // Outputs far larger than the caches are written with streaming stores (no read for
    // ownership: the write costs its bytes once, as a plain copy's does).
    stream_ =
        kStreamPacket && total_ * static_cast<int64_t>(sizeof(C)) * p_.numOutputs >= kStreamBytes;
  }

  // Operand op's stride on dim d of the problem (inputs first, then outputs; absent = 0).
  int64_t OpStride(int op, int d) const {
    if (op < kMaxInputs) return op < p_.numInputs ? p_.in[op].strides[d] : 0;
    return p_.out[op - kMaxInputs].strides[d];
  }

  void Walk(int64_t begin, int64_t end, bool compute) const {
    int64_t idx[kMaxDims];
    int64_t rest = begin;
    for (int d = nd_ - 1; d >= 0; --d) {
      idx[d] = rest % shape_[d];
      rest /= shape_[d];
    }
    const int last = nd_ - 1;
    for (int64_t f = begin; f < end;) {
      const int64_t run = std::min(shape_[last] - idx[last], end - f);
      const char* in[kMaxInputs] = {};
      char* out[kMaxOutputs] = {};
      for (int k = 0; k < p_.numInputs; ++k) {
        in[k] =
            static_cast<const char*>(p_.in[k].data) + Offset(k, idx) * ItemBytes(p_.in[k].dtype);
      }
      for (int k = 0; k < p_.numOutputs; ++k) {
        out[k] = static_cast<char*>(const_cast<void*>(p_.out[k].data)) +
                 Offset(kMaxInputs + k, idx) * ItemBytes(p_.out[k].dtype);
      }
      if (compute) {
        Run(in, out, run);
      } else {
        for (int k = 0; k < p_.numOutputs; ++k) {
          ScatterZeros(run, out[k], strides_[kMaxInputs + k][last], p_.out[k].dtype);
        }
      }
      f += run;
      idx[last] += run;
      for (int d = last; d > 0 && idx[d] == shape_[d]; --d) {
        idx[d] = 0;
        ++idx[d - 1];
      }
    }
  }

  int64_t Offset(int op, const int64_t* idx) const {
    int64_t o = 0;
    for (int d = 0; d < nd_; ++d) o += idx[d] * strides_[op][d];
    return o;
  }

  // How the packet loop reaches an operand of a chunk: fp32 / double memory used in place (the
  // operand itself or an L1 buffer), or contiguous fp16 / bf16 memory converted in registers
  // (pio: the same bits as the block conversions of Gather / Scatter).
  // kMixed: operands of different kinds (a template argument of Compute, never an operand's).
  enum class Kind : uint8_t { kNative, kF16, kBf16, kMixed };

  // Contiguous 16-bit operands are converted in registers where the packets are pio's.
  static constexpr bool kInRegs = std::is_same<C, float>::value && pio::kPacketIo;

  static Kind InRegKind(DType dt, int64_t stride) {
    if (!kInRegs || stride != 1) return Kind::kNative;
    return dt == DType::F16 ? Kind::kF16 : (dt == DType::BF16 ? Kind::kBf16 : Kind::kNative);
  }
  // The dtype of an operand's memory as the packet loop reaches it.
  static DType MemoryType(Kind kind) {
    return kind == Kind::kF16 ? DType::F16 : (kind == Kind::kBf16 ? DType::BF16 : kNative);
  }

  // One inner run: n elements from in[k] (stride strides_[k][last]) to out[k].
  void Run(const char* const* in, char* const* out, int64_t n) const {
    const int last = nd_ - 1;
    alignas(64) C inBuf[F::kIn][kChunk];
    alignas(64) C outBuf[F::kOut][kChunk];
    for (int64_t c0 = 0; c0 < n; c0 += kChunk) {
      const int64_t m = std::min(kChunk, n - c0);
      const void* src[F::kIn];
      void* dst[F::kOut];
      Kind inKind[F::kIn];
      Kind outKind[F::kOut];
      for (int k = 0; k < F::kIn; ++k) {
        const int64_t s = strides_[k][last];
        const char* base = in[k] + c0 * s * ItemBytes(p_.in[k].dtype);
        inKind[k] = InRegKind(p_.in[k].dtype, s);
        if (inKind[k] != Kind::kNative || (s == 1 && p_.in[k].dtype == kNative)) {
          src[k] = base;
        } else {
          Gather<C>(base, s, p_.in[k].dtype, m, inBuf[k]);
          src[k] = inBuf[k];
        }
      }
      bool direct[F::kOut];
      for (int k = 0; k < F::kOut; ++k) {
        const Operand& o = p_.out[k];
        const int64_t s = strides_[kMaxInputs + k][last];
        const DType r = p_.computeRound[k];
        // A rounding to another 16-bit type before the store needs the buffered path.
        const bool plain = r == kNative || r == DType::F32 || r == o.dtype;
        outKind[k] = plain ? InRegKind(o.dtype, s) : Kind::kNative;
        direct[k] = plain && s == 1 && (o.dtype == kNative || outKind[k] != Kind::kNative);
        dst[k] = direct[k] ? static_cast<void*>(out[k] + c0 * ItemBytes(o.dtype)) : outBuf[k];
      }
      // One loop per uniform case (every operand native, or every one fp16, or bf16), with the
      // conversions fixed at compile time; mixed operands take the loop that branches per operand.
      Kind uniform = inKind[0];
      for (int k = 0; k < F::kIn; ++k) uniform = inKind[k] == uniform ? uniform : Kind::kMixed;
      for (int k = 0; k < F::kOut; ++k) uniform = outKind[k] == uniform ? uniform : Kind::kMixed;
      if (uniform == Kind::kNative) {
        Compute<Kind::kNative>(src, inKind, dst, outKind, m);
      } else if (uniform == Kind::kF16) {
        Compute<Kind::kF16>(src, inKind, dst, outKind, m);
      } else if (uniform == Kind::kBf16) {
        Compute<Kind::kBf16>(src, inKind, dst, outKind, m);
      } else {
        Compute<Kind::kMixed>(src, inKind, dst, outKind, m);
      }
      for (int k = 0; k < F::kOut; ++k) {
        if (direct[k]) continue;
        const int64_t s = strides_[kMaxInputs + k][last];
        Scatter<C>(outBuf[k], p_.computeRound[k], m, out[k] + c0 * s * ItemBytes(p_.out[k].dtype),
                   s, p_.out[k].dtype, p_.golden);
      }
    }
  }

  static P Load(const void* base, [[maybe_unused]] Kind kind, int64_t i) {
#if ACLCPU_PACKET_IO
    if constexpr (kInRegs) {
      if (kind == Kind::kF16) return pio::LoadF16(static_cast<const uint16_t*>(base) + i);
      if (kind == Kind::kBf16) return pio::LoadBf16(static_cast<const uint16_t*>(base) + i);
    }
#endif
    return ei::ploadu<P>(static_cast<const C*>(base) + i);
  }

  static void Store(void* base, [[maybe_unused]] Kind kind, int64_t i, const P& v,
                    [[maybe_unused]] bool stream) {
#if ACLCPU_PACKET_IO
    if constexpr (kInRegs) {
      if (kind != Kind::kNative) {
        uint16_t* d = static_cast<uint16_t*>(base) + i;
        const auto h = kind == Kind::kF16 ? pio::ToF16(v) : pio::ToBf16Fast(v);
        if (stream && (reinterpret_cast<uintptr_t>(d) % sizeof(h)) == 0) {
          pio::Stream(d, h);
        } else {
          pio::Store(d, h);
        }
        return;
      }
    }
#endif
    C* d = static_cast<C*>(base) + i;
#if defined(EIGEN_VECTORIZE_AVX512)
    if constexpr (sizeof(P) == 64) {
      if (stream && (reinterpret_cast<uintptr_t>(d) & 63) == 0) {
        _mm512_stream_ps(reinterpret_cast<float*>(d), v);
        return;
      }
    }
#elif defined(EIGEN_VECTORIZE_AVX)
    if constexpr (sizeof(P) == 32) {
      if (stream && (reinterpret_cast<uintptr_t>(d) & 31) == 0) {
        _mm256_stream_ps(reinterpret_cast<float*>(d), v);
        return;
      }
    }
#endif
    ei::pstoreu(d, v);
  }

  // kUniform: the kind of every operand, or kMixed to read each one's from inKind / outKind.
  template <Kind kUniform>
  void Compute(const void* const* src, const Kind* inKind, void* const* dst, const Kind* outKind,
               int64_t m) const {
    const F f{};
    const bool stream = stream_;
    // U packets from position i: U independent chains (exp, divide) in flight at once.
    auto steps = [&](auto unroll, int64_t i) {
      constexpr int U = decltype(unroll)::value;
      P a[U][F::kIn];
      P r[U][F::kOut];
      for (int u = 0; u < U; ++u) {
        for (int k = 0; k < F::kIn; ++k) {
          a[u][k] = Load(src[k], kUniform == Kind::kMixed ? inKind[k] : kUniform, i + u * kStep);
        }
      }
      for (int u = 0; u < U; ++u) f(a[u], r[u], p_.params);
      for (int u = 0; u < U; ++u) {
        for (int k = 0; k < F::kOut; ++k) {
          Store(dst[k], kUniform == Kind::kMixed ? outKind[k] : kUniform, i + u * kStep, r[u][k],
                stream);
        }
      }
    };
    // Four packets a step where one left the loop waiting on each packet's latency (bf16 GeGlu
    // in cache: 2x); then single packets.
    constexpr int kUnroll = std::is_same<C, float>::value ? 4 : 1;
    int64_t i = 0;
    for (; i + kUnroll * kStep <= m; i += kUnroll * kStep) {
      if constexpr (kUnroll > 1) {
        for (int k = 0; k < F::kIn; ++k) {
          const Kind kind = kUniform == Kind::kMixed ? inKind[k] : kUniform;
          const int64_t item = kind == Kind::kNative ? sizeof(C) : 2;
          // (An address past the operand's end is never dereferenced: integer arithmetic.)
          const uintptr_t b = reinterpret_cast<uintptr_t>(src[k]) + (i + kFetchAhead) * item;
          for (int64_t off = 0; off < kUnroll * kStep * item; off += 64) {
            __builtin_prefetch(reinterpret_cast<const void*>(b + off));
          }
        }
      }
      steps(std::integral_constant<int, kUnroll>{}, i);
    }
    for (; i + kStep <= m; i += kStep) steps(std::integral_constant<int, 1>{}, i);
    if (i == m) return;
    // The tail: the same packet code on a zero-padded copy, converted one element at a time with
    // the scalar forms of the same conversions.
    alignas(64) C tin[F::kIn][kStep] = {};
    alignas(64) C tout[F::kOut][kStep];
    P a[F::kIn];
    P r[F::kOut];
    for (int k = 0; k < F::kIn; ++k) {
      const DType dt = MemoryType(inKind[k]);
      Gather<C>(static_cast<const char*>(src[k]) + i * ItemBytes(dt), 1, dt, m - i, tin[k]);
      a[k] = ei::pload<P>(tin[k]);
    }
    f(a, r, p_.params);
    for (int k = 0; k < F::kOut; ++k) {
      ei::pstore(tout[k], r[k]);
      const DType dt = MemoryType(outKind[k]);
      Scatter<C>(tout[k], kNative, m - i, static_cast<char*>(dst[k]) + i * ItemBytes(dt), 1, dt);
    }
  }

#if defined(EIGEN_VECTORIZE_AVX512) || defined(EIGEN_VECTORIZE_AVX)
  static constexpr bool kStreamPacket = std::is_same<C, float>::value;
#else
  static constexpr bool kStreamPacket = false;
#endif
  static constexpr int64_t kStreamBytes = int64_t{16} << 20;

  const Problem& p_;
  bool stream_ = false;
  int nd_ = 0;
  int64_t total_ = 0;
  int64_t computeEnd_ = 0;
  int64_t shape_[kMaxDims] = {};
  int64_t strides_[kOps][kMaxDims] = {};
};

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
