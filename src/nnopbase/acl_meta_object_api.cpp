// Exported scalar, array and list functions of acl_meta.h: thin wrappers.
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "common/enum_code.h"
#include "common/error.h"
#include "common/trace.h"
#include "nnopbase/meta_impl.h"

using aclcpu::Guard;
using aclcpu::GuardPtr;
using aclcpu::trace::Call;
using aclcpu::trace::ReturnedNew;
using aclcpu::trace::Traced;

extern "C" {

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  const int32_t dtypeCode = aclcpu::EnumCode(dataType);
  return Traced(
      "aclCreateScalar", [&](Call& c) { c.Mem("value", value).Dtype("dataType", dtypeCode); },
      [&] {
        return GuardPtr<aclScalar>("aclCreateScalar",
                                   [&] { return aclcpu::CreateScalar(value, dtypeCode); });
      },
      [](Call& c, aclScalar* created) {
        // The new scalar's value is shown decoded, so the line says what was captured.
        aclcpu::trace::NewObject("scalar", created);
        c.Returned(aclcpu::trace::ScalarText(created));
      });
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  return Traced(
      "aclDestroyScalar", [&](Call& c) { c.Scalar("scalar", scalar); },
      [&] {
        return Guard("aclDestroyScalar", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyScalar(scalar); });
      },
      aclcpu::trace::DestroyedOnSuccess(scalar));
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  return Traced(
      "aclCreateIntArray", [&](Call& c) { c.Dims("value", value, size).UInt("size", size); },
      [&] {
        return GuardPtr<aclIntArray>("aclCreateIntArray",
                                     [&] { return aclcpu::CreateIntArray(value, size); });
      },
      ReturnedNew<aclIntArray>("intArray"));
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  return Traced(
      "aclCreateFloatArray", [&](Call& c) { c.Floats("value", value, size).UInt("size", size); },
      [&] {
        return GuardPtr<aclFloatArray>("aclCreateFloatArray",
                                       [&] { return aclcpu::CreateFloatArray(value, size); });
      },
      ReturnedNew<aclFloatArray>("floatArray"));
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  return Traced(
      "aclCreateBoolArray", [&](Call& c) { c.Bools("value", value, size).UInt("size", size); },
      [&] {
        return GuardPtr<aclBoolArray>("aclCreateBoolArray",
                                      [&] { return aclcpu::CreateBoolArray(value, size); });
      },
      ReturnedNew<aclBoolArray>("boolArray"));
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  return Traced(
      "aclCreateTensorList", [&](Call& c) { c.Tensors("value", value, size).UInt("size", size); },
      [&] {
        return GuardPtr<aclTensorList>("aclCreateTensorList",
                                       [&] { return aclcpu::CreateTensorList(value, size); });
      },
      ReturnedNew<aclTensorList>("tensorList"));
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  return Traced(
      "aclCreateScalarList", [&](Call& c) { c.Scalars("value", value, size).UInt("size", size); },
      [&] {
        return GuardPtr<aclScalarList>("aclCreateScalarList",
                                       [&] { return aclcpu::CreateScalarList(value, size); });
      },
      ReturnedNew<aclScalarList>("scalarList"));
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return Traced(
      "aclDestroyIntArray", [&](Call& c) { c.Object("array", "intArray", array); },
      [&] {
        return Guard("aclDestroyIntArray", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyIntArray(array); });
      },
      aclcpu::trace::DestroyedOnSuccess(array));
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return Traced(
      "aclDestroyFloatArray", [&](Call& c) { c.Object("array", "floatArray", array); },
      [&] {
        return Guard("aclDestroyFloatArray", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyFloatArray(array); });
      },
      aclcpu::trace::DestroyedOnSuccess(array));
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return Traced(
      "aclDestroyBoolArray", [&](Call& c) { c.Object("array", "boolArray", array); },
      [&] {
        return Guard("aclDestroyBoolArray", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyBoolArray(array); });
      },
      aclcpu::trace::DestroyedOnSuccess(array));
}

aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  return Traced(
      "aclDestroyTensorList", [&](Call& c) { c.Object("array", "tensorList", array); },
      [&] {
        return Guard("aclDestroyTensorList", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyTensorList(array); });
      },
      aclcpu::trace::DestroyedOnSuccess(array));
}

aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  return Traced(
      "aclDestroyScalarList", [&](Call& c) { c.Object("array", "scalarList", array); },
      [&] {
        return Guard("aclDestroyScalarList", ACLNN_ERR_INNER,
                     [&] { return aclcpu::DestroyScalarList(array); });
      },
      aclcpu::trace::DestroyedOnSuccess(array));
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return Traced(
      "aclGetIntArraySize",
      [&](Call& c) { c.Object("array", "intArray", array).Out("size", size); },
      [&] {
        return Guard("aclGetIntArraySize", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetIntArraySize(array, size); });
      },
      aclcpu::trace::WroteNumber("size", size));
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return Traced(
      "aclGetFloatArraySize",
      [&](Call& c) { c.Object("array", "floatArray", array).Out("size", size); },
      [&] {
        return Guard("aclGetFloatArraySize", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetFloatArraySize(array, size); });
      },
      aclcpu::trace::WroteNumber("size", size));
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return Traced(
      "aclGetBoolArraySize",
      [&](Call& c) { c.Object("array", "boolArray", array).Out("size", size); },
      [&] {
        return Guard("aclGetBoolArraySize", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetBoolArraySize(array, size); });
      },
      aclcpu::trace::WroteNumber("size", size));
}

aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
  return Traced(
      "aclGetTensorListSize",
      [&](Call& c) { c.Object("tensorList", "tensorList", tensorList).Out("size", size); },
      [&] {
        return Guard("aclGetTensorListSize", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetTensorListSize(tensorList, size); });
      },
      aclcpu::trace::WroteNumber("size", size));
}

aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
  return Traced(
      "aclGetScalarListSize",
      [&](Call& c) { c.Object("scalarList", "scalarList", scalarList).Out("size", size); },
      [&] {
        return Guard("aclGetScalarListSize", ACLNN_ERR_INNER,
                     [&] { return aclcpu::GetScalarListSize(scalarList, size); });
      },
      aclcpu::trace::WroteNumber("size", size));
}

}  // extern "C"
