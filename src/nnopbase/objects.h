// The concrete aclTensor / aclScalar / array / list types behind CANN's opaque handles, and the
// executor contract between the operators (src/ops) and nnopbase.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "aclnn/acl_meta.h"

// Live objects carry a magic number so that handles can be sanity-checked.
constexpr uint64_t kAclTensorMagic = 0x41434c54454e5352ull;  // "ACLTENSR"
constexpr uint64_t kAclScalarMagic = 0x41434c5343414c52ull;  // "ACLSCALR"

struct aclTensor {
  uint64_t magic = kAclTensorMagic;
  std::vector<int64_t> viewShape;
  std::vector<int64_t> strides;  // elements, one per view dim
  std::vector<int64_t> storageShape;
  int64_t offset = 0;  // elements
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_ND;
  void* data = nullptr;
  uint64_t id = 0;       // unique per aclCreateTensor, never reused
  uint64_t version = 0;  // bumped by aclSetRawTensorAddr / aclInitTensor (executors compare it)
};

struct aclScalar {
  uint64_t magic = kAclScalarMagic;
  aclDataType dtype = ACL_DT_UNDEFINED;
  alignas(16) unsigned char value[16] = {};  // the bytes of one value of `dtype`
};

struct aclIntArray {
  std::vector<int64_t> values;
};
struct aclFloatArray {
  std::vector<float> values;
};
struct aclBoolArray {
  std::vector<bool> values;
};
struct aclTensorList {
  std::vector<aclTensor*> tensors;  // owned
};
struct aclScalarList {
  std::vector<aclScalar*> scalars;  // owned
};

namespace aclcpu {

// Dimensions or strides of a view: up to kInline values are held in place (no allocation, so
// that copying a snapshot in phase 1 and into the launched task costs no malloc), more on the
// heap.
class DimVector {
 public:
  static constexpr size_t kInline = 8;
  DimVector() = default;
  DimVector(std::initializer_list<int64_t> values) { assign(values.begin(), values.end()); }
  DimVector& operator=(std::initializer_list<int64_t> values) {
    assign(values.begin(), values.end());
    return *this;
  }
  DimVector& operator=(const std::vector<int64_t>& values) {
    assign(values.data(), values.data() + values.size());
    return *this;
  }
  void assign(const int64_t* first, const int64_t* last) {
    size_ = static_cast<size_t>(last - first);
    if (size_ <= kInline) {
      std::copy(first, last, inline_);
      heap_.clear();
    } else {
      heap_.assign(first, last);
    }
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const int64_t* data() const { return size_ <= kInline ? inline_ : heap_.data(); }
  int64_t* data() { return size_ <= kInline ? inline_ : heap_.data(); }
  const int64_t* begin() const { return data(); }
  const int64_t* end() const { return data() + size_; }
  int64_t operator[](size_t i) const { return data()[i]; }
  int64_t& operator[](size_t i) { return data()[i]; }

 private:
  size_t size_ = 0;
  int64_t inline_[kInline] = {};
  std::vector<int64_t> heap_;  // used only past kInline values
};

// A copy of the parts of a tensor an operator needs at run time, and which tensor it came
// from (so that phase 2 can tell when the user changed that tensor behind the executor).
struct TensorSnapshot {
  DimVector shape;
  DimVector strides;
  int64_t offset = 0;
  aclDataType dtype = ACL_DT_UNDEFINED;
  void* data = nullptr;
  const aclTensor* source = nullptr;  // never dereferenced unless still a live aclTensor
  uint64_t sourceId = 0;
  uint64_t sourceVersion = 0;
  // The id of the tensor phase 1 captured here (0: none); address setters keep it. Slots with
  // the same one held the same aclTensor, and move together when it is re-pointed.
  uint64_t capturedId = 0;
};
TensorSnapshot Snapshot(const aclTensor& tensor);

// Up to N snapshots held in place (a plan's inputs or outputs): filling one in phase 1 never
// allocates. Assigning more than N throws std::length_error.
template <size_t N>
class SnapshotArray {
 public:
  SnapshotArray() = default;
  SnapshotArray(std::initializer_list<TensorSnapshot> values) { *this = values; }
  SnapshotArray& operator=(std::initializer_list<TensorSnapshot> values) {
    if (values.size() > N) throw std::length_error("SnapshotArray: too many tensors");
    size_ = 0;
    for (const TensorSnapshot& v : values) items_[size_++] = v;
    return *this;
  }
  static constexpr size_t capacity() { return N; }
  size_t size() const { return size_; }
  // Keeps the first n snapshots (n <= N), default-constructing any new ones.
  void resize(size_t n) {
    if (n > N) throw std::length_error("SnapshotArray: too many tensors");
    for (size_t i = size_; i < n; ++i) items_[i] = TensorSnapshot();
    size_ = n;
  }
  bool empty() const { return size_ == 0; }
  const TensorSnapshot& operator[](size_t i) const { return items_[i]; }
  TensorSnapshot& operator[](size_t i) { return items_[i]; }
  const TensorSnapshot* begin() const { return items_; }
  const TensorSnapshot* end() const { return items_ + size_; }
  TensorSnapshot* begin() { return items_; }
  TensorSnapshot* end() { return items_ + size_; }

