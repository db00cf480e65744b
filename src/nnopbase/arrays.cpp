// Host arrays (int, float, bool) and the tensor / scalar lists, which own their elements.
#include <memory>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"

namespace aclcpu {
namespace {

using ull = unsigned long long;

// Copies `size` values into a new registered Array; a null `value` is only allowed with size 0.
template <typename Array, typename T, typename Store>
Array* CreateArray(const char* api, const T* value, uint64_t size, Store store) {
  if (value == nullptr && size > 0) {
    Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: value is null but size is %llu", api,
          static_cast<ull>(size));
    return nullptr;
  }
  auto array = std::make_unique<Array>();
  if (size > 0) (array.get()->*store).assign(value, value + size);
  Registry<Array>().Add(array.get());
  return array.release();
}

template <typename Array>
int DestroyArray(const char* api, const Array* array) {
  if (array == nullptr) return ACLNN_SUCCESS;
  HandleWriteScope write;  // waits for phase-1 calls reading handles
  if (!Registry<Array>().Remove(array)) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "%s: %p is not a live handle (already destroyed?)", api,
                 static_cast<const void*>(array));
  }
  delete array;
  return ACLNN_SUCCESS;
}

template <typename Array, typename Store>
int GetSize(const char* api, const Array* array, uint64_t* size, Store store) {
  if (array == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: array is null", api);
  if (size == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: size is null", api);
  *size = (array->*store).size();
  return ACLNN_SUCCESS;
}

}  // namespace

aclIntArray* CreateIntArray(const int64_t* value, uint64_t size) {
  return CreateArray<aclIntArray>("aclCreateIntArray", value, size, &aclIntArray::values);
}

aclFloatArray* CreateFloatArray(const float* value, uint64_t size) {
  return CreateArray<aclFloatArray>("aclCreateFloatArray", value, size, &aclFloatArray::values);
}

aclBoolArray* CreateBoolArray(const bool* value, uint64_t size) {
  return CreateArray<aclBoolArray>("aclCreateBoolArray", value, size, &aclBoolArray::values);
}

// The lists store the element pointers as given (null elements included) and take ownership.
aclTensorList* CreateTensorList(const aclTensor* const* value, uint64_t size) {
  return CreateArray<aclTensorList>("aclCreateTensorList", const_cast<aclTensor* const*>(value),
                                    size, &aclTensorList::tensors);
}

aclScalarList* CreateScalarList(const aclScalar* const* value, uint64_t size) {
  return CreateArray<aclScalarList>("aclCreateScalarList", const_cast<aclScalar* const*>(value),
                                    size, &aclScalarList::scalars);
}

int DestroyIntArray(const aclIntArray* array) { return DestroyArray("aclDestroyIntArray", array); }

int DestroyFloatArray(const aclFloatArray* array) {
  return DestroyArray("aclDestroyFloatArray", array);
}

int DestroyBoolArray(const aclBoolArray* array) {
  return DestroyArray("aclDestroyBoolArray", array);
}

// Elements that are no longer live (destroyed by the user already, or listed twice) are
// skipped: the registry check in DestroyTensor/DestroyScalar refuses them without freeing.
int DestroyTensorList(const aclTensorList* list) {
  if (list == nullptr) return ACLNN_SUCCESS;
  HandleWriteScope write;
  if (!Registry<aclTensorList>().Contains(list)) return DestroyArray("aclDestroyTensorList", list);
  for (aclTensor* tensor : list->tensors) {
    if (tensor != nullptr && Registry<aclTensor>().Contains(tensor)) DestroyTensor(tensor);
  }
  return DestroyArray("aclDestroyTensorList", list);
}

int DestroyScalarList(const aclScalarList* list) {
  if (list == nullptr) return ACLNN_SUCCESS;
  HandleWriteScope write;
  if (!Registry<aclScalarList>().Contains(list)) return DestroyArray("aclDestroyScalarList", list);
  for (aclScalar* scalar : list->scalars) {
    if (scalar != nullptr && Registry<aclScalar>().Contains(scalar)) DestroyScalar(scalar);
  }
  return DestroyArray("aclDestroyScalarList", list);
}

int GetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return GetSize("aclGetIntArraySize", array, size, &aclIntArray::values);
}

int GetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return GetSize("aclGetFloatArraySize", array, size, &aclFloatArray::values);
}

int GetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return GetSize("aclGetBoolArraySize", array, size, &aclBoolArray::values);
}

int GetTensorListSize(const aclTensorList* list, uint64_t* size) {
  return GetSize("aclGetTensorListSize", list, size, &aclTensorList::tensors);
}

int GetScalarListSize(const aclScalarList* list, uint64_t* size) {
  return GetSize("aclGetScalarListSize", list, size, &aclScalarList::scalars);
}

}  // namespace aclcpu
