// The checks every operator's phase 1 shares. Each returns ACLNN_SUCCESS or the vendor's status
// after recording a message "<op>: <argument> <what was expected vs found>". The macros keep
// each check on one line in the operator files; they expect `kOpName` in scope.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "nnopbase/objects.h"

namespace aclcpu {
namespace opcheck {

int NotNull(const char* op, const char* arg, const void* pointer);
int DtypeIn(const char* op, const char* arg, aclDataType dtype,
            const std::vector<aclDataType>& allowed);
int SameDtype(const char* op, const char* refArg, aclDataType ref, const char* arg,
              aclDataType dtype);
int SameShape(const char* op, const char* refArg, const aclTensor* ref, const char* arg,
              const aclTensor* tensor);
int MaxRank(const char* op, const char* arg, const aclTensor* tensor, size_t maxRank);
int NotComplexScalar(const char* op, const char* arg, const aclScalar* scalar);
// The tensor must be a live aclTensor (catches destroyed or foreign handles).
int LiveTensor(const char* op, const char* arg, const aclTensor* tensor);
// Every byte the view can touch lies inside one live aclrtMalloc allocation (measured against
// the size the user asked for).
// Also runs ViewInStorage.
int ViewInDeviceMemory(const char* op, const char* arg, const aclTensor* tensor);
// When the tensor was given storage dims, its view (offset + extent) must lie inside their
// product of elements (only a WARNING when the storage dims merely repeat the view dims, as
// CANN's samples pass them).
int ViewInStorage(const char* op, const char* arg, const aclTensor* tensor);
// The output must not partially overlap an input (exact aliasing is fine elementwise; views
// that interleave without sharing a byte are accepted when a gcd-of-strides test proves it).
int NoPartialOverlap(const char* op, const char* outArg, const aclTensor* out, const char* inArg,
                     const aclTensor* in);

// An output view must not write one element twice (no stride 0 / interleaved dims).
int NoSelfOverlap(const char* op, const char* arg, const aclTensor* tensor);

bool IsEmpty(const aclTensor* tensor);
std::string ShapeString(const std::vector<int64_t>& shape);
std::string DtypeList(const std::vector<aclDataType>& dtypes);

}  // namespace opcheck
}  // namespace aclcpu

#define ACLCPU_RETURN_IF_ERROR(expr)              \
  do {                                            \
    const int aclcpuStatus_ = (expr);             \
    if (aclcpuStatus_ != 0) return aclcpuStatus_; \
  } while (0)

#define ACLCPU_CHECK_NOT_NULL(arg) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::NotNull(kOpName, #arg, arg))
#define ACLCPU_CHECK_LIVE_TENSOR(arg) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::LiveTensor(kOpName, #arg, arg))
#define ACLCPU_CHECK_DTYPE_IN(arg, list) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::DtypeIn(kOpName, #arg, (arg)->dtype, list))
#define ACLCPU_CHECK_SAME_DTYPE(ref, arg) \
  ACLCPU_RETURN_IF_ERROR(                 \
      ::aclcpu::opcheck::SameDtype(kOpName, #ref, (ref)->dtype, #arg, (arg)->dtype))
#define ACLCPU_CHECK_SAME_SHAPE(ref, arg) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::SameShape(kOpName, #ref, ref, #arg, arg))
#define ACLCPU_CHECK_MAX_RANK(arg, maxRank) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::MaxRank(kOpName, #arg, arg, maxRank))
#define ACLCPU_CHECK_VIEW_IN_DEVICE_MEMORY(arg) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::ViewInDeviceMemory(kOpName, #arg, arg))
#define ACLCPU_CHECK_NO_SELF_OVERLAP(arg) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::NoSelfOverlap(kOpName, #arg, arg))
#define ACLCPU_CHECK_NO_PARTIAL_OVERLAP(out, in) \
  ACLCPU_RETURN_IF_ERROR(::aclcpu::opcheck::NoPartialOverlap(kOpName, #out, out, #in, in))
