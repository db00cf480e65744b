// The N-ary strided map behind every split-and-gate kernel: operands share one iteration shape
// (coalesced where every operand allows), the flat index is cut into fixed blocks (one pool task
// each), each block is walked as inner runs, and each run in chunks: operands that are
// contiguous in the compute type are used in place, the others are gathered into (or scattered
// from) small L1 buffers with their dtype conversion. Chunk tails go through the same packet code
// on a zero-padded copy, so an element's result never depends on its position.
#pragma once

#include <algorithm>
#include <type_traits>

#include "rowwise/split_io.h"
#include "rowwise/split_math.h"

namespace aclcpu {
namespace kernels {
namespace split {

constexpr int64_t kChunk = 512;

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

  // One inner run: n elements from in[k] (stride strides_[k][last]) to out[k].
  void Run(const char* const* in, char* const* out, int64_t n) const {
    const int last = nd_ - 1;
    alignas(64) C inBuf[F::kIn][kChunk];
    alignas(64) C outBuf[F::kOut][kChunk];
    for (int64_t c0 = 0; c0 < n; c0 += kChunk) {
      const int64_t m = std::min(kChunk, n - c0);
      const C* src[F::kIn];
      C* dst[F::kOut];
      for (int k = 0; k < F::kIn; ++k) {
        const int64_t s = strides_[k][last];
        const char* base = in[k] + c0 * s * ItemBytes(p_.in[k].dtype);
        if (s == 1 && p_.in[k].dtype == kNative) {
          src[k] = reinterpret_cast<const C*>(base);
        } else {
          Gather<C>(base, s, p_.in[k].dtype, m, inBuf[k]);
          src[k] = inBuf[k];
        }
      }
      bool direct[F::kOut];
      for (int k = 0; k < F::kOut; ++k) {
        const Operand& o = p_.out[k];
        const int64_t s = strides_[kMaxInputs + k][last];
        direct[k] = s == 1 && o.dtype == kNative &&
                    (p_.computeRound[k] == kNative || p_.computeRound[k] == DType::F32);
        dst[k] = direct[k] ? reinterpret_cast<C*>(out[k] + c0 * ItemBytes(o.dtype)) : outBuf[k];
      }
      Compute(src, dst, m);
      for (int k = 0; k < F::kOut; ++k) {
        if (direct[k]) continue;
        const int64_t s = strides_[kMaxInputs + k][last];
        Scatter<C>(outBuf[k], p_.computeRound[k], m, out[k] + c0 * s * ItemBytes(p_.out[k].dtype),
                   s, p_.out[k].dtype);
      }
    }
  }

  void Store(C* d, const P& v) const {
#if defined(EIGEN_VECTORIZE_AVX512)
    if constexpr (sizeof(P) == 64) {
      if (stream_ && (reinterpret_cast<uintptr_t>(d) & 63) == 0) {
        _mm512_stream_ps(reinterpret_cast<float*>(d), v);
        return;
      }
    }
#elif defined(EIGEN_VECTORIZE_AVX)
    if constexpr (sizeof(P) == 32) {
      if (stream_ && (reinterpret_cast<uintptr_t>(d) & 31) == 0) {
        _mm256_stream_ps(reinterpret_cast<float*>(d), v);
        return;
      }
    }
#endif
    ei::pstoreu(d, v);
  }

  void Compute(const C* const* src, C* const* dst, int64_t m) const {
    const F f{};
    P a[F::kIn];
    P r[F::kOut];
    int64_t i = 0;
    for (; i + kStep <= m; i += kStep) {
      for (int k = 0; k < F::kIn; ++k) a[k] = ei::ploadu<P>(src[k] + i);
      f(a, r, p_.params);
      for (int k = 0; k < F::kOut; ++k) Store(dst[k] + i, r[k]);
    }
    if (i == m) return;
    alignas(64) C tin[F::kIn][kStep] = {};
    alignas(64) C tout[F::kOut][kStep];
    for (int k = 0; k < F::kIn; ++k) std::copy(src[k] + i, src[k] + m, tin[k]);
    for (int k = 0; k < F::kIn; ++k) a[k] = ei::pload<P>(tin[k]);
    f(a, r, p_.params);
    for (int k = 0; k < F::kOut; ++k) {
      ei::pstore(tout[k], r[k]);
      std::copy(tout[k], tout[k] + (m - i), dst[k] + i);
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
