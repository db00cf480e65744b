// The implementation behind the exported aclnn meta API (acl_meta.h, aclnn_base.h). Each
// function has the semantics and status codes of its exported namesake; the exported symbols
// are thin wrappers over these, and internal code calls these, never the exported ones.
#pragma once

#include <cstddef>
#include <cstdint>

#include "nnopbase/objects.h"

namespace aclcpu {

// ---- tensor.cpp
// dataType and format are the integer codes the caller passed (common/enum_code.h): codes the
// enum types cannot hold are refused, the others stored as given.
aclTensor* CreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int32_t dataType,
                        const int64_t* stride, int64_t offset, int32_t format,
                        const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData);
int DestroyTensor(const aclTensor* tensor);
int InitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum, int32_t dataType,
               const int64_t* stride, int64_t offset, int32_t format, const int64_t* storageDims,
               uint64_t storageDimsNum, void* tensorDataAddr);
// True for a pointer that aclCreateTensor returned and aclDestroyTensor has not released
// (looked up by identity; the pointer is not read unless it is live).
bool LooksLikeTensor(const aclTensor* tensor);

// ---- tensor_query.cpp
int GetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum);
int GetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum);
int GetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum);
int GetViewOffset(const aclTensor* tensor, int64_t* offset);
int GetFormat(const aclTensor* tensor, aclFormat* format);
int GetDataType(const aclTensor* tensor, aclDataType* dataType);
int SetRawTensorAddr(aclTensor* tensor, void* addr);
int GetRawTensorAddr(const aclTensor* tensor, void** addr);

// ---- scalar.cpp
aclScalar* CreateScalar(const void* value, int32_t dataType);
int DestroyScalar(const aclScalar* scalar);

// ---- arrays.cpp
aclIntArray* CreateIntArray(const int64_t* value, uint64_t size);
aclFloatArray* CreateFloatArray(const float* value, uint64_t size);
aclBoolArray* CreateBoolArray(const bool* value, uint64_t size);
aclTensorList* CreateTensorList(const aclTensor* const* value, uint64_t size);
aclScalarList* CreateScalarList(const aclScalar* const* value, uint64_t size);
int DestroyIntArray(const aclIntArray* array);
int DestroyFloatArray(const aclFloatArray* array);
int DestroyBoolArray(const aclBoolArray* array);
int DestroyTensorList(const aclTensorList* list);
int DestroyScalarList(const aclScalarList* list);
int GetIntArraySize(const aclIntArray* array, uint64_t* size);
int GetFloatArraySize(const aclFloatArray* array, uint64_t* size);
int GetBoolArraySize(const aclBoolArray* array, uint64_t* size);
int GetTensorListSize(const aclTensorList* list, uint64_t* size);
int GetScalarListSize(const aclScalarList* list, uint64_t* size);

// ---- executor.cpp (CreateExecutor / RunExecutor are declared in objects.h)
int SetExecutorRepeatable(aclOpExecutor* executor);
int DestroyExecutor(aclOpExecutor* executor);

// Which of the executor's tensors an address setter numbers.
enum class TensorRole { kInput, kOutput, kAny };
// aclSetInputTensorAddr / aclSetOutputTensorAddr / aclSetTensorAddr; `api` names the caller in
// messages.
int SetExecutorTensorAddr(const char* api, TensorRole role, aclOpExecutor* executor, size_t index,
                          aclTensor* tensor, void* addr);
// The aclSetDynamic*TensorAddr family.
int SetExecutorDynamicTensorAddr(const char* api, TensorRole role, aclOpExecutor* executor,
                                 size_t irIndex, size_t relativeIndex, aclTensorList* tensors,
                                 void* addr);
// Number of executors created and not yet freed (tests use it to check the life cycle).
size_t LiveExecutorCount();

}  // namespace aclcpu
