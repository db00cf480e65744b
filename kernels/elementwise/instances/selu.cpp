// Kernel instances of lists/selu.inc, and the hand-tuned rows: int8 SeluBackward 64 bytes a step
// (legacy in 16-bit integer lanes, current on fewer fp32 conversions), int8 Selu forward by table
// lookup, fp16 / bf16 / int32 SeluBackward with the select in a mask register.
// tests/kernels/test_tuned_rows.cpp holds each to its generic row on every input.
#include "elementwise/functors/selu.h"

#include "elementwise/byte_table.h"
#include "elementwise/instance.h"  // first: see io.h on GCC warnings
#include "elementwise/selu_int8.h"
#include "elementwise/selu_mask_op.h"

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

#if ACLCPU_SELU_I8_BYTES64
// Current int8 SeluBackward, 64 elements a step (selu_int8.h: the generic row's fp32 operations
// with fewer conversions and masks around them).
void SeluBackwardCurrentI8Bytes(void* const* out, const void* const* in, int64_t n,
                                const KernelParams& /*params*/, bool stream) {
  i8lanes::RunBytes(out[0], in[0], in[1], n, i8lanes::CurrentI8Fp32(), stream);
}
#endif

#if ACLCPU_SELU_MASK_OP
// SeluBackward on fp16, bf16 and int32 with the select in a mask register (selu_mask_op.h), through
// the generic rows' runners and I/O policies.
template <typename Io, bool kZeroIsNegative, bool kHalfSum>
void SeluBackwardMasked(void* const* out, const void* const* in, int64_t n,
                        const KernelParams& /*params*/, bool stream) {
  RunNpu<Io, 2, 1>(out, in, n, SeluBackwardMaskOp<kZeroIsNegative, kHalfSum>(), stream);
}
constexpr auto SeluBackwardLegacyF16Mask = &SeluBackwardMasked<F16Io, false, true>;
constexpr auto SeluBackwardLegacyBf16Mask = &SeluBackwardMasked<Bf16PairsIo, false, false>;
constexpr auto SeluBackwardLegacyI32Mask = &SeluBackwardMasked<I32TruncIo, false, false>;
constexpr auto SeluBackwardCurrentF16Mask = &SeluBackwardMasked<F16Io, true, false>;
constexpr auto SeluBackwardCurrentBf16Mask = &SeluBackwardMasked<Bf16PairsIo, true, false>;
constexpr auto SeluBackwardCurrentI32Mask = &SeluBackwardMasked<I32HalfIo, true, false>;
#endif

// int8 Selu forward: the output is a function of the input byte (SeluI8Fn reads no parameter),
// so the generic row's function runs once on all 256 bytes and every call looks the bytes up
// (byte_table.h): the same bits, without the per-element exp and fp16 roundings. Before, the
// wrapping int8 narrowing had no packet form and every element took the buffered path.
void SeluI8Table(void* const* out, const void* const* in, int64_t n, const KernelParams& params,
                 bool stream) {
  static const bytetab::ByteTable table =
      bytetab::Build(&NpuKernel<I8WrapTruncIo, 1, 1, SeluI8Fn>, params);
  bytetab::Run(table, out[0], in[0], n, stream);
}

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
