// aclTensor creation, re-initialisation and destruction.
#include <atomic>
#include <memory>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"

namespace aclcpu {
namespace {

using ull = unsigned long long;

// Checks one dims argument: a null array with a non-zero count, a negative dimension, or
// dimensions whose non-zero product does not fit in int64 (such a tensor could not be
// addressed: its contiguous strides would overflow) are refused.
int CheckDims(const char* api, const char* name, const int64_t* dims, uint64_t num) {
  if (dims == nullptr && num > 0) {
    return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null but %sNum is %llu", api, name, name,
                 static_cast<ull>(num));
  }
  int64_t product = 1;
  for (uint64_t i = 0; i < num; ++i) {
    if (dims[i] < 0) {
      return Failf(ACLNN_ERR_PARAM_INVALID,
                   "%s: %s[%llu] is %lld; a dimension must not be negative", api, name,
                   static_cast<ull>(i), static_cast<long long>(dims[i]));
    }
    if (dims[i] != 0 && __builtin_mul_overflow(product, dims[i], &product)) {
      return Failf(ACLNN_ERR_PARAM_INVALID,
                   "%s: the product of the %llu dimensions of %s overflows int64", api,
                   static_cast<ull>(num), name);
    }
  }
  return ACLNN_SUCCESS;
}

// Row-major strides of `shape`: the last is 1, each other is the next dimension times the next
// stride (so dimensions before a zero-sized one get stride 0, as CANN computes them).
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size());
  if (shape.empty()) return strides;
  strides.back() = 1;
  for (size_t i = shape.size() - 1; i-- > 0;) strides[i] = shape[i + 1] * strides[i + 1];
  return strides;
}

std::atomic<uint64_t> gNextTensorId{1};

// dataType and format arrive as the caller's integers; the enum types hold -64..63.
int CheckCodes(const char* api, int32_t dataType, int32_t format) {
  if (!kDataTypeCodes.Holds(dataType)) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "%s: dataType %d is not an aclDataType code (the type holds %d..%d)", api,
                 static_cast<int>(dataType), kDataTypeCodes.min, kDataTypeCodes.max);
  }
  if (!kFormatCodes.Holds(format)) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "%s: format %d is not an aclFormat code (the type holds %d..%d)", api,
                 static_cast<int>(format), kFormatCodes.min, kFormatCodes.max);
  }
  return ACLNN_SUCCESS;
}

std::vector<int64_t> CopyDims(const int64_t* dims, uint64_t num) {
  return num == 0 ? std::vector<int64_t>() : std::vector<int64_t>(dims, dims + num);
}

}  // namespace

bool LooksLikeTensor(const aclTensor* tensor) {
  // By identity first: a destroyed tensor's memory is gone and must not be read.
  return tensor != nullptr && Registry<aclTensor>().Contains(tensor) &&
         tensor->magic == kAclTensorMagic;
}

aclTensor* CreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int32_t dataType,
                        const int64_t* stride, int64_t offset, int32_t format,
                        const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  constexpr const char* kApi = "aclCreateTensor";
  if (CheckDims(kApi, "viewDims", viewDims, viewDimsNum) != ACLNN_SUCCESS) return nullptr;
  if (CheckDims(kApi, "storageDims", storageDims, storageDimsNum) != ACLNN_SUCCESS) return nullptr;
  if (CheckCodes(kApi, dataType, format) != ACLNN_SUCCESS) return nullptr;

  auto tensor = std::make_unique<aclTensor>();
  tensor->viewShape = CopyDims(viewDims, viewDimsNum);
  tensor->strides =
      stride != nullptr ? CopyDims(stride, viewDimsNum) : ContiguousStrides(tensor->viewShape);
  tensor->storageShape = CopyDims(storageDims, storageDimsNum);
  tensor->offset = offset;
  tensor->dtype = static_cast<aclDataType>(dataType);  // in range: checked above
  tensor->format = static_cast<aclFormat>(format);
  tensor->data = tensorData;
  tensor->id = gNextTensorId.fetch_add(1, std::memory_order_relaxed);
  Registry<aclTensor>().Add(tensor.get());
  return tensor.release();
}

int DestroyTensor(const aclTensor* tensor) {
  if (tensor == nullptr) return ACLNN_SUCCESS;
  HandleWriteScope write;  // waits for phase-1 calls reading handles
  // The registry is asked before the pointer is touched: a destroyed tensor's memory is gone.
  if (!Registry<aclTensor>().Remove(tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "aclDestroyTensor: %p is not a live aclTensor (already destroyed, or not made "
                 "by aclCreateTensor)",
                 static_cast<const void*>(tensor));
  }
  aclTensor* owned = const_cast<aclTensor*>(tensor);
  owned->magic = 0;
  delete owned;
  return ACLNN_SUCCESS;
}

int InitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum, int32_t dataType,
               const int64_t* stride, int64_t offset, int32_t format, const int64_t* storageDims,
               uint64_t storageDimsNum, void* tensorDataAddr) {
  constexpr const char* kApi = "aclInitTensor";
  if (tensor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclInitTensor: tensor is null");
  HandleWriteScope write;
  if (!LooksLikeTensor(tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "aclInitTensor: %p is not a live aclTensor",
                 static_cast<void*>(tensor));
  }
  const bool newView = viewDims != nullptr && viewDimsNum > 0;
  const bool newStorage = storageDims != nullptr && storageDimsNum > 0;
  // Everything is checked before anything changes, so a refused call leaves the tensor as it was.
  if (newView && CheckDims(kApi, "viewDims", viewDims, viewDimsNum) != ACLNN_SUCCESS) {
    return ACLNN_ERR_PARAM_INVALID;
  }
  if (newStorage && CheckDims(kApi, "storageDims", storageDims, storageDimsNum) != 0) {
    return ACLNN_ERR_PARAM_INVALID;
  }
  if (int rc = CheckCodes(kApi, dataType, format)) return rc;
  std::vector<int64_t> shape = newView ? CopyDims(viewDims, viewDimsNum) : tensor->viewShape;
  // A given stride array has one entry per dimension of the resulting view.
  std::vector<int64_t> strides =
      stride != nullptr ? CopyDims(stride, shape.size()) : ContiguousStrides(shape);
  tensor->viewShape = std::move(shape);
  tensor->strides = std::move(strides);
  if (newStorage) tensor->storageShape = CopyDims(storageDims, storageDimsNum);
  tensor->offset = offset;
  tensor->dtype = static_cast<aclDataType>(dataType);  // in range: checked above
  tensor->format = static_cast<aclFormat>(format);
  if (tensorDataAddr != nullptr) tensor->data = tensorDataAddr;
  // An executor that captured this tensor refuses to run on what it saw in phase 1.
  ++tensor->version;
  BumpTensorChangeEpoch();
  return ACLNN_SUCCESS;
}

TensorSnapshot Snapshot(const aclTensor& tensor) {
  TensorSnapshot snapshot;
  snapshot.shape = tensor.viewShape;
  snapshot.strides = tensor.strides;
  snapshot.offset = tensor.offset;
  snapshot.dtype = tensor.dtype;
  snapshot.data = tensor.data;
  snapshot.source = &tensor;
  snapshot.sourceId = tensor.id;
  snapshot.sourceVersion = tensor.version;
  snapshot.capturedId = tensor.id;
  return snapshot;
}

}  // namespace aclcpu
