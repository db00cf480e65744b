// Loading and storing runs of elements of any rowwise storage type in the compute type (fp32 or
// double): round to nearest-even at every narrowing, subnormals kept, NaN kept quiet. A run that
// needs no conversion is used in place; any other goes through a small caller-owned buffer.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "elementwise/convert.h"
#include "rowwise/reduce.h"

namespace aclcpu {
namespace kernels {
namespace rowwise {

template <typename C>
inline float ToFloatFor16(C v) {
  if constexpr (sizeof(C) == 8) {
    return ToFloatRoundOdd(v);
  } else {
    return v;
  }
}

inline int ElemBytes(DType e) { return e == DType::F64 ? 8 : (e == DType::F32 ? 4 : 2); }

template <typename C>
constexpr DType NativeElem() {
  return sizeof(C) == 8 ? DType::F64 : DType::F32;
}

// Rounds a computed value to `via` (a no-op when `via` is at least as wide as C).
template <typename C>
inline C RoundVia(C v, DType via) {
  switch (via) {
    case DType::F16:
      return static_cast<C>(HalfToFloat(FloatToHalf(ToFloatFor16(v))));
    case DType::BF16:
      return static_cast<C>(Bf16ToFloat(FloatToBf16(ToFloatFor16(v))));
    case DType::F32:
      return static_cast<C>(static_cast<float>(v));
    default:  // F64 (and the non-float dtypes the plans never pass)
      break;
  }
  return v;
}

// True when values of `storage` read as C need no conversion and no rounding.
template <typename C>
inline bool InPlace(DType storage, DType via) {
  if (storage != NativeElem<C>()) return false;
  return via == DType::F64 || via == storage;
}

template <typename C>
inline C LoadOne(const char* p, DType storage) {
  switch (storage) {
    case DType::F32: {
      float v;
      std::memcpy(&v, p, 4);
      return static_cast<C>(v);
    }
    case DType::F64: {
      double v;
      std::memcpy(&v, p, 8);
      return static_cast<C>(v);
    }
    case DType::F16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return static_cast<C>(HalfToFloat(h));
    }
    case DType::BF16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return static_cast<C>(Bf16ToFloat(h));
    }
    default:  // the plans pass float dtypes only
      break;
  }
  return C(0);
}

template <typename C>
inline void StoreOne(char* p, DType storage, C v) {
  switch (storage) {
    case DType::F32: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      return;
    }
    case DType::F64: {
      const double d = static_cast<double>(v);
      std::memcpy(p, &d, 8);
      return;
    }
    case DType::F16: {
      const uint16_t h = FloatToHalf(ToFloatFor16(v));
      std::memcpy(p, &h, 2);
      return;
    }
    case DType::BF16: {
      const uint16_t h = FloatToBf16(ToFloatFor16(v));
      std::memcpy(p, &h, 2);
      return;
    }
    default:  // the plans pass float dtypes only
      return;
  }
}

// One operand as the engine sees it: where the current line (or tile) starts, its element
// type, and its strides along the reduced axis and along the vector axis.
struct Port {
  char* base = nullptr;
  DType storage = DType::F32;
  DType via = DType::F32;
  int item = 4;
  int64_t strideR = 0;
  int64_t strideV = 0;
};

// A contiguous fp16 / bf16 run read as fp32 or written from fp32 through the block conversions
// (convert.h: the scalar functions' bits, F16C / AVX2 where built for): the rounding to `via` is
// then the identity (via fp32 or wider) or idempotent with the storage's own (via = storage).
inline bool BlockConverts(const Port& port, const char* p, int64_t stride) {
  return stride == 1 && (port.storage == DType::F16 || port.storage == DType::BF16) &&
         (port.via == DType::F32 || port.via == DType::F64 || port.via == port.storage) &&
         reinterpret_cast<uintptr_t>(p) % 2 == 0;
}

// n values starting at p, `stride` elements apart, as C; `buf` holds at least `padded` values
// (n rounded up to whole packets) and is used unless the run can be read in place.
template <typename C>
inline const C* LoadRun(const Port& port, const char* p, int64_t stride, int64_t n, int64_t padded,
                        C* buf) {
  if (n == padded && stride == 1 && InPlace<C>(port.storage, port.via)) {
    return reinterpret_cast<const C*>(p);
  }
  if constexpr (sizeof(C) == 4) {
    if (BlockConverts(port, p, stride)) {
      const uint16_t* src = reinterpret_cast<const uint16_t*>(p);
      if (port.storage == DType::F16) {
        WidenHalf(src, buf, n);
      } else {
        WidenBf16(src, buf, n);
        // Rounding via bf16 quiets a signaling NaN, which the widening keeps.
        if (port.via == DType::BF16) {
          for (int64_t i = 0; i < n; ++i) {
            if (std::isnan(buf[i])) buf[i] = RoundVia<C>(buf[i], port.via);
          }
        }
      }
      for (int64_t i = n; i < padded; ++i) buf[i] = C(0);
      return buf;
    }
  }
  const int64_t step = stride * port.item;
  if (port.storage == NativeElem<C>() && InPlace<C>(port.storage, port.via)) {
    for (int64_t i = 0; i < n; ++i) std::memcpy(&buf[i], p + i * step, sizeof(C));
  } else if (port.storage == DType::F64) {  // one rounding from double, never via fp32
    for (int64_t i = 0; i < n; ++i) {
      const double d = LoadOne<double>(p + i * step, port.storage);
      buf[i] = static_cast<C>(RoundVia<double>(d, port.via));
    }
  } else {
    for (int64_t i = 0; i < n; ++i) {
      buf[i] = RoundVia<C>(LoadOne<C>(p + i * step, port.storage), port.via);
    }
  }
  for (int64_t i = n; i < padded; ++i) buf[i] = C(0);
  return buf;
}

// Where the engine writes n computed values for the run at p: in place when possible, else
// `buf`, which FlushRun then converts and scatters.
template <typename C>
inline C* StoreTarget(const Port& port, char* p, int64_t stride, int64_t n, int64_t padded,
                      C* buf) {
  if (n == padded && stride == 1 && InPlace<C>(port.storage, port.via)) {
    return reinterpret_cast<C*>(p);
  }
  return buf;
}

template <typename C>
inline void FlushRun(const Port& port, char* p, int64_t stride, int64_t n, const C* target,
                     const C* buf) {
  if (target != buf) return;
  if constexpr (sizeof(C) == 4) {
    if (BlockConverts(port, p, stride)) {
      uint16_t* dst = reinterpret_cast<uint16_t*>(p);
      if (port.storage == DType::F16) {
        NarrowHalf(buf, dst, n);
      } else {
        NarrowBf16(buf, dst, n);
      }
      return;
    }
  }
  const int64_t step = stride * port.item;
  for (int64_t i = 0; i < n; ++i) {
    StoreOne<C>(p + i * step, port.storage, RoundVia<C>(buf[i], port.via));
  }
}

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
