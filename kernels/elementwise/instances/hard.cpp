// Kernel instances of lists/hard.inc.
#include "elementwise/instance.h"  // first: see io.h on GCC warnings
// (the functors after it)
#include "elementwise/functors/hard.h"
#include "elementwise/half_select.h"

namespace aclcpu {
namespace kernels {
namespace {

// Elu on DOUBLE: the vendor's AICPU kernel computes in double (with its scalars rounded to 6
// decimals), so the NPU row runs the functor on double packets.
void EluAicpuF64(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                 bool /*stream*/) {
  RunGolden<GF64, 1, 1>(out, in, n, EluAicpuNpuFn<PacketD>(p));
}

#if ACLCPU_HALF_SELECT
// fp16 / bf16 selects on the 16-bit encodings (half_select.h).
using namespace halfsel;
constexpr auto HardshrinkF16Select = &Row<1, HardshrinkOp<F16Fmt, false>>;
constexpr auto HardshrinkBf16Select = &Row<1, HardshrinkOp<Bf16Fmt, false>>;
constexpr auto HardshrinkBackwardF16Select = &Row<2, HardshrinkOp<F16Fmt, true>>;
constexpr auto HardshrinkBackwardBf16Select = &Row<2, HardshrinkOp<Bf16Fmt, false>>;
#endif

}  // namespace

const KernelRow* RowsHard(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/hard.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
