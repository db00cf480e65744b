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

// The packet form of SwishBackwardF64() in formulas.h, on double packets (SwishHalfOp::Fix rounds
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

// The zero of t(v) = 1 + v (1 - sigmoid(v)) as a pair of floats (v0 = kV0Hi + kV0Lo to 2^-53),
// and t's Taylor coefficients there (t'(v0) = 1 exactly, since 1 - s = -1 / v0 at the zero).
// Over |v - v0| <= 2^-5 the degree-4 polynomial is within 2^-28 of t relative to t.
constexpr float kV0Hi = -0x1.474974p+0f;
constexpr float kV0Lo = 0x1.bdf6fap-27f;
constexpr float kT2 = -0x1.be141p-4f;
constexpr float kT3 = -0x1.9072f0p-5f;
constexpr float kT4 = -0x1.353eb6p-8f;

// Per-format limits of the fp32 evaluation below.
struct HalfFast {
  using Format = HalfFormat;
  static constexpr float kBig = 0x1p15f;  // the fp16 result's overflow is at 65520
  static constexpr bool kWideRange = false;
};
struct Bf16Fast {
  using Format = Bf16Format;
  static constexpr float kBig = 0x1p120f;
  static constexpr bool kWideRange = true;  // results down to 2^-133 are representable
};

// fp16 / bf16 Swish gradient in fp32, rounded once to the 16-bit format by the I/O policy:
//   v = x beta, e = exp(-v), s = 1 / (1 + e), 1 - s = e s (no cancellation), out = (g s) t with
//   t = 1 + v (1 - s).
// Away from the zero v0 = -1.2785 of t (|t| >= 2^-6) the relative error is a few fp32 ulps times
// 1 / |t| plus |v| 2^-24, below 2^-16: within 1 ulp of the 16-bit format, and within 0.5 ulp plus
// 2^-5 ulp of the exact value. Near the zero, t is taken from its Taylor polynomial in
// d = v - v0, where v = x beta is exact as a float pair (x has 11 or 8 bits) and d is computed
// from the pair with one rounding, so t is accurate to ~2^-23 relative to t however close v
// comes to v0 (until |d| < 2^-28, where the float pair v0 runs out of bits).
// The few lanes this cannot serve are recomputed in double (SwishF64Op, formulas.h) and rounded
// once to the format: |d| < 2^-28, v < -80 (or NaN: s is tiny there and exp(-v) may overflow),
// results not finite or near the format's overflow, and for bf16 (whose range is fp32's) lanes
// where g s is an fp32 subnormal (then r = (g s) t has lost bits; a subnormal r itself is exact
// enough, bf16's subnormals being fp32's).
// Every test looks only at the lane itself: an element's result never depends on its neighbours.
template <typename Fast>
class SwishHalfOp {
 public:
  explicit SwishHalfOp(float beta)
      : f64_(beta),
        beta_(ei::pset1<Packet>(beta)),
        expScale_(ei::pset1<Packet>(-beta * 1.44269504088896341f)) {}

