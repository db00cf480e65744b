/*
 * aclnn/acl_meta.h — aclnn meta API (aclnn-cpu, libnnopbase): tensors, scalars, host arrays,
 * lists, and the operator executor. C++ only (uses constexpr and bool); C linkage.
 *
 * Every function returns an aclnnStatus (0 = OK, codes of aclnn/opdev/op_errno.h) unless it
 * returns a pointer. Create functions copy what they are given from host memory; none of the
 * destroy functions frees device memory.
 */
#ifndef OP_API_INC_EXTERNAL_ACLNN_ACL_META_H_
#define OP_API_INC_EXTERNAL_ACLNN_ACL_META_H_

#include <cstdint>
#include <cstdlib>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACLNN_META
#define ACLNN_META
typedef int32_t aclnnStatus;
constexpr aclnnStatus OK = 0;
#endif

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

/* ---- Tensors ------------------------------------------------------------------------------ */

/* Describes a strided view (strides and offset in elements) of the buffer at tensorData,
 * whose physical shape is storageDims. stride NULL means contiguous. NULL on bad input. */
ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t *stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t *storageDims, uint64_t storageDimsNum,
                                               void *tensorData);

/* Frees the descriptor (NULL is fine); the data stays. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor);

/* Re-describes an existing tensor; NULL / zero-length arguments keep the old value. */
ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims,
                                              uint64_t viewDimsNum, aclDataType dataType,
                                              const int64_t *stride, int64_t offset,
                                              aclFormat format, const int64_t *storageDims,
                                              uint64_t storageDimsNum, void *tensorDataAddr);

/* ---- Scalars, arrays and lists ------------------------------------------------------------ */

/* Copies *value, read as dataType. NULL if value is NULL. */
ACL_FUNC_VISIBILITY aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar *scalar);

/* Copy size host values into a new array. */
ACL_FUNC_VISIBILITY aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACL_FUNC_VISIBILITY aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACL_FUNC_VISIBILITY aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);

/* Lists take ownership of their elements: destroying a list destroys them too. */
ACL_FUNC_VISIBILITY aclTensorList *aclCreateTensorList(const aclTensor *const *value,
                                                       uint64_t size);
ACL_FUNC_VISIBILITY aclScalarList *aclCreateScalarList(const aclScalar *const *value,
                                                       uint64_t size);

/* Destroy functions accept NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList *array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList *array);

/* ---- Queries (any NULL argument: ACLNN_ERR_PARAM_NULLPTR) --------------------------------- */

/* The three shape getters allocate *out with new[]; the caller must delete[] it. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims,
                                                uint64_t *viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                                                   uint64_t *storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue,
                                                  uint64_t *stridesNum);

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);

ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList,
                                                     uint64_t *size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList,
                                                     uint64_t *size);

/* Raw device address of a tensor; only outside a phase-1 / phase-2 pair. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr);

/* ---- Executor reuse ----------------------------------------------------------------------- */

/* Right after phase 1: keep the executor alive so phase 2 can run it many times. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);

/* Frees a repeatable executor (others are freed by phase 2). */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);

/* Re-point tensor number index of a repeatable executor at addr. Inputs, outputs, or both
 * (inputs first) are numbered in operator-parameter order, list elements included. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                      aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index,
                                                 aclTensor *tensor, void *addr);

/* Same for element relativeIndex of the tensor-list parameter irIndex. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList *tensors, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList *tensors, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList *tensors, void *addr);

/* Capital-A spellings kept for compatibility; they forward to the functions above. */
ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                      aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor *executor, const size_t index,
                                                 aclTensor *tensor, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor *executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList *tensors, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor *executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList *tensors, void *addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList *tensors, void *addr);

/* Dump helper: the first inputTensorNum tensors are the operator's inputs, the next
 * outputTensorNum its outputs. Any null argument is refused (161001). */
ACL_FUNC_VISIBILITY aclnnStatus aclDumpOpTensors(const char *opType, const char *opName,
                                                 aclTensor **tensors, size_t inputTensorNum,
                                                 size_t outputTensorNum, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_EXTERNAL_ACLNN_ACL_META_H_ */
