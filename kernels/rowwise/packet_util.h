// Packet helpers of the reduce engine: stores that stream past the caches, and the merge of two
// vector halves with a reduction stage's exact scalar semantics (the horizontal reduction).
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <cstdint>
#include <type_traits>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "rowwise/reduce_ops.h"

namespace aclcpu {
namespace kernels {
namespace rowwise {

// Streaming (non-temporal) stores: weakly ordered, so a task that used them ends with a fence.
inline void StreamFence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// Stores packet v at d: streaming when `stream` and d is aligned to the packet, else plain. The
// stored bits are the same either way; a whole aligned packet covers whole cache lines (or
// shares none with a plainly stored neighbour when the packet is narrower than a line).
template <typename C, typename P>
inline void PutPacket(C* d, const P& v, bool stream) {
  namespace ei = Eigen::internal;
#if defined(__AVX512F__)
  if constexpr (sizeof(P) == 64) {
    if (stream && (reinterpret_cast<uintptr_t>(d) & 63) == 0) {
      if constexpr (sizeof(C) == 4) {
        _mm512_stream_ps(reinterpret_cast<float*>(d), v);
      } else {
        _mm512_stream_pd(reinterpret_cast<double*>(d), v);
      }
      return;
    }
  }
#endif
#if defined(__AVX__)
  if constexpr (sizeof(P) == 32) {
    if (stream && (reinterpret_cast<uintptr_t>(d) & 31) == 0) {
      if constexpr (sizeof(C) == 4) {
        _mm256_stream_ps(reinterpret_cast<float*>(d), v);
      } else {
        _mm256_stream_pd(reinterpret_cast<double*>(d), v);
      }
      return;
    }
  }
#endif
  (void)stream;
  ei::pstoreu(d, v);
}

#if defined(__AVX__)
// Stage::MergeScalar lane-wise on fp32 vectors, with its exact semantics: a sum, or a max that
// returns a when a is NaN, else b when b is NaN, else (a < b ? b : a) (so max(-0, +0) = -0).
template <typename Stage>
inline __m256 HMerge(__m256 a, __m256 b) {
  if constexpr (std::is_same<Stage, SumStage>::value) {
    return _mm256_add_ps(a, b);
  } else {
    const __m256 bNanOnly =
        _mm256_and_ps(_mm256_cmp_ps(a, a, _CMP_ORD_Q), _mm256_cmp_ps(b, b, _CMP_UNORD_Q));
    return _mm256_blendv_ps(a, b, _mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_LT_OQ), bNanOnly));
  }
}
template <typename Stage>
inline __m128 HMerge(__m128 a, __m128 b) {
  if constexpr (std::is_same<Stage, SumStage>::value) {
    return _mm_add_ps(a, b);
  } else {
    const __m128 bNanOnly =
        _mm_and_ps(_mm_cmp_ps(a, a, _CMP_ORD_Q), _mm_cmp_ps(b, b, _CMP_UNORD_Q));
    return _mm_blendv_ps(a, b, _mm_or_ps(_mm_cmp_ps(a, b, _CMP_LT_OQ), bNanOnly));
  }
}
#endif

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
