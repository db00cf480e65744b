// Element access for the ReLU-family operators that run their own loops (PreluBackward,
// RReluWithNoise): FLOAT, FLOAT16 and BFLOAT16 elements read as fp32 exactly and written rounded
// to nearest-even.
#pragma once

#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "elementwise/convert.h"

namespace aclcpu {
namespace relu {

inline int64_t FloatItemBytes(aclDataType t) { return t == ACL_FLOAT ? 4 : 2; }

inline float LoadFloat(aclDataType t, const char* p) {
  uint16_t h;
  float f;
  switch (t) {
    case ACL_FLOAT16:
      std::memcpy(&h, p, 2);
      return kernels::HalfToFloat(h);
    case ACL_BF16:
      std::memcpy(&h, p, 2);
      return kernels::Bf16ToFloat(h);
    default:
      std::memcpy(&f, p, 4);
      return f;
  }
}

inline void StoreFloat(aclDataType t, float v, char* p) {
  uint16_t h;
  switch (t) {
    case ACL_FLOAT16:
      h = kernels::FloatToHalf(v);
      std::memcpy(p, &h, 2);
      return;
    case ACL_BF16:
      h = kernels::FloatToBf16(v);
      std::memcpy(p, &h, 2);
      return;
    default:
      std::memcpy(p, &v, 4);
      return;
  }
}

// v rounded to the dtype and back (exact for FLOAT).
inline float RoundToFloatDtype(aclDataType t, float v) {
  char b[4];
  StoreFloat(t, v, b);
  return LoadFloat(t, b);
}

}  // namespace relu
}  // namespace aclcpu
