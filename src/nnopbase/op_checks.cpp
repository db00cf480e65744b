#include "nnopbase/op_checks.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace opcheck {
namespace {

// Element-index extent of a view relative to its first element: [lo, hi] inclusive.
struct Extent {
  int64_t lo = 0;
  int64_t hi = 0;
};

Extent ViewExtent(const aclTensor* t) {
  Extent e;
  for (size_t i = 0; i < t->viewShape.size(); ++i) {
    const int64_t span = (t->viewShape[i] - 1) * t->strides[i];
    if (span >= 0) {
      e.hi += span;
    } else {
      e.lo += span;
    }
  }
  return e;
}

struct ByteRange {
  uintptr_t begin = 0;
  uintptr_t end = 0;  // exclusive
};

ByteRange ViewBytes(const aclTensor* t) {
  const Extent e = ViewExtent(t);
  const int64_t item = static_cast<int64_t>(DtypeSize(t->dtype));
  const auto base = reinterpret_cast<intptr_t>(t->data);
  ByteRange r;
  r.begin = static_cast<uintptr_t>(base + (t->offset + e.lo) * item);
  r.end = static_cast<uintptr_t>(base + (t->offset + e.hi + 1) * item);
  return r;
}

std::string ViewString(const aclTensor* t) {
  return "view " + ShapeString(t->viewShape) + " strides " + ShapeString(t->strides) + " offset " +
         std::to_string(t->offset);
}

}  // namespace

std::string ShapeString(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i != 0) s += ',';
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::string DtypeList(const std::vector<aclDataType>& dtypes) {
  std::string s;
  for (aclDataType d : dtypes) {
    if (!s.empty()) s += ", ";
    s += DtypeName(d);
  }
  return s;
}

int NotNull(const char* op, const char* arg, const void* pointer) {
  if (pointer != nullptr) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_NULLPTR,
              std::string(op) + ": " + arg + " must not be null, but got nullptr");
}

int LiveTensor(const char* op, const char* arg, const aclTensor* tensor) {
  if (tensor->magic == kAclTensorMagic) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg +
                                           " is not a live aclTensor (destroyed or not created "
                                           "by aclCreateTensor)");
}

int DtypeIn(const char* op, const char* arg, aclDataType dtype,
            const std::vector<aclDataType>& allowed) {
  if (std::find(allowed.begin(), allowed.end(), dtype) != allowed.end()) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " dtype " + DtypeName(dtype) +
                                           " is not supported; expected one of " +
                                           DtypeList(allowed));
}

int SameDtype(const char* op, const char* refArg, aclDataType ref, const char* arg,
              aclDataType dtype) {
  if (ref == dtype) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " dtype " + DtypeName(dtype) +
                                           " must equal " + refArg + " dtype " + DtypeName(ref));
}

int SameShape(const char* op, const char* refArg, const aclTensor* ref, const char* arg,
              const aclTensor* tensor) {
  if (ref->viewShape == tensor->viewShape) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " shape " +
                                           ShapeString(tensor->viewShape) + " must equal " +
                                           refArg + " shape " + ShapeString(ref->viewShape));
}

int MaxRank(const char* op, const char* arg, const aclTensor* tensor, size_t maxRank) {
  if (tensor->viewShape.size() <= maxRank) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " rank " +
                                           std::to_string(tensor->viewShape.size()) +
                                           " exceeds the maximum of " + std::to_string(maxRank) +
                                           " (shape " + ShapeString(tensor->viewShape) + ")");
}

int NotComplexScalar(const char* op, const char* arg, const aclScalar* scalar) {
  if (scalar == nullptr || (!IsComplex(scalar->dtype) && FindDtype(scalar->dtype) != nullptr &&
                            FindDtype(scalar->dtype)->kind != DtypeKind::kOther &&
                            FindDtype(scalar->dtype)->kind != DtypeKind::kUndefined)) {
    return ACLNN_SUCCESS;
  }
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " dtype " +
                                           DtypeName(scalar->dtype) +
                                           " cannot be converted to FLOAT; expected a real "
                                           "scalar (BOOL, integer, FLOAT16, BFLOAT16, FLOAT, "
                                           "DOUBLE)");
}