 private:
  size_t size_ = 0;
  TensorSnapshot items_[N];
};

// How aclSetInputTensorAddr & co. number an operator's tensors: as its API declares them, the
// optional ones included (spec/api.md: every IR tensor has a number; one that was null at phase 1
// is refused with 161002). A plan whose snapshots leave out or add tensors says, per API tensor,
// which snapshot it is; unset, the snapshots are the numbering.
struct ApiSlotMap {
  static constexpr size_t kMax = 6;
  static constexpr int8_t kNull = -1;    // the caller passed null at phase 1
  static constexpr int8_t kUnread = -2;  // given, but never read or written: re-pointed only
  int8_t count = -1;                     // < 0: unset
  int8_t slot[kMax] = {};

  bool IsSet() const { return count >= 0; }
  void Set(std::initializer_list<int8_t> slots) {
    count = 0;
    for (int8_t s : slots) {
      if (static_cast<size_t>(count) < kMax) slot[count++] = s;
    }
  }
  // The entry for an API tensor that may be null: its snapshot index, kUnread when the plan
  // captured none, kNull when there is no tensor.
  static int8_t Of(const void* tensor, int snapshot) {
    return tensor == nullptr ? kNull : snapshot >= 0 ? static_cast<int8_t>(snapshot) : kUnread;
  }
};

struct ExecutorPlan;
// Enqueues the work on `stream` using the plan's current snapshots (which
// aclSetInputTensorAddr & co. may have updated) and its launch payload. Returns an aclnnStatus.
using LaunchFn = int (*)(const ExecutorPlan& plan, aclrtStream stream);

// What phase 1 of an operator hands to nnopbase. Filling one allocates nothing (for views of
// at most DimVector::kInline dims), so that a warm phase 1 is allocation-free.
struct ExecutorPlan {
  static constexpr size_t kMaxInputs = 5;   // SwigluGroupQuantGrad reads five tensors
  static constexpr size_t kMaxOutputs = 3;  // SwigluGroupQuant writes three tensors
  static constexpr size_t kPayloadBytes = 256;

  const char* opName = "";             // a static literal: "aclnnSwishBackward"
  SnapshotArray<kMaxInputs> inputs;    // in the operator's parameter order
  SnapshotArray<kMaxOutputs> outputs;  // in the operator's parameter order
  // The operator's parameter names (static literals) for phase-2 messages; optional: a null
  // entry is named "input <i>" / "output <i>".
  const char* inputNames[kMaxInputs] = {};
  const char* outputNames[kMaxOutputs] = {};
  ApiSlotMap apiInputs;   // unset: `inputs` in order
  ApiSlotMap apiOutputs;  // unset: `outputs` in order
  uint64_t workspaceSize = 0;
  LaunchFn launch = nullptr;  // null when there is nothing to do (empty tensors)
  alignas(16) unsigned char payload[kPayloadBytes] = {};  // launch's own data (POD), by value

  // Stores / reads a trivially copyable value of the operator's choosing in `payload`.
  template <typename T>
  void SetPayload(const T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "launch payloads are copied bytewise");
    static_assert(sizeof(T) <= kPayloadBytes, "launch payload too large");
    std::memcpy(payload, &value, sizeof(T));
  }
  template <typename T>
  T Payload() const {
    static_assert(std::is_trivially_copyable<T>::value, "launch payloads are copied bytewise");
    static_assert(sizeof(T) <= kPayloadBytes, "launch payload too large");
    T value;
    std::memcpy(&value, payload, sizeof(T));
    return value;
  }
};

// Creates and registers an executor owning `plan`; nullptr if that fails.
aclOpExecutor* CreateExecutor(const ExecutorPlan& plan);

// The common phase 2: null executor → 161001; workspaceSize > 0 with a null workspace →
// 161001; unknown, destroyed or already-run (non-repeatable) executor → refused with a message.
// Then the re-validation every operator gets: a captured tensor changed behind the executor
// (aclSetRawTensorAddr / aclInitTensor) is refused; every snapshot's allocation is pinned (it
// stays mapped until the enqueued work has run, whatever aclrtFree does meanwhile) and must be
// live device memory of the stream's device; after a re-point (aclSet*TensorAddr) the views are
// checked again for bounds, alignment and output/input overlap. Then runs plan.launch and frees
// the executor unless it is repeatable.
int RunExecutor(const char* opName, void* workspace, uint64_t workspaceSize,
                aclOpExecutor* executor, aclrtStream stream);

}  // namespace aclcpu
