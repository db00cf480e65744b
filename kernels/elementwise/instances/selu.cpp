// Kernel instances of lists/selu.inc, and the hand-tuned legacy int8 SeluBackward row.
#include "elementwise/functors/selu.h"

#include "elementwise/instance.h"  // first: see io.h on GCC warnings
#include "elementwise/selu_int8.h"

namespace aclcpu {
namespace kernels {
namespace {

// Output policy of the current int8 kernel for results that are finite and below 2^15 in
// magnitude (all that SeluBackward produces from int8 inputs): the NaN check and the clamp of
// I8HalfIo change nothing there and are left out of the packet path.
struct I8HalfBoundedIo : I8HalfIo {
#if ACLCPU_PACKET_IO
  static void Store(T* d, const Packet& v) {
    pio::Store(d, pio::ToI8HalfEven(RoundToHalfPacket(v)));
  }
  static void Stream(T* d, const Packet& v) {
    pio::Stream(d, pio::ToI8HalfEven(RoundToHalfPacket(v)));
  }
#endif
};

#if ACLCPU_SELU_I8_LANES16
// Legacy int8 SeluBackward on 16-bit integer lanes, 64 elements a step (selu_int8.h; exact for
// every pair of int8 inputs, checked exhaustively against the generic row).
void SeluBackwardLegacyI8Lanes(void* const* out, const void* const* in, int64_t n,
                               const KernelParams& /*params*/, bool stream) {
  i8lanes::RunBytes(out[0], in[0], in[1], n, i8lanes::LegacyI8Lanes(), stream);
}
#endif

}  // namespace

const KernelRow* RowsSelu(size_t* count) {
  static const KernelRow rows[] = {
#include "elementwise/lists/selu.inc"
  };
  *count = sizeof(rows) / sizeof(rows[0]);
  return rows;
}

}  // namespace kernels
}  // namespace aclcpu
