// Everything the library knows about aclDataType lives here: the table of names and sizes, and
// the one dispatcher that maps a runtime dtype to a C++ type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "acl/acl_base.h"

namespace aclcpu {

enum class DtypeKind : uint8_t { kUndefined, kBool, kSigned, kUnsigned, kFloat, kComplex, kOther };

struct DtypeInfo {
  aclDataType dtype;
  const char* name;  // CANN's spelling without the ACL_ prefix, e.g. "FLOAT16"
  size_t size;       // aclDataTypeSize
  DtypeKind kind;
};

// Table lookup; unknown values give a static entry named "UNKNOWN(<n>)"-style via DtypeName
// and size 8 (CANN's default branch).
// They take the integer code, so any int a C caller passed is a defined lookup.
const DtypeInfo* FindDtype(int32_t code);
size_t DtypeSize(int32_t code);
std::string DtypeName(int32_t code);
bool IsComplex(aclDataType dtype);

// Storage types for the 16-bit floats (bit patterns).
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

float HalfBitsToFloat(uint16_t bits);  // exact, IEEE semantics (inf/NaN kept)
float Bf16BitsToFloat(uint16_t bits);  // exact

// Calls `f(T{})` with T the C++ storage type of `dtype` for every real scalar dtype (bool,
// int8…int64, uint8…uint64, Half, BFloat16, float, double). Returns false (without calling f)
// for any other dtype. This is the only switch on aclDataType in the tree.
template <typename F>
bool DispatchRealDtype(aclDataType dtype, F&& f) {
  switch (dtype) {
    case ACL_BOOL:
      f(bool{});
      return true;
    case ACL_INT8:
      f(int8_t{});
      return true;
    case ACL_INT16:
      f(int16_t{});
      return true;
    case ACL_INT32:
      f(int32_t{});
      return true;
    case ACL_INT64:
      f(int64_t{});
      return true;
    case ACL_UINT8:
      f(uint8_t{});
      return true;
    case ACL_UINT16:
      f(uint16_t{});
      return true;
    case ACL_UINT32:
      f(uint32_t{});
      return true;
    case ACL_UINT64:
      f(uint64_t{});
      return true;
    case ACL_FLOAT16:
      f(Half{});
      return true;
    case ACL_BF16:
      f(BFloat16{});
      return true;
    case ACL_FLOAT:
      f(float{});
      return true;
    case ACL_DOUBLE:
      f(double{});
      return true;
    default:
      return false;
  }
}

// Converts the scalar stored at `bytes` (of `dtype`) to float the way CANN's ops do: float as
// is, FLOAT16/BF16 decoded exactly, integers and double by static_cast, bool to 0/1.
// Returns false for non-real dtypes.
bool ScalarToFloat(aclDataType dtype, const void* bytes, float* out);
bool ScalarToDouble(aclDataType dtype, const void* bytes, double* out);

}  // namespace aclcpu
