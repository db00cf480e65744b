// Kernel instances of lists/relu.inc, and the DOUBLE rows of LeakyRelu and LeakyReluBackward.
#include "elementwise/functors/relu.h"

#include "elementwise/half_select.h"
#include "elementwise/instance.h"  // first: see io.h on GCC warnings

namespace aclcpu {
namespace kernels {
namespace {

// DOUBLE goes to the vendor's AICPU kernels, which compute in double with the slope the
// operator passes as a float attribute (aclScalar::ToFloat): the functor on double packets with
// every scalar taken as its float value.
template <int NIn, template <typename> class F>
void F64WithFloatScalars(void* const* out, const void* const* in, int64_t n,
                         const KernelParams& p) {
  KernelParams q = p;
  for (int k = 0; k < KernelParams::kScalars; ++k) q.d[k] = static_cast<double>(q.f[k]);
  RunGolden<GF64, NIn, 1>(out, in, n, F<PacketD>(q));
}

void LeakyReluF64(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                  bool /*stream*/) {
  F64WithFloatScalars<1, LeakyReluFn>(out, in, n, p);
}
void LeakyReluBackwardF64(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                          bool /*stream*/) {
  F64WithFloatScalars<2, LeakyReluBackwardFn>(out, in, n, p);
}

#if ACLCPU_HALF_SELECT
// fp16 / bf16 selects on the 16-bit encodings (half_select.h).
using namespace halfsel;
constexpr auto ReluF16Select = &Row<1, ReluOp<F16Fmt>>;
constexpr auto ReluBf16Select = &Row<1, ReluOp<Bf16Fmt>>;
constexpr auto ThresholdF16Select = &Row<1, ThresholdOp<F16Fmt>>;
constexpr auto ThresholdBf16Select = &Row<1, ThresholdOp<Bf16Fmt>>;
constexpr auto ThresholdBackwardF16Select = &Row<2, ThresholdBackwardOp<F16Fmt>>;
constexpr auto ThresholdBackwardBf16Select = &Row<2, ThresholdBackwardOp<Bf16Fmt>>;
constexpr auto HardtanhBackwardF16Select = &Row<2, HardtanhBackwardOp<F16Fmt>>;
constexpr auto HardtanhBackwardBf16Select = &Row<2, HardtanhBackwardOp<Bf16Fmt>>;
#endif

}  // namespace

const KernelRow* RowsRelu(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/relu.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
