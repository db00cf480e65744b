// One-input int8 kernels whose result is a function of the input byte alone (nothing else: no
// parameter changes it): out[i] = table[in[i]], the table filled once by running the generic
// row's own function on all 256 bytes, so every element gets the generic row's bits by
// construction. The lookup is 64 bytes a step with AVX-512 VBMI (two two-source byte permutes),
// 64 with AVX-512 BW and 32 with AVX2 (sixteen 16-byte shuffles, one per high nibble), one byte
// at a time elsewhere. Outputs may alias the input exactly.
#pragma once

#include <cstdint>
#include <cstring>

#include "elementwise/io.h"  // first: see its note on GCC warnings
#include "elementwise/registry.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace aclcpu {
namespace kernels {
namespace bytetab {

// table[u] is the output byte for the input byte u (as unsigned: int8 -1 is u = 255).
struct ByteTable {
  alignas(64) uint8_t t[256];
};

// The table of `fn` (a one-input, one-output int8 ContiguousFn) under `params`.
inline ByteTable Build(ContiguousFn fn, const KernelParams& params) {
  alignas(64) int8_t in[256];
  for (int u = 0; u < 256; ++u) in[u] = static_cast<int8_t>(static_cast<uint8_t>(u));
  ByteTable table;
  const void* src[1] = {in};
  void* dst[1] = {table.t};
  fn(dst, src, 256, params, false);
  return table;
}

inline void LookUpScalar(const ByteTable& table, uint8_t* o, const uint8_t* a, int64_t n) {
  for (int64_t i = 0; i < n; ++i) o[i] = table.t[a[i]];
}

#if defined(__AVX512BW__) && defined(__AVX512VBMI__)
#define ACLCPU_BYTE_TABLE_WIDTH 64
struct Lookup {
  __m512i t0, t1, t2, t3;
  explicit Lookup(const ByteTable& table)
      : t0(_mm512_load_si512(table.t)),
        t1(_mm512_load_si512(table.t + 64)),
        t2(_mm512_load_si512(table.t + 128)),
        t3(_mm512_load_si512(table.t + 192)) {}
  // permutex2var takes the index's low 7 bits (bit 6 picks the second table); bit 7 picks the
  // half of the 256 entries.
  __m512i operator()(const __m512i& x) const {
    const __m512i lo = _mm512_permutex2var_epi8(t0, x, t1);
    const __m512i hi = _mm512_permutex2var_epi8(t2, x, t3);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
  }
};
#elif defined(__AVX512BW__)
#define ACLCPU_BYTE_TABLE_WIDTH 64
struct Lookup {
  __m512i rows[16];  // rows[h]: entries 16h .. 16h + 15, in every 128-bit lane
  explicit Lookup(const ByteTable& table) {
    for (int h = 0; h < 16; ++h) {
      rows[h] = _mm512_broadcast_i32x4(
          _mm_load_si128(reinterpret_cast<const __m128i*>(table.t + 16 * h)));
    }
  }
  __m512i operator()(const __m512i& x) const {
    const __m512i nib = _mm512_set1_epi8(0x0f);
    const __m512i low = _mm512_and_si512(x, nib);
    const __m512i high = _mm512_and_si512(_mm512_srli_epi16(x, 4), nib);
    __m512i r = _mm512_setzero_si512();
    for (int h = 0; h < 16; ++h) {
      const __mmask64 k = _mm512_cmpeq_epi8_mask(high, _mm512_set1_epi8(static_cast<char>(h)));
      r = _mm512_mask_shuffle_epi8(r, k, rows[h], low);
    }
    return r;
  }
};
#elif defined(__AVX2__)
#define ACLCPU_BYTE_TABLE_WIDTH 32
struct Lookup {
  __m256i rows[16];  // rows[h]: entries 16h .. 16h + 15, in both 128-bit lanes
  explicit Lookup(const ByteTable& table) {
    for (int h = 0; h < 16; ++h) {
      rows[h] = _mm256_broadcastsi128_si256(
          _mm_load_si128(reinterpret_cast<const __m128i*>(table.t + 16 * h)));
    }
  }
  __m256i operator()(const __m256i& x) const {
    const __m256i nib = _mm256_set1_epi8(0x0f);
    const __m256i low = _mm256_and_si256(x, nib);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
    __m256i r = _mm256_setzero_si256();
    for (int h = 0; h < 16; ++h) {
      const __m256i k = _mm256_cmpeq_epi8(high, _mm256_set1_epi8(static_cast<char>(h)));
      r = _mm256_blendv_epi8(r, _mm256_shuffle_epi8(rows[h], low), k);
    }
    return r;
  }
};
#else
#define ACLCPU_BYTE_TABLE_WIDTH 0
#endif

// out[i] = table[in[i]] for n bytes; `stream`: the aligned middle with streaming stores.
inline void Run(const ByteTable& table, void* out, const void* in, int64_t n, bool stream) {
  uint8_t* o = static_cast<uint8_t*>(out);
  const uint8_t* a = static_cast<const uint8_t*>(in);
#if ACLCPU_BYTE_TABLE_WIDTH == 64
  const Lookup look(table);
  auto partial = [&](int64_t i, int64_t len) {  // 0 < len < 64: masked load and store
    const __mmask64 k = (uint64_t{1} << len) - 1;
    _mm512_mask_storeu_epi8(o + i, k, look(_mm512_maskz_loadu_epi8(k, a + i)));
  };
  int64_t i = 0;
  if (stream) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o));
    if (head + 64 <= n) {
      if (head > 0) partial(0, head);
      for (i = head; i + 64 <= n; i += 64) {
        _mm512_stream_si512(reinterpret_cast<__m512i*>(o + i), look(_mm512_loadu_si512(a + i)));
      }
      StreamFence();
    }
  }
  for (; i + 64 <= n; i += 64) _mm512_storeu_si512(o + i, look(_mm512_loadu_si512(a + i)));
  if (i < n) partial(i, n - i);
#elif ACLCPU_BYTE_TABLE_WIDTH == 32
  const Lookup look(table);
  auto load = [&](int64_t i) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
  };
  int64_t i = 0;
  if (stream) {
    const int64_t head = static_cast<int64_t>(BytesToStreamAlign(o) & 31);
    if (head + 32 <= n) {
      LookUpScalar(table, o, a, head);
      for (i = head; i + 32 <= n; i += 32) {
        _mm256_stream_si256(reinterpret_cast<__m256i*>(o + i), look(load(i)));
      }
      StreamFence();
    }
  }
  for (; i + 32 <= n; i += 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), look(load(i)));
  }
  LookUpScalar(table, o + i, a + i, n - i);
#else
  (void)stream;
  LookUpScalar(table, o, a, n);
#endif
}

}  // namespace bytetab
}  // namespace kernels
}  // namespace aclcpu
