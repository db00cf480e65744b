// SwishBackward: fp32 in the vendor's fp32 operation order; fp16 / bf16 in double, rounded once
// (formulas.h).
#include "elementwise/chunked.h"  // first: see its note on GCC warnings
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"

namespace aclcpu {
namespace kernels {
namespace {

namespace ei = Eigen::internal;

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
    const Packet e = ei::pexp_float(ei::pnegate(v));
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

}  // namespace

void SwishBackwardF32Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params) {
  RunChunked<F32Io>(out, in0, in1, n, SwishF32Op(params.beta));
}

void SwishBackwardF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params) {
  RunChunkedF64<F16ViaF64Io>(out, in0, in1, n, SwishF64Op(params.beta));
}

void SwishBackwardBF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                 const KernelParams& params) {
  RunChunkedF64<Bf16ViaF64Io>(out, in0, in1, n, SwishF64Op(params.beta));
}

}  // namespace kernels
}  // namespace aclcpu
