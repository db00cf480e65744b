// Kernel instances of lists/selu.inc, and the hand-tuned int8 rows: SeluBackward 64 bytes a step
// (legacy in 16-bit integer lanes, current on fewer fp32 conversions), Selu forward by table
// lookup. tests/kernels/test_tuned_rows.cpp holds each to its generic row on every input.
#include "elementwise/functors/selu.h"

#include "elementwise/byte_table.h"
#include "elementwise/instance.h"  // first: see io.h on GCC warnings
#include "elementwise/run4.h"
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

#if defined(__AVX2__) && !defined(__AVX512F__)
// Legacy fp16 SeluBackward on AVX2 with fl16(y + lambda*alpha) rounded on the fp32 bits (nearest-
// even at bit 13) instead of a conversion round trip (two of the four conversions per packet,
// the limit on AVX2). Exact where it is selected: for fp16 y < 0 the sum is 0, -inf or of fp16
// normal magnitude (a multiple of 2^-10 when y is in (-2, -1], else above 0.24; at most 65502.3),
// where rounding the significand to 11 bits is the fp16 rounding. Lanes with y >= 0 or NaN take
// g * lambda and never read the sum.
template <typename V>
struct SeluBackwardHalfBitsFn {
  V lambda, lambdaAlpha;
  explicit SeluBackwardHalfBitsFn(const KernelParams&)
      : lambda(vm::Set<V>(kSeluLambdaF16)), lambdaAlpha(vm::Set<V>(kSeluLambdaAlphaF16)) {}
  EIGEN_ALWAYS_INLINE V operator()(const V& g, const V& y) const {
    static_assert(sizeof(V) == 32, "AVX2 fp32 packets");
    const __m256i bits = _mm256_castps_si256(_mm256_add_ps(y, lambdaAlpha));
    const __m256i odd = _mm256_and_si256(_mm256_srli_epi32(bits, 13), _mm256_set1_epi32(1));
    const __m256i up = _mm256_add_epi32(bits, _mm256_add_epi32(odd, _mm256_set1_epi32(0xfff)));
    const V sum =
        _mm256_castsi256_ps(_mm256_and_si256(up, _mm256_set1_epi32(static_cast<int>(0xffffe000u))));
    return _mm256_mul_ps(
        g, _mm256_blendv_ps(lambda, sum, _mm256_cmp_ps(y, _mm256_setzero_ps(), _CMP_LT_OQ)));
  }
};
void SeluBackwardLegacyF16Avx2(void* const* out, const void* const* in, int64_t n,
                               const KernelParams& params, bool stream) {
  NpuKernel<F16Io, 2, 1, SeluBackwardHalfBitsFn>(out, in, n, params, stream);
}
#define ACLCPU_SELU_F16_AVX2 1
#else
#define ACLCPU_SELU_F16_AVX2 0
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

// int32 Selu forward without the exp (SeluIntFn): the generic row's bits at memory speed.
void SeluI32NoExp(void* const* out, const void* const* in, int64_t n, const KernelParams& params,
                  bool stream) {
  NpuKernel<I32TruncIo, 1, 1, SeluIntFn>(out, in, n, params, stream);
}

#if defined(__AVX2__) && !defined(__AVX512F__)
// Selu forward on AVX2, four packets a step with everything inlined (run4.h): the generic row's
// operations and bits, four independent exp chains in flight (10 % in cache on the Zen 3).
template <typename Io>
void SeluNpuAvx2(void* const* out, const void* const* in, int64_t n, const KernelParams& params,
                 bool stream) {
  run4::Run<Io, 1, SeluFn<Packet>>(out, in, n, params, stream);
}
#define ACLCPU_SELU_FWD_AVX2 1
#else
#define ACLCPU_SELU_FWD_AVX2 0
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
