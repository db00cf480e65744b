// Kernel instances of lists/relu.inc, and the DOUBLE rows of LeakyRelu and LeakyReluBackward.
#include "elementwise/functors/relu.h"

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
