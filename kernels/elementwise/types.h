// The vocabulary shared by the elementwise kernels and their callers: element types, kernel
// generations, precision modes and the parameter block. Pure data: no ACL types.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {
namespace kernels {

// Element types a kernel or a cast can read and write. C64/C128 appear only as cast targets
// (CANN lets a real result be cast to a complex output: imaginary part 0).
enum class DType : uint8_t { F32, F16, BF16, F64, I8, U8, I16, I32, I64, Bool, C64, C128, kCount };

constexpr size_t DTypeSize(DType t) {
  switch (t) {
    case DType::F16:
    case DType::BF16:
    case DType::I16:
      return 2;
    case DType::I8:
    case DType::U8:
    case DType::Bool:
      return 1;
    case DType::F64:
    case DType::I64:
    case DType::C64:
      return 8;
    case DType::C128:
      return 16;
    default:
      return 4;
  }
}
const char* DTypeName(DType t);

// Which generation of the vendor's kernels a row emulates: Legacy (910, 310P, A2, A3),
// Current (950) or Any (both compute the same).
enum class Generation : uint8_t { Any, Legacy, Current };
// Npu: the vendor kernel's arithmetic. Golden: float64 from the exactly widened inputs,
// rounded once to the kernel's dtype.
enum class Precision : uint8_t { Npu, Golden };

// The operator's scalars and attributes as its kernel sees them. Each float scalar is kept twice:
// as the vendor converts it (f, usually aclScalar::ToFloat) and exactly (d, for golden mode).
struct KernelParams {
  static constexpr int kScalars = 6;
  float f[kScalars] = {};
  double d[kScalars] = {};
  int64_t i[2] = {};
  bool b[2] = {};
  int mode = 0;  // an operator's enum attribute (e.g. GELU approximation)
  // Set by the driver in golden mode when an output's dtype differs from the row's: golden
  // kernels then write their results as unrounded doubles, which the driver rounds once to each
  // output's dtype (rounding to the row's dtype first would round twice).
  bool goldenWideOut = false;

  void SetScalar(int k, float vendor, double exact) {
    f[k] = vendor;
    d[k] = exact;
  }
  void SetScalar(int k, float value) { SetScalar(k, value, value); }
  // The scalar in the precision of the computation: float for Npu kernels, double for Golden.
  template <typename S>
  S Get(int k) const;
};
template <>
inline float KernelParams::Get<float>(int k) const {
  return f[k];
}
template <>
inline double KernelParams::Get<double>(int k) const {
  return d[k];
}

}  // namespace kernels
}  // namespace aclcpu
