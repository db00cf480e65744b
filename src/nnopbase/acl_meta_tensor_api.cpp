// Exported aclTensor functions of acl_meta.h: thin wrappers, no exception crosses the ABI.
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/meta_impl.h"

using aclcpu::Guard;
using aclcpu::GuardPtr;

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format,
                           const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  return GuardPtr<aclTensor>("aclCreateTensor", [&] {
    return aclcpu::CreateTensor(viewDims, viewDimsNum, dataType, stride, offset, format,
                                storageDims, storageDimsNum, tensorData);
  });
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  return Guard("aclDestroyTensor", ACLNN_ERR_INNER, [&] { return aclcpu::DestroyTensor(tensor); });
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum,
                          aclDataType dataType, const int64_t* stride, int64_t offset,
                          aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                          void* tensorDataAddr) {
  return Guard("aclInitTensor", ACLNN_ERR_INNER, [&] {
    return aclcpu::InitTensor(tensor, viewDims, viewDimsNum, dataType, stride, offset, format,
                              storageDims, storageDimsNum, tensorDataAddr);
  });
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return Guard("aclGetViewShape", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetViewShape(tensor, viewDims, viewDimsNum); });
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                               uint64_t* storageDimsNum) {
  return Guard("aclGetStorageShape", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetStorageShape(tensor, storageDims, storageDimsNum); });
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                              uint64_t* stridesNum) {
  return Guard("aclGetViewStrides", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetViewStrides(tensor, stridesValue, stridesNum); });
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  return Guard("aclGetViewOffset", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetViewOffset(tensor, offset); });
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  return Guard("aclGetFormat", ACLNN_ERR_INNER, [&] { return aclcpu::GetFormat(tensor, format); });
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  return Guard("aclGetDataType", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetDataType(tensor, dataType); });
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  return Guard("aclSetRawTensorAddr", ACLNN_ERR_INNER,
               [&] { return aclcpu::SetRawTensorAddr(tensor, addr); });
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  return Guard("aclGetRawTensorAddr", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetRawTensorAddr(tensor, addr); });
}

}  // extern "C"
