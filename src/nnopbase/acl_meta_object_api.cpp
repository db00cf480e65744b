// Exported scalar, array and list functions of acl_meta.h: thin wrappers.
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/meta_impl.h"

using aclcpu::Guard;
using aclcpu::GuardPtr;

extern "C" {

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  return GuardPtr<aclScalar>("aclCreateScalar",
                             [&] { return aclcpu::CreateScalar(value, dataType); });
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  return Guard("aclDestroyScalar", ACLNN_ERR_INNER, [&] { return aclcpu::DestroyScalar(scalar); });
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  return GuardPtr<aclIntArray>("aclCreateIntArray",
                               [&] { return aclcpu::CreateIntArray(value, size); });
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  return GuardPtr<aclFloatArray>("aclCreateFloatArray",
                                 [&] { return aclcpu::CreateFloatArray(value, size); });
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  return GuardPtr<aclBoolArray>("aclCreateBoolArray",
                                [&] { return aclcpu::CreateBoolArray(value, size); });
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  return GuardPtr<aclTensorList>("aclCreateTensorList",
                                 [&] { return aclcpu::CreateTensorList(value, size); });
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  return GuardPtr<aclScalarList>("aclCreateScalarList",
                                 [&] { return aclcpu::CreateScalarList(value, size); });
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return Guard("aclDestroyIntArray", ACLNN_ERR_INNER,
               [&] { return aclcpu::DestroyIntArray(array); });
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return Guard("aclDestroyFloatArray", ACLNN_ERR_INNER,
               [&] { return aclcpu::DestroyFloatArray(array); });
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return Guard("aclDestroyBoolArray", ACLNN_ERR_INNER,
               [&] { return aclcpu::DestroyBoolArray(array); });
}

aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  return Guard("aclDestroyTensorList", ACLNN_ERR_INNER,
               [&] { return aclcpu::DestroyTensorList(array); });
}

aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  return Guard("aclDestroyScalarList", ACLNN_ERR_INNER,
               [&] { return aclcpu::DestroyScalarList(array); });
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return Guard("aclGetIntArraySize", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetIntArraySize(array, size); });
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return Guard("aclGetFloatArraySize", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetFloatArraySize(array, size); });
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return Guard("aclGetBoolArraySize", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetBoolArraySize(array, size); });
}

aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
  return Guard("aclGetTensorListSize", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetTensorListSize(tensorList, size); });
}

aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
  return Guard("aclGetScalarListSize", ACLNN_ERR_INNER,
               [&] { return aclcpu::GetScalarListSize(scalarList, size); });
}

}  // extern "C"
