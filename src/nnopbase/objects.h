// The concrete aclTensor / aclScalar / array / list types behind CANN's opaque handles, and the
// executor contract between the operators (src/ops) and nnopbase.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
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

// A copy of the parts of a tensor an operator needs at run time.
struct TensorSnapshot {
  DimVector shape;
  DimVector strides;
  int64_t offset = 0;
  aclDataType dtype = ACL_DT_UNDEFINED;
  void* data = nullptr;
};
TensorSnapshot Snapshot(const aclTensor& tensor);

// What phase 1 of an operator hands to nnopbase.
struct ExecutorPlan {
  std::string opName;                   // "aclnnSwishBackward"
  std::vector<TensorSnapshot> inputs;   // in the operator's parameter order
  std::vector<TensorSnapshot> outputs;  // in the operator's parameter order
  uint64_t workspaceSize = 0;
  // Enqueues the work on `stream` using the plan's current snapshots (which
  // aclSetInputTensorAddr & co. may have updated). Null when there is nothing to do (empty
  // tensors). Returns an aclnnStatus.
  std::function<int(const ExecutorPlan& plan, aclrtStream stream)> launch;
};

// Creates and registers an executor owning `plan`; nullptr if that fails.
aclOpExecutor* CreateExecutor(ExecutorPlan plan);

// The common phase 2: null executor → 161001; workspaceSize > 0 with a null workspace →
// 161001; unknown, destroyed or already-run (non-repeatable) executor → refused with a message;
// then runs plan.launch and frees the executor unless it is repeatable.
int RunExecutor(const char* opName, void* workspace, uint64_t workspaceSize,
                aclOpExecutor* executor, aclrtStream stream);

}  // namespace aclcpu
