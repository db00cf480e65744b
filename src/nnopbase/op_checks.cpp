#include "nnopbase/op_checks.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/log.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"
#include "nnopbase/view_checks.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace opcheck {
namespace {

using i128 = __int128;

// Element-index extent of a view relative to its first element: [lo, hi] inclusive. Computed
// in 128 bits: user strides and dims may be anything, and int64 products could overflow.
struct Extent {
  i128 lo = 0;
  i128 hi = 0;
};

Extent ViewExtent(const ViewRef& v) {
  Extent e;
  for (size_t i = 0; i < v.rank; ++i) {
    if (v.shape[i] <= 0) continue;
    const i128 span = static_cast<i128>(v.shape[i] - 1) * v.strides[i];
    if (span >= 0) {
      e.hi += span;
    } else {
      e.lo += span;
    }
  }
  return e;
}

// Byte addresses [begin, end) the view can touch, in 128 bits (may lie outside the address
// space for absurd views; the callers compare, they never dereference).
struct ByteRange {
  i128 begin = 0;
  i128 end = 0;  // exclusive
};

ByteRange ViewBytes(const ViewRef& v) {
  const Extent e = ViewExtent(v);
  const i128 item = static_cast<i128>(DtypeSize(v.dtype));
  const i128 base = static_cast<i128>(reinterpret_cast<uintptr_t>(v.data));
  ByteRange r;
  r.begin = base + (v.offset + e.lo) * item;
  r.end = base + (v.offset + e.hi + 1) * item;
  return r;
}

i128 FirstByte(const ViewRef& v) {
  return static_cast<i128>(reinterpret_cast<uintptr_t>(v.data)) +
         static_cast<i128>(v.offset) * static_cast<i128>(DtypeSize(v.dtype));
}

std::string ToString(i128 v) {
  if (v >= INT64_MIN && v <= INT64_MAX) return std::to_string(static_cast<int64_t>(v));
  return v < 0 ? "more than 2^63 (negative)" : "more than 2^63";
}

// The product of the storage dims in elements, or -1 when no storage shape was given.
i128 StorageElements(const aclTensor* t) {
  if (t->storageShape.empty()) return -1;
  i128 n = 1;
  for (int64_t d : t->storageShape) {
    n *= d;
    if (n > (static_cast<i128>(1) << 100)) break;  // dims were checked at creation; stay finite
  }
  return n;
}

// The allocation part of ViewInDeviceMemory, for a view whose data pointer was classified.
int ViewInAllocation(const char* op, const char* arg, const ViewRef& view, rt::PointerKind kind,
                     const rt::AllocationInfo& info) {
  // Built only for a message: the common (passing) case allocates nothing.
  const auto who = [op, arg] { return std::string(op) + ": " + arg; };
  char address[32];
  std::snprintf(address, sizeof(address), "%p", view.data);
  switch (kind) {
    case rt::PointerKind::kDevice:
      break;
    case rt::PointerKind::kFreedDevice:
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  who() + " data " + address + " points into device memory released by aclrtFree");
    case rt::PointerKind::kHost:
      return Fail(ACLNN_ERR_PARAM_INVALID, who() + " data " + address +
                                               " is host memory from aclrtMallocHost; operators "
                                               "need device memory from aclrtMalloc");
    case rt::PointerKind::kUnknown:
      return Fail(ACLNN_ERR_PARAM_INVALID, who() + " data " + address +
                                               " is not device memory; allocate it with "
                                               "aclrtMalloc");
  }
  // Kernels load whole elements: a first element off its natural alignment is refused (CANN
  // documents 32-byte aligned tensor data; we need only element alignment).
  const i128 item = static_cast<i128>(DtypeSize(view.dtype));
  if (item > 1 && FirstByte(view) % item != 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, who() + " " + ViewString(view) + " at data " + address +
                                             " is not aligned to its element size of " +
                                             ToString(item) + " bytes");
  }
  const ByteRange bytes = ViewBytes(view);
  const i128 allocBegin = static_cast<i128>(reinterpret_cast<uintptr_t>(info.base));
  const i128 allocEnd = allocBegin + static_cast<i128>(info.requested);
  if (bytes.begin < allocBegin) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                who() + " " + ViewString(view) + " starts " + ToString(allocBegin - bytes.begin) +
                    " bytes before its allocation of " + std::to_string(info.requested) + " bytes");
  }
  if (bytes.end <= allocEnd) return ACLNN_SUCCESS;
  const std::string past =
      who() + " " + ViewString(view) + " ends " + ToString(bytes.end - allocEnd) +
      " bytes past the end of its allocation of " + std::to_string(info.requested) + " bytes";
  const i128 roundedEnd = allocBegin + static_cast<i128>(info.rounded);
  const i128 mappedEnd = allocBegin + static_cast<i128>(info.mapped);  // whole pages >= rounded
  if (bytes.end > mappedEnd) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                past + " (and past the " + std::to_string(info.mapped) + " bytes mapped for it)");
  }
  // Inside the size CANN rounds every aclrtMalloc up to, the access works on the NPU. Past it,
  // the NPU writes on into whatever device memory follows (the vendor's
  // SoftmaxCrossEntropyWithLogits sample writes 256 bytes of floats into a 128-byte buffer and
  // prints its loss); here the allocation's own pages follow, which no other allocation shares,
  // so the access is safe and goes ahead. A warning either way; ACLNN_CPU_CHECK=2 refuses both.
  char text[200];
  if (bytes.end <= roundedEnd) {
    std::snprintf(text, sizeof(text),
                  " (the allocation at %p; inside the %zu bytes CANN reserves for it by rounding "
                  "up",
                  info.base, info.rounded);
  } else {
    std::snprintf(text, sizeof(text),
                  " (the allocation at %p; past the %zu bytes CANN reserves for it, where the NPU "
                  "would write into whatever memory follows; inside the %zu bytes mapped for it "
                  "here",
                  info.base, info.rounded, info.mapped);
  }
  if (CheckEnabled(2)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, past + text + ", refused at ACLNN_CPU_CHECK=2)");
  }
  Log(LogLevel::kWarning, "%s%s; accepted, ACLNN_CPU_CHECK=2 refuses it)", past.c_str(), text);
  return ACLNN_SUCCESS;
}