  // Inlined into the driver's loop (GCC would otherwise call it per packet, through memory);
  // the rare fallback stays out of line.
  EIGEN_ALWAYS_INLINE Packet operator()(const Packet& g, const Packet& x) const {
    const Packet v = ei::pmul(x, beta_);
    const Packet e = ExpNegV(x, v);
    const Packet s = Reciprocal(ei::padd(ei::pset1<Packet>(1.0f), e));
    const Packet q = ei::pmul(e, s);  // 1 - s
    const Packet gs = ei::pmul(g, s);
    Packet t = ei::pmadd(v, q, ei::pset1<Packet>(1.0f));
    Packet r = ei::pmul(gs, t);
#if defined(EIGEN_VECTORIZE_AVX512)
    const __mmask16 near = _mm512_cmp_ps_mask(ei::pabs(t), ei::pset1<Packet>(0x1p-6f), _CMP_LT_OQ);
    __mmask16 bad = _mm512_cmp_ps_mask(ei::pabs(r), ei::pset1<Packet>(Fast::kBig),
                                       _CMP_NLT_UQ) |  // NaN included
                    _mm512_cmp_ps_mask(v, ei::pset1<Packet>(-80.0f), _CMP_NGE_UQ);
    if constexpr (Fast::kWideRange) {
      bad |= _mm512_fpclass_ps_mask(gs, 0x20);  // 0x20: subnormal
    }
    if (near != 0) {
      const Packet d = NearZeroOffset(x, v);
      t = _mm512_mask_mov_ps(t, near, NearZeroT(d));
      r = _mm512_mask_mov_ps(r, near, ei::pmul(gs, t));
      bad |= _mm512_mask_cmp_ps_mask(near, ei::pabs(d), ei::pset1<Packet>(0x1p-28f), _CMP_LT_OQ);
    }
    if (bad != 0) r = Fix(g, x, r, bad);
    return r;
#else
    const Packet near = ei::pcmp_lt(ei::pabs(t), ei::pset1<Packet>(0x1p-6f));
    // not (|r| < big and v >= vMin): NaN included
    Packet bad = ei::pand(ei::pcmp_lt(ei::pabs(r), ei::pset1<Packet>(Fast::kBig)),
                          ei::pcmp_le(ei::pset1<Packet>(-80.0f), v));
    bad = ei::pandnot(ei::ptrue(bad), bad);
    if constexpr (Fast::kWideRange) {
      const Packet tiny = ei::pcmp_lt(ei::pabs(gs), ei::pset1<Packet>(0x1p-126f));
      bad = ei::por(bad, ei::pandnot(tiny, ei::pcmp_eq(gs, ei::pzero(gs))));
    }
    if (ei::predux_any(near)) {
      const Packet d = NearZeroOffset(x, v);
      t = ei::pselect(near, NearZeroT(d), t);
      r = ei::pselect(near, ei::pmul(gs, t), r);
      bad = ei::por(bad, ei::pand(near, ei::pcmp_lt(ei::pabs(d), ei::pset1<Packet>(0x1p-28f))));
    }
    if (ei::predux_any(bad)) {
      alignas(64) float lanes[kPacketSize];
      ei::pstore(lanes, bad);
      uint32_t m = 0;
      for (int j = 0; j < kPacketSize; ++j) {
        if (FloatBits(lanes[j]) != 0) m |= 1u << j;
      }
      r = Fix(g, x, r, m);
    }
    return r;
#endif
  }

