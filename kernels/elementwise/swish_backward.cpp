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

  Packet operator()(const Packet& g, const Packet& x) const {
    const Packet v = ei::pmul(x, beta_);
    const Packet e = ExpF32(ei::pnegate(v));
    const Packet s = ei::pdiv(one_, ei::padd(one_, e));
    const Packet t = ei::pmadd(v, ei::pmul(e, s), one_);
    const Packet r = ei::pmul(ei::pmul(g, s), t);
    const Packet ar = ei::pabs(r);
#if defined(EIGEN_VECTORIZE_AVX512)
    // The same region test on mask registers, one compare each (Eigen's pcmp_* widen every mask
    // to a vector, which doubled the cost of the test); a packet with every lane in the region
    // takes one kortest and a predicted branch.
    __mmask16 ok = _mm512_cmp_ps_mask(ei::pabs(v), vMax_, _CMP_LE_OQ);
    ok = _mm512_mask_cmp_ps_mask(ok, ei::pabs(t), tMin_, _CMP_GE_OQ);
    ok = _mm512_mask_cmp_ps_mask(ok, ar, big_, _CMP_LT_OQ);
    ok &=
        _mm512_cmp_ps_mask(ar, tiny_, _CMP_GE_OQ) | _mm512_cmp_ps_mask(g, ei::pzero(g), _CMP_EQ_OQ);
    if (ok == 0xffff) return r;
    return _mm512_mask_blend_ps(ok, Recompute(g, x), r);
#else
    Packet ok = ei::pand(ei::pcmp_le(ei::pabs(v), vMax_), ei::pcmp_le(tMin_, ei::pabs(t)));
    ok = ei::pand(ok, ei::pcmp_lt(ar, big_));
    ok = ei::pand(ok, ei::por(ei::pcmp_le(tiny_, ar), ei::pcmp_eq(g, ei::pzero(g))));
    if (!ei::predux_any(ei::pandnot(ei::ptrue(ok), ok))) return r;
    return ei::pselect(ok, r, Recompute(g, x));
#endif
  }

 private:
  // SwishF64Op on every lane, rounded once from double to the 16-bit format (exact in fp32).
  Packet Recompute(const Packet& g, const Packet& x) const {
#if defined(EIGEN_VECTORIZE_AVX512) && defined(EIGEN_VECTORIZE_AVX512DQ)
    // In registers: each half widened exactly to 8 doubles, narrowed exactly back (the value is
    // already a 16-bit format value), no staging through memory.
    using Fmt = typename Fast::Format;
    const PacketD lo = RoundToFormat<PacketD, Fmt>(f64_(
        _mm512_cvtps_pd(_mm512_castps512_ps256(g)), _mm512_cvtps_pd(_mm512_castps512_ps256(x))));
    const PacketD hi =
        RoundToFormat<PacketD, Fmt>(f64_(_mm512_cvtps_pd(_mm512_extractf32x8_ps(g, 1)),
                                         _mm512_cvtps_pd(_mm512_extractf32x8_ps(x, 1))));
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(lo)), _mm512_cvtpd_ps(hi), 1);
#else
    alignas(64) float gf[kPacketSize];
    alignas(64) float xf[kPacketSize];
    alignas(64) double gd[kPacketSize];
    alignas(64) double xd[kPacketSize];
    alignas(64) double rd[kPacketSize];
    ei::pstore(gf, g);
    ei::pstore(xf, x);
    for (int j = 0; j < kPacketSize; ++j) {
      gd[j] = gf[j];
      xd[j] = xf[j];
    }
    for (int j = 0; j < kPacketSize; j += kPacketSizeD) {
      const PacketD r = f64_(ei::pload<PacketD>(gd + j), ei::pload<PacketD>(xd + j));
      ei::pstore(rd + j, RoundToFormat<PacketD, typename Fast::Format>(r));
    }
    for (int j = 0; j < kPacketSize; ++j) gf[j] = static_cast<float>(rd[j]);  // exact
    return ei::pload<Packet>(gf);
#endif
  }

  SwishF64Op f64_;
  Packet beta_, one_, vMax_, tMin_, tiny_, big_;
};

}  // namespace

void SwishBackwardF32Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params, bool stream) {
  RunChunked<F32Io>(out, in0, in1, n, SwishF32Op(params.beta), stream);
}

void SwishBackwardF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params, bool stream) {
  RunChunked<F16Io>(out, in0, in1, n, SwishHalfOp<HalfFast>(params.beta), stream);
}

void SwishBackwardBF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                 const KernelParams& params, bool stream) {
  RunChunked<Bf16Io>(out, in0, in1, n, SwishHalfOp<Bf16Fast>(params.beta), stream);
}

}  // namespace kernels
}  // namespace aclcpu
