// The element types the compare tool reads: names as CANN spells them (plus numpy-style aliases),
// sizes, .npy descriptors, and how one stored element becomes a value to compare.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace aclcpu::compare {

enum class DType {
  kFloat,
  kFloat16,
  kBFloat16,
  kDouble,
  kInt8,
  kUInt8,
  kInt16,
  kInt32,
  kInt64,
  kBool
};

enum class Kind { kFloat, kInteger, kBool };

struct DTypeInfo {
  DType dtype;
  const char* name;      // CANN's spelling in the aclnn documents, e.g. "BFLOAT16"
  const char* npyDescr;  // numpy's descriptor, "" when numpy has none (bf16)
  std::size_t size;      // bytes per element
  Kind kind;
  // Threshold T of the vendor's precision standard (mean relative error < T, max < 10·T);
  // 0 means "exact equality" (integers, bool).
  double vendorT;
  const char* vendorTText;  // how T is printed, e.g. "2^-13"
};

const DTypeInfo& Info(DType dtype);

// CANN's names (FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, ..., BOOL, with or without "ACL_", also
// ACL_BF16) and numpy-style aliases (float32, fp32, f32, float16, fp16, half, bf16, float64, ...),
// case-insensitive. False when the name is unknown.
bool ParseDType(const std::string& text, DType* out);

// A one-line list of the accepted names, for messages and --help.
std::string AcceptedDTypeNames();

// The dtype a .npy descriptor (e.g. "<f4", "|i1", "=f2", or "bfloat16" as hand-written headers
// for ml_dtypes arrays have it) stands for. False when it is none of ours.
bool DTypeFromNpyDescr(const std::string& descr, DType* out);

// One element, at p (little-endian, possibly unaligned), as a double (exact for every dtype but
// INT64 beyond 2^53).
double ToDouble(DType dtype, const unsigned char* p);

// One integer or bool element, exactly.
int64_t ToInt64(DType dtype, const unsigned char* p);

// The element's bits zero-extended to 64 bits (floating dtypes: the IEEE pattern).
uint64_t RawBits(DType dtype, const unsigned char* p);

// Number of representable values of a floating dtype one has to step over to go from a to b
// (both finite, given as raw bits): 0 for equal values and for +0 vs -0, saturating at UINT64_MAX.
uint64_t UlpDistance(DType dtype, uint64_t aBits, uint64_t bBits);

}  // namespace aclcpu::compare
