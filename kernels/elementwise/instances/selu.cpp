// Kernel instances of lists/selu.inc, and the hand-tuned int8 rows: SeluBackward 64 bytes a step
// (legacy in 16-bit integer lanes, current on fewer fp32 conversions), Selu forward by table
// lookup. tests/kernels/test_tuned_rows.cpp holds each to its generic row on every input.
#include "elementwise/functors/selu.h"

#include "elementwise/byte_table.h"
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

#if ACLCPU_SELU_I8_AVX2
// The same on AVX2, 32 elements a step.
void SeluBackwardLegacyI8Avx2(void* const* out, const void* const* in, int64_t n,
                              const KernelParams& /*params*/, bool stream) {
  i8lanes::RunBytes32(out[0], in[0], in[1], n, i8lanes::LegacyI8Avx2(), stream);
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
