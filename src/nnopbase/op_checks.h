// The checks every operator's phase 1 shares. Each returns ACLNN_SUCCESS or the vendor's status
// after recording a message "<op>: <argument> <what was expected vs found>". The macros keep
// each check on one line in the operator files; they expect `kOpName` in scope.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "nnopbase/objects.h"
#include "runtime/runtime.h"

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
// The scalar, when not null, must be a live aclScalar (its dtype is not checked).
int LiveScalar(const char* op, const char* arg, const aclScalar* scalar);
// The tensor must be a live aclTensor (catches destroyed or foreign handles).
int LiveTensor(const char* op, const char* arg, const aclTensor* tensor);
// Every byte the view can touch lies inside one live aclrtMalloc allocation, measured against
// the size the user asked for; an overrun that stays inside the size CANN rounds the allocation
// up to is only a WARNING (refused at ACLNN_CPU_CHECK=2). Also runs ViewInStorage.
int ViewInDeviceMemory(const char* op, const char* arg, const aclTensor* tensor);
// The same for a view an executor captured (phase 2), with the pointer classified by the caller
// or here.
int ViewInDeviceMemory(const char* op, const char* arg, const TensorSnapshot& view);
int ViewInClassifiedMemory(const char* op, const char* arg, const TensorSnapshot& view,
                           rt::PointerKind kind, const rt::AllocationInfo& info);
// When the tensor was given storage dims, its view (offset + extent) must lie inside their
// product of elements (only a WARNING when the storage dims merely repeat the view dims, as
// CANN's samples pass them).
int ViewInStorage(const char* op, const char* arg, const aclTensor* tensor);
// The output must not partially overlap an input. Exact aliasing (the same elements in the same
// index order, however base and offset spell it) is fine elementwise. Whether two views share a
// byte is decided exactly for views of at most two dims (after dropping size-1 dims and merging
// dims that walk memory as one), conservatively (a gcd-of-strides proof) beyond.
int NoPartialOverlap(const char* op, const char* outArg, const aclTensor* out, const char* inArg,
                     const aclTensor* in);
int NoPartialOverlap(const char* op, const char* outArg, const TensorSnapshot& out,
                     const char* inArg, const TensorSnapshot& in);

// An output view must not write one element twice (no stride 0 / interleaved dims); exact for
// views of at most two non-trivial dims, conservative beyond.
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