bool IsEmpty(const aclTensor* tensor) {
  for (int64_t d : tensor->viewShape) {
    if (d == 0) return true;
  }
  return false;
}

int ViewInDeviceMemory(const char* op, const char* arg, const aclTensor* tensor) {
  const std::string who = std::string(op) + ": " + arg;
  if (tensor->data == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR, who + " has no device address (tensor data is nullptr)");
  }
  const ByteRange bytes = ViewBytes(tensor);
  rt::AllocationInfo info;
  const rt::PointerKind kind = rt::ClassifyPointer(tensor->data, &info);
  char address[32];
  std::snprintf(address, sizeof(address), "%p", tensor->data);
  switch (kind) {
    case rt::PointerKind::kDevice:
      break;
    case rt::PointerKind::kFreedDevice:
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  who + " data " + address + " points into device memory released by aclrtFree");
    case rt::PointerKind::kHost:
      return Fail(ACLNN_ERR_PARAM_INVALID, who + " data " + address +
                                               " is host memory from aclrtMallocHost; operators "
                                               "need device memory from aclrtMalloc");
    case rt::PointerKind::kUnknown:
      return Fail(ACLNN_ERR_PARAM_INVALID, who + " data " + address +
                                               " is not device memory; allocate it with "
                                               "aclrtMalloc");
  }
  const auto allocBegin = reinterpret_cast<uintptr_t>(info.base);
  const uintptr_t allocEnd = allocBegin + info.requested;
  if (bytes.begin < allocBegin) {
    return Fail(ACLNN_ERR_PARAM_INVALID, who + " " + ViewString(tensor) + " starts " +
                                             std::to_string(allocBegin - bytes.begin) +
                                             " bytes before its allocation of " +
                                             std::to_string(info.requested) + " bytes");
  }
  if (bytes.end > allocEnd) {
    return Fail(ACLNN_ERR_PARAM_INVALID, who + " " + ViewString(tensor) + " ends " +
                                             std::to_string(bytes.end - allocEnd) +
                                             " bytes past the end of its allocation of " +
                                             std::to_string(info.requested) + " bytes");
  }
  return ACLNN_SUCCESS;
}

int NoSelfOverlap(const char* op, const char* arg, const aclTensor* tensor) {
  // Sort the non-trivial dims by |stride|; each must step past everything the smaller ones
  // cover, otherwise two indices land on one element.
  std::vector<std::pair<int64_t, int64_t>> dims;  // (|stride|, size)
  for (size_t i = 0; i < tensor->viewShape.size(); ++i) {
    if (tensor->viewShape[i] > 1) {
      dims.emplace_back(std::llabs(tensor->strides[i]), tensor->viewShape[i]);
    }
  }
  std::sort(dims.begin(), dims.end());
  int64_t covered = 1;  // elements spanned by the dims seen so far
  for (const auto& [stride, size] : dims) {
    if (stride < covered) {
      return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " " + ViewString(tensor) +
                                               " writes some elements more than once (an output "
                                               "view must not overlap itself)");
    }
    covered += stride * (size - 1);
  }
  return ACLNN_SUCCESS;
}

int NoPartialOverlap(const char* op, const char* outArg, const aclTensor* out, const char* inArg,
                     const aclTensor* in) {
  const ByteRange a = ViewBytes(out);
  const ByteRange b = ViewBytes(in);
  if (a.end <= b.begin || b.end <= a.begin) return ACLNN_SUCCESS;
  const bool sameView = out->data == in->data && out->offset == in->offset &&
                        out->strides == in->strides && out->viewShape == in->viewShape &&
                        DtypeSize(out->dtype) == DtypeSize(in->dtype);
  if (sameView) return ACLNN_SUCCESS;  // in-place: each element is read before it is written
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + outArg + " " + ViewString(out) +
                                           " partially overlaps " + inArg + " " + ViewString(in) +
                                           "; an output may alias an input only exactly");
}

}  // namespace opcheck
}  // namespace aclcpu
