// Enum-typed arguments from C callers. CANN's headers declare aclDataType, aclFormat,
// aclrtMemcpyKind, … as plain enums, and a C program may pass any int for them. In C++ an enum
// object holding a value outside the range of its enumerators (the smallest bit-field that holds
// them all) is undefined behaviour — what -fsanitize=enum reports. So every exported entry point
// reads such an argument through its bytes (never by loading the enum) and the library carries
// the integer from there on; a code is turned back into the enum type only inside its range.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "acl/acl_base.h"

namespace aclcpu {

// The integer a caller passed for an enum-typed argument (or struct field), read without an
// enum-typed load.
template <typename E>
int32_t EnumCode(const E& arg) {
  static_assert(std::is_enum<E>::value && sizeof(E) == sizeof(int32_t), "a 32-bit C enum");
  int32_t code;
  std::memcpy(&code, &arg, sizeof(code));
  return code;
}

// The codes the C++ enum types can hold: enumerators -1 … 41 (aclDataType) and -1 … 54
// (aclFormat) need a 7-bit signed field.
struct EnumRange {
  int32_t min;
  int32_t max;
  bool Holds(int32_t code) const { return code >= min && code <= max; }
};
constexpr EnumRange kDataTypeCodes{-64, 63};
constexpr EnumRange kFormatCodes{-64, 63};
static_assert(ACL_DT_UNDEFINED >= -64 && ACL_FLOAT4_E1M2 <= 63,
              "a new aclDataType enumerator widens the enum's range: update kDataTypeCodes");
static_assert(ACL_FORMAT_UNDEFINED >= -64 && ACL_FORMAT_FRACTAL_NZ_C0_8 <= 63,
              "a new aclFormat enumerator widens the enum's range: update kFormatCodes");

}  // namespace aclcpu
