// SwishBackward for fp32 / fp16 / bf16: every dtype computes in fp32 (formulas.h).
#include "elementwise/chunked.h"  // first: see its note on GCC warnings
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"

namespace aclcpu {
namespace kernels {
namespace {

namespace ei = Eigen::internal;

// The packet form of SwishBackward() in formulas.h, op for op. exp is Eigen's vectorised
// Cephes-style exp (about 1 ulp); its scalar std::exp counterpart is never mixed in, because
// RunChunked sends tails through the vector code too.
class SwishOp {
 public:
  explicit SwishOp(float beta)
      : beta_(ei::pset1<Packet>(beta)),
        one_(ei::pset1<Packet>(1.0f)),
        inf_(ei::pset1<Packet>(std::numeric_limits<float>::infinity())),
        cutoff_(ei::pset1<Packet>(kSwishExpCutoff)) {}

  Packet operator()(const Packet& g, const Packet& x) const {
    const Packet v = ei::pmul(x, beta_);
    Packet e = ei::pexp(ei::pnegate(v));
    e = ei::pandnot(e, ei::pcmp_lt(cutoff_, v));  // v > cutoff: e = 0
    const Packet d = ei::padd(one_, e);
    const Packet t = ei::pdiv(g, d);
    const Packet u = ei::pselect(ei::pcmp_lt(e, inf_), ei::pdiv(e, d), one_);
    const Packet w = ei::pmul(v, u);
    return ei::pmul(t, ei::padd(one_, w));
  }

 private:
  Packet beta_, one_, inf_, cutoff_;
};

}  // namespace

void SwishBackwardF32Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params) {
  RunChunked<F32Io>(out, in0, in1, n, SwishOp(params.beta));
}

void SwishBackwardF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                const KernelParams& params) {
  RunChunked<F16Io>(out, in0, in1, n, SwishOp(params.beta));
}

void SwishBackwardBF16Contiguous(void* out, const void* in0, const void* in1, int64_t n,
                                 const KernelParams& params) {
  RunChunked<Bf16Io>(out, in0, in1, n, SwishOp(params.beta));
}

}  // namespace kernels
}  // namespace aclcpu
