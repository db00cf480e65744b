// SwishBackward: fp32 in the vendor's fp32 operation order; fp16 / bf16 in fp32 with an accurate
// op order, and in double (formulas.h) for the few elements whose fp32 value could be off by more
// than a small fraction of a 16-bit ulp.
#include "elementwise/chunked.h"  // first: see its note on GCC warnings
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"

namespace aclcpu {
namespace kernels {
namespace {

namespace ei = Eigen::internal;

// exp(x) on fp32 packets: Eigen 3.4's pexp_float (Cephes-style: m = floor(x log2(e) + 1/2),
// r = x - m ln 2 in two FMA steps, a degree-7 polynomial), op for op, except that on AVX-512 the
// final 2^m * p is one vscalefps instead of Eigen's generic pldexp (four multiplications by
// powers of two). Both round once (only where the result is subnormal), so the bits are Eigen's.
inline Packet ExpF32(const Packet& x_in) {
#if defined(EIGEN_VECTORIZE_AVX512)
  // Operand orders as Eigen's pmin / pmax (NaN propagates through the clamp).
  const __m512 x =
      _mm512_max_ps(_mm512_set1_ps(-88.723f), _mm512_min_ps(_mm512_set1_ps(88.723f), x_in));
  const __m512 m = _mm512_roundscale_ps(
      _mm512_fmadd_ps(x, _mm512_set1_ps(1.44269504088896341f), _mm512_set1_ps(0.5f)),
      _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fmadd_ps(m, _mm512_set1_ps(-0.693359375f), x);
  r = _mm512_fmadd_ps(m, _mm512_set1_ps(2.12194440e-4f), r);
  const __m512 r2 = _mm512_mul_ps(r, r);
  const __m512 r3 = _mm512_mul_ps(r2, r);
  __m512 y = _mm512_fmadd_ps(_mm512_set1_ps(1.9875691500E-4f), r, _mm512_set1_ps(1.3981999507E-3f));
  __m512 y1 =
      _mm512_fmadd_ps(_mm512_set1_ps(4.1665795894E-2f), r, _mm512_set1_ps(1.6666665459E-1f));
  const __m512 y2 = _mm512_add_ps(r, _mm512_set1_ps(1.0f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073E-3f));
  y1 = _mm512_fmadd_ps(y1, r, _mm512_set1_ps(5.0000001201E-1f));
  y = _mm512_fmadd_ps(y, r3, y1);
  y = _mm512_fmadd_ps(y, r2, y2);
  return _mm512_max_ps(x_in, _mm512_scalef_ps(y, m));
#else
  return Eigen::internal::pexp_float(x_in);
#endif
}

// The packet form of SwishBackward() in formulas.h, op for op. exp is Eigen's generic vectorised
// Cephes-style pexp_float (within 1.3 ulp over every float where exp neither overflows nor goes
// subnormal), called directly: Eigen 3.4's AVX-512 pexp<Packet16f> clamps at 88.376 and so
// overflows to inf early (and is 4.6 ulp near there). Its scalar std::exp counterpart is never
// mixed in, because RunChunked sends tails through the vector code too.
class SwishF32Op {
 public:
  explicit SwishF32Op(float beta) : beta_(ei::pset1<Packet>(beta)), one_(ei::pset1<Packet>(1.0f)) {}

  Packet operator()(const Packet& g, const Packet& x) const {
    const Packet v = ei::pmul(x, beta_);
    const Packet e = ExpF32(ei::pnegate(v));
    const Packet s = ei::pdiv(one_, ei::padd(one_, e));
    const Packet w = ei::pmul(v, ei::psub(one_, s));
    return ei::pmul(ei::pmul(g, s), ei::padd(one_, w));
  }

 private:
  Packet beta_, one_;
};

// The packet form of SwishBackwardF64() in formulas.h, on double packets (RunChunkedF64 rounds
// the result once to the 16-bit format).
class SwishF64Op {
 public:
  explicit SwishF64Op(float beta)
      : beta_(ei::pset1<PacketD>(static_cast<double>(beta))),
        one_(ei::pset1<PacketD>(1.0)),
        inf_(ei::pset1<PacketD>(std::numeric_limits<double>::infinity())),
        overflow_(ei::pset1<PacketD>(kSwishExpOverflow)) {}

  PacketD operator()(const PacketD& g, const PacketD& x) const {
    const PacketD v = ei::pmul(x, beta_);
    PacketD e = ei::pexp(ei::pnegate(v));
    e = ei::pselect(ei::pcmp_lt(overflow_, e), inf_, e);
    const PacketD s = ei::pdiv(one_, ei::padd(one_, e));
    const PacketD w = ei::pmul(v, ei::psub(one_, s));
    return ei::pmul(ei::pmul(g, s), ei::padd(one_, w));
  }

 private:
  PacketD beta_, one_, inf_, overflow_;
};

// Per-format thresholds of the fp32 evaluation below (the fp16 result's overflow is near 2^16).
struct HalfFast {
  using Format = HalfFormat;
  static constexpr float kBig = 0x1p15f;
};
struct Bf16Fast {
  using Format = Bf16Format;
  static constexpr float kBig = 0x1p120f;
};

// fp16 / bf16 Swish gradient in fp32: v = x beta, e = exp(-v), s = 1 / (1 + e), 1 - s = e s (no
// cancellation), t = 1 + v (1 - s), out = (g s) t. Its relative error is a few fp32 ulps times
// 1 / |t| (t cancels near v = -1.28) plus |v| 2^-24 (v rounded to fp32), so for |v| <= 80 and
// |t| >= 2^-6 it stays below 2^-16: rounding it once to the 16-bit format (by the I/O policy) is
// within 1 ulp of the exact value. Lanes outside that region, or whose result is tiny, huge or
// not finite, are recomputed with SwishF64Op and rounded to the format directly; the region test
// looks only at the lane itself, so an element's result never depends on its neighbours.
template <typename Fast>
class SwishHalfOp {
 public:
  explicit SwishHalfOp(float beta)
      : f64_(beta),
        beta_(ei::pset1<Packet>(beta)),
        one_(ei::pset1<Packet>(1.0f)),
        vMax_(ei::pset1<Packet>(80.0f)),
        tMin_(ei::pset1<Packet>(0x1p-6f)),
        tiny_(ei::pset1<Packet>(0x1p-100f)),
        big_(ei::pset1<Packet>(Fast::kBig)) {}

  // The fp32 result of every lane, and in *bad a bit for each lane outside the region (lane j:
  // bit j), to be recomputed by Fix().
  Packet Fast32(const Packet& g, const Packet& x, uint32_t* bad) const {
    const Packet v = ei::pmul(x, beta_);
    const Packet e = ExpF32(ei::pnegate(v));
    const Packet s = ei::pdiv(one_, ei::padd(one_, e));
    const Packet t = ei::pmadd(v, ei::pmul(e, s), one_);
    const Packet r = ei::pmul(ei::pmul(g, s), t);
    const Packet ar = ei::pabs(r);
#if defined(EIGEN_VECTORIZE_AVX512)
    // The region test on mask registers, one compare each (Eigen's pcmp_* widen every mask to a
    // vector, which doubled the cost of the test).
    __mmask16 ok = _mm512_cmp_ps_mask(ei::pabs(v), vMax_, _CMP_LE_OQ);
    ok = _mm512_mask_cmp_ps_mask(ok, ei::pabs(t), tMin_, _CMP_GE_OQ);
    ok = _mm512_mask_cmp_ps_mask(ok, ar, big_, _CMP_LT_OQ);
    ok &=
        _mm512_cmp_ps_mask(ar, tiny_, _CMP_GE_OQ) | _mm512_cmp_ps_mask(g, ei::pzero(g), _CMP_EQ_OQ);
    *bad = static_cast<uint16_t>(~ok);
#else
    Packet ok = ei::pand(ei::pcmp_le(ei::pabs(v), vMax_), ei::pcmp_le(tMin_, ei::pabs(t)));
    ok = ei::pand(ok, ei::pcmp_lt(ar, big_));
    ok = ei::pand(ok, ei::por(ei::pcmp_le(tiny_, ar), ei::pcmp_eq(g, ei::pzero(g))));
    alignas(64) float lanes[kPacketSize];
    ei::pstore(lanes, ok);
    uint32_t m = 0;
    for (int j = 0; j < kPacketSize; ++j) {
      if (FloatBits(lanes[j]) == 0) m |= 1u << j;
    }
    *bad = m;
#endif
    return r;
  }

  // SwishF64Op on the k <= kPacketSizeD lanes gd[0..k), xd[0..k) (the rest zero), each rounded
  // once from double to the 16-bit format, written to out[0..k) (exact in fp32).
  void Fix(double* gd, double* xd, int k, float* out) const {
    for (int j = k; j < kPacketSizeD; ++j) gd[j] = xd[j] = 0.0;
    alignas(64) double rd[kPacketSizeD];
    const PacketD r = f64_(ei::pload<PacketD>(gd), ei::pload<PacketD>(xd));
    ei::pstore(rd, RoundToFormat<PacketD, typename Fast::Format>(r));
    for (int j = 0; j < k; ++j) out[j] = static_cast<float>(rd[j]);
  }

 private:
  SwishF64Op f64_;
  Packet beta_, one_, vMax_, tMin_, tiny_, big_;
};

inline int CountTrailingZeros(uint32_t m) {
#if defined(__GNUC__)
  return __builtin_ctz(m);
#else
  int k = 0;
  while (!(m & 1u)) {
    m >>= 1;
    ++k;
  }
  return k;
#endif
}

// RunChunked for SwishHalfOp with the fallback deferred per chunk: the fp32 results of a whole
// chunk go to an L1 buffer with one bit per lane outside the region (no branch per packet); the
// flagged lanes are then recomputed, kPacketSizeD at a time, by the same lane-wise double packet
// code the per-packet blend used, so every element's bits are what they were, whatever its
// position or its neighbours. Conversions and streaming as RunChunked.
template <typename Io, typename Fast>
void RunSwishHalf(void* out, const void* in0, const void* in1, int64_t n,
                  const SwishHalfOp<Fast>& op, bool stream) {
  using T = typename Io::T;
  constexpr int kPackets = kChunk / kPacketSize;
  T* o = static_cast<T*>(out);
  const T* a = static_cast<const T*>(in0);
  const T* b = static_cast<const T*>(in1);
  alignas(64) float fa[kChunk];
  alignas(64) float fb[kChunk];
  alignas(64) float fo[kChunk];
  alignas(64) T to[kChunk];
  alignas(64) float lg[kPacketSize];
  alignas(64) float lx[kPacketSize];
  alignas(64) double gd[kPacketSizeD];
  alignas(64) double xd[kPacketSizeD];
  alignas(64) float fixed[kPacketSizeD];
  uint32_t bad[kPackets];
  int16_t idx[kChunk];

  // [i, i + len), len <= kChunk. Full chunks convert in registers where the policy can.
  auto chunk = [&](int64_t i, int len) {
    const bool inRegs = Io::kPacket && len == kChunk;
    const int packets = (len + kPacketSize - 1) / kPacketSize;
    const T* ca = a + i;
    const T* cb = b + i;
    if (!inRegs) {
      const int padded = packets * kPacketSize;
      Io::Widen(ca, fa, len);
      Io::Widen(cb, fb, len);
      for (int j = len; j < padded; ++j) fa[j] = fb[j] = 0.0f;
    }
    auto load = [&](int p, Packet* g, Packet* x) {
      if constexpr (Io::kPacket) {
        if (inRegs) {
          *g = Io::Load(ca + p * kPacketSize);
          *x = Io::Load(cb + p * kPacketSize);
          return;
        }
      }
      *g = ei::pload<Packet>(fa + p * kPacketSize);
      *x = ei::pload<Packet>(fb + p * kPacketSize);
    };
    uint32_t any = 0;
    for (int p = 0; p < packets; ++p) {
      Packet g, x;
      load(p, &g, &x);
      ei::pstore(fo + p * kPacketSize, op.Fast32(g, x, &bad[p]));
      any |= bad[p];
    }
    if (any != 0) {
      // Indices of the flagged lanes (padding lanes never are: g = x = 0 is in the region).
      int nIdx = 0;
      for (int p = 0; p < packets; ++p) {
        for (uint32_t m = bad[p]; m != 0; m &= m - 1) {
          idx[nIdx++] = static_cast<int16_t>(p * kPacketSize + CountTrailingZeros(m));
        }
      }
      int k = 0;
      int lastPacket = -1;
      for (int q = 0; q < nIdx; ++q) {
        const int e = idx[q];
        const int p = e / kPacketSize;
        if (p != lastPacket) {  // the packet's inputs widened as in the first pass
          Packet g, x;
          load(p, &g, &x);
          ei::pstore(lg, g);
          ei::pstore(lx, x);
          lastPacket = p;
        }
        gd[k] = lg[e % kPacketSize];
        xd[k] = lx[e % kPacketSize];
        if (++k == kPacketSizeD || q + 1 == nIdx) {
          op.Fix(gd, xd, k, fixed);
          for (int j = 0; j < k; ++j) fo[idx[q + 1 - k + j]] = fixed[j];
          k = 0;
        }
      }
    }
    if constexpr (Io::kPacket) {
      if (inRegs) {
        if (stream && IsStreamAligned(o + i)) {
          for (int p = 0; p < kPackets; ++p) {
            Io::Stream(o + i + p * kPacketSize, ei::pload<Packet>(fo + p * kPacketSize));
          }
        } else {
          for (int p = 0; p < kPackets; ++p) {
            Io::Store(o + i + p * kPacketSize, ei::pload<Packet>(fo + p * kPacketSize));
          }
        }
        return;
      }
    }
    NarrowChunk<Io>(fo, to, o + i, len, stream);
  };
  int64_t i = 0;
  if (stream) {  // a short head first, so that the full chunks' output is stream-aligned
    if (reinterpret_cast<uintptr_t>(o) % sizeof(T) == 0) {
      const int64_t head =
          std::min<int64_t>(n, static_cast<int64_t>(BytesToStreamAlign(o) / sizeof(T)));
      if (head > 0) chunk(0, static_cast<int>(head));
      i = head;
    }
  }
  while (i < n) {
    const int len = static_cast<int>(std::min<int64_t>(kChunk, n - i));
    chunk(i, len);
    i += len;
  }
  if (stream) StreamFence();
}

}  // namespace

void SwishBackwardF32Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params, bool stream) {
  RunChunked<F32Io>(out, in0, in1, n, SwishF32Op(params.beta), stream);
}

void SwishBackwardF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params, bool stream) {
  RunSwishHalf<F16Io>(out, in0, in1, n, SwishHalfOp<HalfFast>(params.beta), stream);
}

void SwishBackwardBF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                 const KernelParams& params, bool stream) {
  RunSwishHalf<Bf16Io>(out, in0, in1, n, SwishHalfOp<Bf16Fast>(params.beta), stream);
}

}  // namespace kernels
}  // namespace aclcpu
