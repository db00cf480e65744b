// The aclGet* queries on tensors and the raw address accessors.
#include <cstring>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/meta_impl.h"

namespace aclcpu {
namespace {

// Null tensor or output pointer → 161001; a tensor whose magic is wrong → 161002.
// (The callers hold a HandleReadScope: the tensor cannot be destroyed while they read it.)
int CheckTensorArg(const char* api, const aclTensor* tensor, const void* out, const char* outName) {
  if (tensor == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: tensor is null", api);
  if (out == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null", api, outName);
  if (!LooksLikeTensor(tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "%s: %p is not a live aclTensor", api,
                 static_cast<const void*>(tensor));
  }
  return ACLNN_SUCCESS;
}

// Hands out a copy of `values` in a new[] buffer the caller delete[]s.
int CopyOut(const char* api, const std::vector<int64_t>& values, int64_t** out, uint64_t* num) {
  int64_t* buffer = new (std::nothrow) int64_t[values.size()];
  if (buffer == nullptr) {
    return Failf(ACLNN_ERR_INNER_NULLPTR, "%s: cannot allocate %zu values", api, values.size());
  }
  if (!values.empty()) std::memcpy(buffer, values.data(), values.size() * sizeof(int64_t));
  *out = buffer;
  *num = values.size();
  return ACLNN_SUCCESS;
}

int GetDims(const char* api, const aclTensor* tensor, const std::vector<int64_t> aclTensor::*field,
            int64_t** out, const char* outName, uint64_t* num, const char* numName) {
  HandleReadScope read;
  int status = CheckTensorArg(api, tensor, out, outName);
  if (status != ACLNN_SUCCESS) return status;
  if (num == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null", api, numName);
  return CopyOut(api, tensor->*field, out, num);
}

}  // namespace

int GetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return GetDims("aclGetViewShape", tensor, &aclTensor::viewShape, viewDims, "viewDims",
                 viewDimsNum, "viewDimsNum");
}

int GetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
  return GetDims("aclGetStorageShape", tensor, &aclTensor::storageShape, storageDims, "storageDims",
                 storageDimsNum, "storageDimsNum");
}

int GetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
  return GetDims("aclGetViewStrides", tensor, &aclTensor::strides, stridesValue, "stridesValue",
                 stridesNum, "stridesNum");
}

int GetViewOffset(const aclTensor* tensor, int64_t* offset) {
  HandleReadScope read;
  int status = CheckTensorArg("aclGetViewOffset", tensor, offset, "offset");
  if (status == ACLNN_SUCCESS) *offset = tensor->offset;
  return status;
}

int GetFormat(const aclTensor* tensor, aclFormat* format) {
  HandleReadScope read;
  int status = CheckTensorArg("aclGetFormat", tensor, format, "format");
  if (status == ACLNN_SUCCESS) *format = tensor->format;
  return status;
}

int GetDataType(const aclTensor* tensor, aclDataType* dataType) {
  HandleReadScope read;
  int status = CheckTensorArg("aclGetDataType", tensor, dataType, "dataType");
  if (status == ACLNN_SUCCESS) *dataType = tensor->dtype;
  return status;
}

int SetRawTensorAddr(aclTensor* tensor, void* addr) {
  if (tensor == nullptr)
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclSetRawTensorAddr: tensor is null");
  HandleWriteScope write;
  if (!LooksLikeTensor(tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "aclSetRawTensorAddr: %p is not a live aclTensor",
                 static_cast<void*>(tensor));
  }
  tensor->data = addr;
  // An executor that captured this tensor refuses to run on what it saw in phase 1.
  ++tensor->version;
  BumpTensorChangeEpoch();
  return ACLNN_SUCCESS;
}

int GetRawTensorAddr(const aclTensor* tensor, void** addr) {
  HandleReadScope read;
  int status = CheckTensorArg("aclGetRawTensorAddr", tensor, addr, "addr");
  if (status == ACLNN_SUCCESS) *addr = tensor->data;
  return status;
}

}  // namespace aclcpu