int PartialOverlap(const char* op, const char* outArg, const ViewRef& out, const char* inArg,
                   const ViewRef& in) {
  if (SameElements(out, in)) return ACLNN_SUCCESS;      // in place: each element read, then written
  if (!ViewsShareBytes(out, in)) return ACLNN_SUCCESS;  // apart, or interleaved without touching
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + outArg + " " + ViewString(out) +
                                           " partially overlaps " + inArg + " " + ViewString(in) +
                                           "; an output may alias an input only exactly");
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
  if (LooksLikeTensor(tensor)) return ACLNN_SUCCESS;
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

int LiveScalar(const char* op, const char* arg, const aclScalar* scalar) {
  if (scalar != nullptr && !Registry<aclScalar>().Contains(scalar)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg +
                                             " is not a live aclScalar (destroyed or not created "
                                             "by aclCreateScalar)");
  }
  return ACLNN_SUCCESS;
}

int NotComplexScalar(const char* op, const char* arg, const aclScalar* scalar) {
  ACLCPU_RETURN_IF_ERROR(LiveScalar(op, arg, scalar));
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
  if (tensor->data == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR,
                std::string(op) + ": " + arg + " has no device address (tensor data is nullptr)");
  }
  rt::AllocationInfo info;
  const rt::PointerKind kind = rt::ClassifyPointer(tensor->data, &info);
  ACLCPU_RETURN_IF_ERROR(ViewInAllocation(op, arg, RefOf(tensor), kind, info));
  return ViewInStorage(op, arg, tensor);
}

int ViewInDeviceMemory(const char* op, const char* arg, const TensorSnapshot& view) {
  if (view.data == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR,
                std::string(op) + ": " + arg + " has no device address (data is nullptr)");
  }
  rt::AllocationInfo info;
  const rt::PointerKind kind = rt::ClassifyPointer(view.data, &info);
  return ViewInAllocation(op, arg, RefOf(view), kind, info);
}

int ViewInClassifiedMemory(const char* op, const char* arg, const TensorSnapshot& view,
                           rt::PointerKind kind, const rt::AllocationInfo& info) {
  return ViewInAllocation(op, arg, RefOf(view), kind, info);
}

int ViewInStorage(const char* op, const char* arg, const aclTensor* tensor) {
  const i128 elements = StorageElements(tensor);
  if (elements < 0) return ACLNN_SUCCESS;  // no storage shape given: nothing more to check
  const Extent e = ViewExtent(RefOf(tensor));
  const i128 item = static_cast<i128>(DtypeSize(tensor->dtype));
  const i128 first = tensor->offset + e.lo;
  const i128 last = tensor->offset + e.hi;  // inclusive, in elements
  if (first >= 0 && last < elements) return ACLNN_SUCCESS;
  const std::string who = std::string(op) + ": " + arg + " " + ViewString(RefOf(tensor));
  const std::string what =
      first < 0 ? " starts " + ToString(-first * item) + " bytes before its storage " +
                      ShapeString(tensor->storageShape)
                : " ends " + ToString((last + 1 - elements) * item) +
                      " bytes past the end of its storage " + ShapeString(tensor->storageShape) +
                      " (" + ToString(elements * item) + " bytes)";
  // CANN's samples pass the view dims as storage dims whatever the layout, so a storage shape
  // equal to the view shape says nothing about the buffer: warn (the allocation check above
  // already keeps the access safe). A storage shape of its own is a promise: refuse.
  if (tensor->storageShape == tensor->viewShape) {
    Log(LogLevel::kWarning, "%s%s (storage dims equal the view dims; accepted)", who.c_str(),
        what.c_str());
    return ACLNN_SUCCESS;
  }
  return Fail(ACLNN_ERR_PARAM_INVALID, who + what);
}

int NoSelfOverlap(const char* op, const char* arg, const aclTensor* tensor) {
  if (!WritesElementTwice(RefOf(tensor))) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " " +
                                           ViewString(RefOf(tensor)) +
                                           " writes some elements more than once (an output "
                                           "view must not overlap itself)");
}

int NoPartialOverlap(const char* op, const char* outArg, const aclTensor* out, const char* inArg,
                     const aclTensor* in) {
  return PartialOverlap(op, outArg, RefOf(out), inArg, RefOf(in));
}

int NoPartialOverlap(const char* op, const char* outArg, const TensorSnapshot& out,
                     const char* inArg, const TensorSnapshot& in) {
  return PartialOverlap(op, outArg, RefOf(out), inArg, RefOf(in));
}

}  // namespace opcheck
}  // namespace aclcpu
