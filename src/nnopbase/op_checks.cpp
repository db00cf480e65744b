#include "nnopbase/op_checks.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/log.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"
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

Extent ViewExtent(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
  Extent e;
  for (size_t i = 0; i < shape.size() && i < strides.size(); ++i) {
    if (shape[i] <= 0) continue;
    const i128 span = static_cast<i128>(shape[i] - 1) * strides[i];
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

ByteRange ViewBytes(const aclTensor* t) {
  const Extent e = ViewExtent(t->viewShape, t->strides);
  const i128 item = static_cast<i128>(DtypeSize(t->dtype));
  const i128 base = static_cast<i128>(reinterpret_cast<uintptr_t>(t->data));
  ByteRange r;
  r.begin = base + (t->offset + e.lo) * item;
  r.end = base + (t->offset + e.hi + 1) * item;
  return r;
}

i128 FirstByte(const aclTensor* t) {
  return static_cast<i128>(reinterpret_cast<uintptr_t>(t->data)) +
         static_cast<i128>(t->offset) * static_cast<i128>(DtypeSize(t->dtype));
}

i128 Abs(int64_t v) { return v < 0 ? -static_cast<i128>(v) : static_cast<i128>(v); }

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

int64_t Gcd(int64_t a, int64_t b) {
  while (b != 0) {
    const int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

// gcd of the byte strides of every dim with more than one element (0 if there is none).
int64_t ByteStrideGcd(const aclTensor* t, int64_t g) {
  const int64_t item = static_cast<int64_t>(DtypeSize(t->dtype));
  for (size_t i = 0; i < t->viewShape.size(); ++i) {
    if (t->viewShape[i] <= 1 || t->strides[i] == 0) continue;
    const i128 bytes = Abs(t->strides[i]) * item;
    if (bytes > INT64_MAX) return 1;  // absurd stride: prove nothing
    g = Gcd(g, static_cast<int64_t>(bytes));
  }
  return g;
}

// True when no element of `a` shares a byte with an element of `b`, proven cheaply: every
// element of a view starts at its first element plus a multiple of g, the gcd of both views'
// byte strides, so a[i] - b[j] = d + m·g with d the distance between the first elements. The
// two elements intersect only when -size(a) < d + m·g < size(b); if no multiple of g lands in
// that window, the views interleave without touching (e.g. the even and odd elements of one
// buffer).
bool ProvablyDisjoint(const aclTensor* a, const aclTensor* b) {
  const int64_t g = ByteStrideGcd(b, ByteStrideGcd(a, 0));
  if (g <= 1) return false;
  i128 r = (FirstByte(a) - FirstByte(b)) % g;
  if (r < 0) r += g;
  const i128 sizeA = static_cast<i128>(DtypeSize(a->dtype));
  const i128 sizeB = static_cast<i128>(DtypeSize(b->dtype));
  // The candidates nearest the window are r (>= 0) and r - g (< 0).
  return r >= sizeB && g - r >= sizeA;
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

int NotComplexScalar(const char* op, const char* arg, const aclScalar* scalar) {
  if (scalar != nullptr && !Registry<aclScalar>().Contains(scalar)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg +
                                             " is not a live aclScalar (destroyed or not created "
                                             "by aclCreateScalar)");
  }
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
  // Built only for a message: the common (passing) case allocates nothing.
  const auto who = [op, arg] { return std::string(op) + ": " + arg; };
  if (tensor->data == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR, who() + " has no device address (tensor data is nullptr)");
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
  const i128 item = static_cast<i128>(DtypeSize(tensor->dtype));
  if (item > 1 && FirstByte(tensor) % item != 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, who() + " " + ViewString(tensor) + " at data " + address +
                                             " is not aligned to its element size of " +
                                             ToString(item) + " bytes");
  }
  const i128 allocBegin = static_cast<i128>(reinterpret_cast<uintptr_t>(info.base));
  const i128 allocEnd = allocBegin + static_cast<i128>(info.requested);
  if (bytes.begin < allocBegin) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                who() + " " + ViewString(tensor) + " starts " + ToString(allocBegin - bytes.begin) +
                    " bytes before its allocation of " + std::to_string(info.requested) + " bytes");
  }
  if (bytes.end > allocEnd) {
    return Fail(ACLNN_ERR_PARAM_INVALID, who() + " " + ViewString(tensor) + " ends " +
                                             ToString(bytes.end - allocEnd) +
                                             " bytes past the end of its allocation of " +
                                             std::to_string(info.requested) + " bytes");
  }
  return ViewInStorage(op, arg, tensor);
}

int ViewInStorage(const char* op, const char* arg, const aclTensor* tensor) {
  const i128 elements = StorageElements(tensor);
  if (elements < 0) return ACLNN_SUCCESS;  // no storage shape given: nothing more to check
  const Extent e = ViewExtent(tensor->viewShape, tensor->strides);
  const i128 item = static_cast<i128>(DtypeSize(tensor->dtype));
  const i128 first = tensor->offset + e.lo;
  const i128 last = tensor->offset + e.hi;  // inclusive, in elements
  if (first >= 0 && last < elements) return ACLNN_SUCCESS;
  const std::string who = std::string(op) + ": " + arg + " " + ViewString(tensor);
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
  // Sort the non-trivial dims by |stride|; each must step past everything the smaller ones
  // cover, otherwise two indices land on one element.
  // (|stride|, size), in place for up to kInlineDims dims (phase 1 allocates nothing then).
  using Dim = std::pair<i128, int64_t>;
  constexpr size_t kInlineDims = 8;
  const size_t rank = tensor->viewShape.size();
  Dim inlineDims[kInlineDims];
  std::vector<Dim> heapDims;
  if (rank > kInlineDims) heapDims.resize(rank);
  Dim* const dims = rank > kInlineDims ? heapDims.data() : inlineDims;
  size_t count = 0;
  for (size_t i = 0; i < rank; ++i) {
    if (tensor->viewShape[i] > 1)
      dims[count++] = Dim(Abs(tensor->strides[i]), tensor->viewShape[i]);
  }
  std::sort(dims, dims + count);
  i128 covered = 1;  // elements spanned by the dims seen so far
  for (size_t k = 0; k < count; ++k) {
    const auto& [stride, size] = dims[k];
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
  if (ProvablyDisjoint(out, in)) return ACLNN_SUCCESS;  // interleaved, no element shared
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + outArg + " " + ViewString(out) +
                                           " partially overlaps " + inArg + " " + ViewString(in) +
                                           "; an output may alias an input only exactly");
}

}  // namespace opcheck
}  // namespace aclcpu
