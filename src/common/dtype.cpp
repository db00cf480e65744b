#include "common/dtype.h"

#include <cstdio>

namespace aclcpu {
namespace {

constexpr DtypeInfo kDtypes[] = {
    {ACL_DT_UNDEFINED, "DT_UNDEFINED", 0, DtypeKind::kUndefined},
    {ACL_FLOAT, "FLOAT", 4, DtypeKind::kFloat},
    {ACL_FLOAT16, "FLOAT16", 2, DtypeKind::kFloat},
    {ACL_INT8, "INT8", 1, DtypeKind::kSigned},
    {ACL_INT32, "INT32", 4, DtypeKind::kSigned},
    {ACL_UINT8, "UINT8", 1, DtypeKind::kUnsigned},
    {ACL_INT16, "INT16", 2, DtypeKind::kSigned},
    {ACL_UINT16, "UINT16", 2, DtypeKind::kUnsigned},
    {ACL_UINT32, "UINT32", 4, DtypeKind::kUnsigned},
    {ACL_INT64, "INT64", 8, DtypeKind::kSigned},
    {ACL_UINT64, "UINT64", 8, DtypeKind::kUnsigned},
    {ACL_DOUBLE, "DOUBLE", 8, DtypeKind::kFloat},
    {ACL_BOOL, "BOOL", 1, DtypeKind::kBool},
    {ACL_STRING, "STRING", 0, DtypeKind::kOther},
    {ACL_COMPLEX64, "COMPLEX64", 8, DtypeKind::kComplex},
    {ACL_COMPLEX128, "COMPLEX128", 16, DtypeKind::kComplex},
    {ACL_BF16, "BFLOAT16", 2, DtypeKind::kFloat},
    {ACL_INT4, "INT4", 1, DtypeKind::kOther},
    {ACL_UINT1, "UINT1", 1, DtypeKind::kOther},
    {ACL_COMPLEX32, "COMPLEX32", 4, DtypeKind::kComplex},
    {ACL_HIFLOAT8, "HIFLOAT8", 1, DtypeKind::kOther},
    {ACL_FLOAT8_E5M2, "FLOAT8_E5M2", 1, DtypeKind::kOther},
    {ACL_FLOAT8_E4M3FN, "FLOAT8_E4M3FN", 1, DtypeKind::kOther},
    {ACL_FLOAT8_E8M0, "FLOAT8_E8M0", 1, DtypeKind::kOther},
    {ACL_FLOAT6_E3M2, "FLOAT6_E3M2", 8, DtypeKind::kOther},
    {ACL_FLOAT6_E2M3, "FLOAT6_E2M3", 8, DtypeKind::kOther},
    {ACL_FLOAT4_E2M1, "FLOAT4_E2M1", 8, DtypeKind::kOther},
    {ACL_FLOAT4_E1M2, "FLOAT4_E1M2", 8, DtypeKind::kOther},
};

template <typename T>
double ToDouble(const void* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return static_cast<double>(value);
}

}  // namespace

const DtypeInfo* FindDtype(int32_t code) {
  for (const DtypeInfo& info : kDtypes) {
    if (static_cast<int32_t>(info.dtype) == code) return &info;
  }
  return nullptr;
}

size_t DtypeSize(int32_t code) {
  const DtypeInfo* info = FindDtype(code);
  return info != nullptr ? info->size : sizeof(int64_t);
}

std::string DtypeName(int32_t code) {
  const DtypeInfo* info = FindDtype(code);
  if (info != nullptr) return info->name;
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "UNKNOWN(%d)", static_cast<int>(code));
  return buffer;
}

bool IsComplex(aclDataType dtype) {
  const DtypeInfo* info = FindDtype(dtype);
  return info != nullptr && info->kind == DtypeKind::kComplex;
}

float HalfBitsToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  uint32_t out;
  if (exponent == 0x1f) {
    out = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    out = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    out = sign;
  } else {
    // Subnormal: normalise the mantissa.
    int shift = 0;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      ++shift;
    }
    mantissa &= 0x3ffu;
    out = sign | (static_cast<uint32_t>(113 - shift) << 23) | (mantissa << 13);
  }
  float result;
  std::memcpy(&result, &out, sizeof(result));
  return result;
}

float Bf16BitsToFloat(uint16_t bits) {
  const uint32_t out = static_cast<uint32_t>(bits) << 16;
  float result;
  std::memcpy(&result, &out, sizeof(result));
  return result;
}

bool ScalarToDouble(aclDataType dtype, const void* bytes, double* out) {
  return DispatchRealDtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, Half>) {
      uint16_t bits;
      std::memcpy(&bits, bytes, 2);
      *out = HalfBitsToFloat(bits);
    } else if constexpr (std::is_same_v<T, BFloat16>) {
      uint16_t bits;
      std::memcpy(&bits, bytes, 2);
      *out = Bf16BitsToFloat(bits);
    } else if constexpr (std::is_same_v<T, bool>) {
      uint8_t raw;
      std::memcpy(&raw, bytes, 1);
      *out = raw != 0 ? 1.0 : 0.0;
    } else {
      *out = ToDouble<T>(bytes);
    }
  });
}

bool ScalarToFloat(aclDataType dtype, const void* bytes, float* out) {
  return DispatchRealDtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16> ||
                  std::is_same_v<T, bool>) {
      double value = 0;
      ScalarToDouble(dtype, bytes, &value);
      *out = static_cast<float>(value);  // exact for these types
    } else {
      T value;
      std::memcpy(&value, bytes, sizeof(T));
      *out = static_cast<float>(value);
    }
  });
}

}  // namespace aclcpu
