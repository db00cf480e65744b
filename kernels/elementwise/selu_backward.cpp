// SeluBackward for both kernel generations (formulas.h). The branch is a blend, not a jump:
// the sign of y is random in practice.
#include "elementwise/chunked.h"
#include "elementwise/formulas.h"
#include "elementwise/kernel_fns.h"

namespace aclcpu {
namespace kernels {
namespace {

namespace ei = Eigen::internal;

// Packet form of SeluBackward<kZeroIsNegative>() in fp32.
template <bool kZeroIsNegative>
struct SeluF32Op {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet neg = ei::pmul(g, ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlpha)));
    const Packet pos = ei::pmul(g, ei::pset1<Packet>(kSeluLambda));
    const Packet zero = ei::pzero(y);
    const Packet mask = kZeroIsNegative ? ei::pcmp_le(y, zero) : ei::pcmp_lt(y, zero);
    return ei::pselect(mask, neg, pos);
  }
};

// Packet form of SeluBackwardLegacyHalf(): fp16 arithmetic, every op rounded to fp16.
struct SeluLegacyHalfOp {
  Packet operator()(const Packet& g, const Packet& y) const {
    const Packet sum = RoundToHalfPacket(ei::padd(y, ei::pset1<Packet>(kSeluLambdaAlphaF16)));
    const Packet neg = RoundToHalfPacket(ei::pmul(g, sum));
    const Packet pos = RoundToHalfPacket(ei::pmul(g, ei::pset1<Packet>(kSeluLambdaF16)));
    return ei::pselect(ei::pcmp_lt(y, ei::pzero(y)), neg, pos);
  }
};

using LegacyF32 = SeluF32Op<false>;
using CurrentF32 = SeluF32Op<true>;

}  // namespace

#define ACLCPU_SELU_KERNEL(name, io, op)                                        \
  void name##Contiguous(void* out, const void* in0, const void* in1, int64_t n, \
                        const KernelParams& /*params*/, bool stream) {          \
    RunChunked<io>(out, in0, in1, n, op(), stream);                             \
  }

ACLCPU_SELU_KERNEL(SeluBackwardLegacyF32, F32Io, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyF16, F16Io, SeluLegacyHalfOp)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyBF16, Bf16Io, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI32, I32TruncIo, LegacyF32)
ACLCPU_SELU_KERNEL(SeluBackwardLegacyI8, I8TruncIo, SeluLegacyHalfOp)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF32, F32Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentF16, F16Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentBF16, Bf16Io, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI32, I32HalfIo, CurrentF32)
ACLCPU_SELU_KERNEL(SeluBackwardCurrentI8, I8HalfIo, CurrentF32)

#undef ACLCPU_SELU_KERNEL

}  // namespace kernels
}  // namespace aclcpu
