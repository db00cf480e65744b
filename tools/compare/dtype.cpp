#include "dtype.h"

#include <cctype>
#include <cstring>
#include <limits>

#include "half.h"

namespace aclcpu::compare {
namespace {

// The one table of dtypes. T values: the vendor's standard names fp32, fp16 and bf16; DOUBLE
// takes fp32's T (the standard names none for it; --rtol/--atol give a tighter bar); integers
// and bool must be equal.
constexpr DTypeInfo kInfos[] = {
    {DType::kFloat, "FLOAT", "<f4", 4, Kind::kFloat, 1.0 / 8192, "2^-13"},
    {DType::kFloat16, "FLOAT16", "<f2", 2, Kind::kFloat, 1.0 / 1024, "2^-10"},
    {DType::kBFloat16, "BFLOAT16", "", 2, Kind::kFloat, 1.0 / 128, "2^-7"},
    {DType::kDouble, "DOUBLE", "<f8", 8, Kind::kFloat, 1.0 / 8192, "2^-13"},
    {DType::kInt8, "INT8", "|i1", 1, Kind::kInteger, 0, "0"},
    {DType::kUInt8, "UINT8", "|u1", 1, Kind::kInteger, 0, "0"},
    {DType::kInt16, "INT16", "<i2", 2, Kind::kInteger, 0, "0"},
    {DType::kInt32, "INT32", "<i4", 4, Kind::kInteger, 0, "0"},
    {DType::kInt64, "INT64", "<i8", 8, Kind::kInteger, 0, "0"},
    {DType::kBool, "BOOL", "|b1", 1, Kind::kBool, 0, "0"},
};

struct Alias {
  const char* name;  // lower case, without "acl_"
  DType dtype;
};

constexpr Alias kAliases[] = {
    {"float", DType::kFloat},   {"float32", DType::kFloat},   {"fp32", DType::kFloat},
    {"f32", DType::kFloat},     {"float16", DType::kFloat16}, {"fp16", DType::kFloat16},
    {"f16", DType::kFloat16},   {"half", DType::kFloat16},    {"bfloat16", DType::kBFloat16},
    {"bf16", DType::kBFloat16}, {"double", DType::kDouble},   {"float64", DType::kDouble},
    {"fp64", DType::kDouble},   {"f64", DType::kDouble},      {"int8", DType::kInt8},
    {"i8", DType::kInt8},       {"uint8", DType::kUInt8},     {"u8", DType::kUInt8},
    {"int16", DType::kInt16},   {"i16", DType::kInt16},       {"int32", DType::kInt32},
    {"i32", DType::kInt32},     {"int64", DType::kInt64},     {"i64", DType::kInt64},
    {"bool", DType::kBool},
};

template <typename T>
T Load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Maps sign-magnitude bits onto a line where consecutive representable values are neighbours;
// -0 and +0 both land on 0.
struct Ordered {
  bool negative;
  uint64_t magnitude;
};

Ordered ToOrdered(DType dtype, uint64_t bits) {
  const unsigned width = static_cast<unsigned>(Info(dtype).size * 8);
  const uint64_t signBit = uint64_t{1} << (width - 1);
  return {(bits & signBit) != 0, bits & (signBit - 1)};
}

}  // namespace

const DTypeInfo& Info(DType dtype) {
  for (const DTypeInfo& info : kInfos) {
    if (info.dtype == dtype) return info;
  }
  return kInfos[0];  // unreachable: the table lists every enumerator
}

bool ParseDType(const std::string& text, DType* out) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.rfind("acl_", 0) == 0) lower.erase(0, 4);  // ACL_FLOAT, ACL_BF16, ...
  for (const Alias& alias : kAliases) {
    if (lower == alias.name) {
      *out = alias.dtype;
      return true;
    }
  }
  return false;
}

std::string AcceptedDTypeNames() {
  std::string names;
  for (const DTypeInfo& info : kInfos) {
    if (!names.empty()) names += ", ";
    names += info.name;
  }
  return names +
         " (case-insensitive, optional ACL_ prefix; also float32/fp32, float16/fp16/half, "
         "bf16, float64/fp64, i8/u8/i16/i32/i64)";
}

bool DTypeFromNpyDescr(const std::string& descr, DType* out) {
  if (descr == "bfloat16") {  // headers written by hand from str(ml_dtypes array.dtype)
    *out = DType::kBFloat16;
    return true;
  }
  if (descr.size() < 2) return false;
  // '<' little-endian, '|' not applicable (1 byte), '=' native: this tool runs on
  // little-endian hosts only (x86-64, AArch64 Linux).
  const char order = descr[0];
  const std::string code = descr.substr(1);
  for (const DTypeInfo& info : kInfos) {
    if (info.npyDescr[0] == '\0' || code != info.npyDescr + 1) continue;
    if (order == '<' || order == '=' || (order == '|' && info.size == 1)) {
      *out = info.dtype;
      return true;
    }
  }
  return false;
}

double ToDouble(DType dtype, const unsigned char* p) {
  switch (dtype) {
    case DType::kFloat:
      return Load<float>(p);
    case DType::kFloat16:
      return HalfToFloat(Load<uint16_t>(p));
    case DType::kBFloat16:
      return BFloat16ToFloat(Load<uint16_t>(p));
    case DType::kDouble:
      return Load<double>(p);
    default:
      return static_cast<double>(ToInt64(dtype, p));
  }
}

int64_t ToInt64(DType dtype, const unsigned char* p) {
  switch (dtype) {
    case DType::kInt8:
      return Load<int8_t>(p);
    case DType::kUInt8:
      return Load<uint8_t>(p);
    case DType::kInt16:
      return Load<int16_t>(p);
    case DType::kInt32:
      return Load<int32_t>(p);
    case DType::kInt64:
      return Load<int64_t>(p);
    case DType::kBool:
      return Load<uint8_t>(p) != 0 ? 1 : 0;
    default:
      return static_cast<int64_t>(ToDouble(dtype, p));
  }
}

uint64_t RawBits(DType dtype, const unsigned char* p) {
  switch (Info(dtype).size) {
    case 1:
      return Load<uint8_t>(p);
    case 2:
      return Load<uint16_t>(p);
    case 4:
      return Load<uint32_t>(p);
    default:
      return Load<uint64_t>(p);
  }
}

uint64_t UlpDistance(DType dtype, uint64_t aBits, uint64_t bBits) {
  const Ordered a = ToOrdered(dtype, aBits);
  const Ordered b = ToOrdered(dtype, bBits);
  if (a.negative == b.negative) {
    return a.magnitude > b.magnitude ? a.magnitude - b.magnitude : b.magnitude - a.magnitude;
  }
  // Opposite signs: the steps down to zero on one side plus the steps up on the other.
  if (a.magnitude > std::numeric_limits<uint64_t>::max() - b.magnitude) {
    return std::numeric_limits<uint64_t>::max();
  }
  return a.magnitude + b.magnitude;
}

}  // namespace aclcpu::compare
