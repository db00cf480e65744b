/* Calls made the way a C program makes them: enum-typed arguments are plain ints in C, and any
 * value may arrive. The nnopbase header is C++ only, so its prototypes are declared here as a C
 * caller would (same ABI: a C enum is passed as an int). */
#include "c_callers.h"

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, int dataType,
                           const int64_t *stride, int64_t offset, int format,
                           const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData);
int aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum, int dataType,
                  const int64_t *stride, int64_t offset, int format, const int64_t *storageDims,
                  uint64_t storageDimsNum, void *tensorDataAddr);
aclScalar *aclCreateScalar(void *value, int dataType);

static const int64_t kDims[1] = {4};

void *CCreateTensor(int dataType, int format) {
  return aclCreateTensor(kDims, 1, dataType, NULL, 0, format, kDims, 1, NULL);
}

int CInitTensor(void *tensor, int dataType, int format) {
  return aclInitTensor((aclTensor *)tensor, kDims, 1, dataType, NULL, 0, format, kDims, 1, NULL);
}

void *CCreateScalar(void *value, int dataType) { return aclCreateScalar(value, dataType); }

size_t CDataTypeSize(int dataType) { return aclDataTypeSize((aclDataType)dataType); }

int CMemcpy(void *dst, size_t destMax, const void *src, size_t count, int kind) {
  return aclrtMemcpy(dst, destMax, src, count, (aclrtMemcpyKind)kind);
}

int CMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, int kind, void *stream) {
  return aclrtMemcpyAsync(dst, destMax, src, count, (aclrtMemcpyKind)kind, (aclrtStream)stream);
}

int CMalloc(void **devPtr, size_t size, int policy) {
  return aclrtMalloc(devPtr, size, (aclrtMemMallocPolicy)policy);
}

int CMallocAlign32(void **devPtr, size_t size, int policy) {
  return aclrtMallocAlign32(devPtr, size, (aclrtMemMallocPolicy)policy);
}

int CMallocWithCfg(void **devPtr, size_t size, int policy, int attr, uint32_t deviceId) {
  aclrtMallocAttribute attribute;
  aclrtMallocConfig cfg;
  attribute.attr = (aclrtMallocAttrType)attr;
  attribute.value.deviceId = deviceId;
  cfg.attrs = &attribute;
  cfg.numAttrs = 1;
  return aclrtMallocWithCfg(devPtr, size, (aclrtMemMallocPolicy)policy, &cfg);
}

int CGetMemInfo(int attr, size_t *freeBytes, size_t *totalBytes) {
  return aclrtGetMemInfo((aclrtMemAttr)attr, freeBytes, totalBytes);
}

int CGetLastError(int level) { return aclrtGetLastError((aclrtLastErrLevel)level); }

int CPeekAtLastError(int level) { return aclrtPeekAtLastError((aclrtLastErrLevel)level); }

void CAppLog(int level, const char *text) {
  aclAppLog((aclLogLevel)level, "CAppLog", "c_callers.c", 1, "%s", text);
}