 private:
  // exp(-v) for the 16-bit formats, from x and v = x beta: m = round(x (-beta log2 e)),
  // r = v + m ln 2 (Cody-Waite, as ExpF32), exp(-v) = 2^m exp(-r) with exp(-r) = 1 - r + r^2 q(-r)
  // and q a degree-4 fit of (exp(r) - 1 - r) / r^2 on |r| <= 1.01 ln2 / 2 (within 2^-26 of exp
  // before the fp32 roundings: the 16-bit results need no more). No clamp: v < -88.7 overflows
  // e to inf and NaNs the lane, huge v gives NaN or 0; the lanes with v < -80 recompute anyway.
  Packet ExpNegV(const Packet& x, const Packet& v) const {
#if defined(EIGEN_VECTORIZE_AVX512)
    const Packet m =
        _mm512_roundscale_ps(ei::pmul(x, expScale_), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    Packet r = ei::pmadd(m, ei::pset1<Packet>(0.693359375f), v);
    r = ei::pmadd(m, ei::pset1<Packet>(-2.12194440e-4f), r);
    Packet q = ei::pmadd(r, ei::pset1<Packet>(0x1.6d1606p-10f), ei::pset1<Packet>(-0x1.12106cp-7f));
    q = ei::pmadd(q, r, ei::pset1<Packet>(0x1.555516p-5f));
    q = ei::pmadd(q, r, ei::pset1<Packet>(-0x1.5554d8p-3f));
    q = ei::pmadd(q, r, ei::pset1<Packet>(0.5f));
    const Packet p = ei::pmadd(q, ei::pmul(r, r), ei::psub(ei::pset1<Packet>(1.0f), r));
    return _mm512_scalef_ps(p, m);
#else
    // Eigen's exp clamps its input at -88.7 (exp(-v) stays ~2^-128 for larger v, which v (1 - s)
    // would then amplify): exp(-v) is 0 there, within 2^-126 of the exact value.
    (void)x;
    const Packet e = ei::pexp_float(ei::pnegate(v));
    return ei::pandnot(e, ei::pcmp_lt(ei::pset1<Packet>(88.0f), v));
#endif
  }

  // 1 / a for a >= 1: a reciprocal estimate and one Newton step (relative error ~2^-23, far
  // below what the 16-bit formats resolve).
  Packet Reciprocal(const Packet& a) const {
#if defined(EIGEN_VECTORIZE_AVX512)
    const Packet y = _mm512_rcp14_ps(a);
    return _mm512_fmadd_ps(y, _mm512_fnmadd_ps(a, y, ei::pset1<Packet>(1.0f)), y);
#elif defined(EIGEN_VECTORIZE_AVX) && defined(__FMA__)
    const Packet y = _mm256_rcp_ps(a);
    return _mm256_fmadd_ps(y, _mm256_fnmadd_ps(a, y, ei::pset1<Packet>(1.0f)), y);
#else
    return ei::pdiv(ei::pset1<Packet>(1.0f), a);
#endif
  }

  // d = x beta - v0 with one rounding: v = fl(x beta) plus the exact product's low part (an
  // FMA; x beta has at most 35 bits), and v - kV0Hi is exact near v0 (Sterbenz). Without FMA,
  // lane by lane in double (exact product, v0 to 2^-53).
  Packet NearZeroOffset(const Packet& x, const Packet& v) const {
#if defined(EIGEN_VECTORIZE_AVX512) || (defined(EIGEN_VECTORIZE_AVX) && defined(__FMA__))
#if defined(EIGEN_VECTORIZE_AVX512)
    const Packet vLo = _mm512_fmsub_ps(x, beta_, v);
#else
    const Packet vLo = _mm256_fmsub_ps(x, beta_, v);
#endif
    return ei::padd(ei::psub(v, ei::pset1<Packet>(kV0Hi)), ei::psub(vLo, ei::pset1<Packet>(kV0Lo)));
#else
    alignas(64) float lx[kPacketSize], lb[kPacketSize];
    ei::pstore(lx, x);
    ei::pstore(lb, beta_);
    const double v0 = static_cast<double>(kV0Hi) + static_cast<double>(kV0Lo);
    for (int j = 0; j < kPacketSize; ++j) {
      lx[j] = static_cast<float>(static_cast<double>(lx[j]) * lb[j] - v0);
    }
    (void)v;
    return ei::pload<Packet>(lx);
#endif
  }

  // t near its zero: d + d^2 (kT2 + d (kT3 + d kT4)).
  static Packet NearZeroT(const Packet& d) {
    Packet p = ei::pmadd(d, ei::pset1<Packet>(kT4), ei::pset1<Packet>(kT3));
    p = ei::pmadd(d, p, ei::pset1<Packet>(kT2));
    return ei::pmadd(ei::pmul(d, d), p, d);
  }

  // r with the lanes of `bad` (bit j: lane j) replaced by SwishF64Op's result rounded once to
  // the 16-bit format (exact in fp32, so the output conversion keeps it).
  // Packets by value: they travel in registers, so the caller's loop need not spill them.
  EIGEN_DONT_INLINE Packet Fix(Packet g, Packet x, Packet r, uint32_t bad) const {
    alignas(64) float lg[kPacketSize], lx[kPacketSize], lr[kPacketSize];
    ei::pstore(lg, g);
    ei::pstore(lx, x);
    ei::pstore(lr, r);
    alignas(64) double gd[kPacketSizeD], xd[kPacketSizeD], rd[kPacketSizeD];
    int idx[kPacketSizeD];
    int k = 0;
    auto flush = [&] {
      for (int j = k; j < kPacketSizeD; ++j) gd[j] = xd[j] = 0.0;
      const PacketD rr = f64_(ei::pload<PacketD>(gd), ei::pload<PacketD>(xd));
      ei::pstore(rd, RoundToFormat<PacketD, typename Fast::Format>(rr));
      for (int j = 0; j < k; ++j) lr[idx[j]] = static_cast<float>(rd[j]);
      k = 0;
    };
    for (int j = 0; j < kPacketSize; ++j) {
      if (!((bad >> j) & 1u)) continue;
      gd[k] = lg[j];
      xd[k] = lx[j];
      idx[k++] = j;
      if (k == kPacketSizeD) flush();
    }
    if (k > 0) flush();
    return ei::pload<Packet>(lr);
  }

  SwishF64Op f64_;
  Packet beta_, expScale_;  // the only per-call values: constants are broadcast where used
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
  RunBf16(out, in0, in1, n, SwishHalfOp<Bf16Fast>(params.beta), stream);
}

}  // namespace kernels
}  // namespace aclcpu
