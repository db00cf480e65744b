/* Entry points called from C with enum-typed arguments as arbitrary ints (c_callers.c). */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void *CCreateTensor(int dataType, int format);
int CInitTensor(void *tensor, int dataType, int format);
void *CCreateScalar(void *value, int dataType);
size_t CDataTypeSize(int dataType);
int CMemcpy(void *dst, size_t destMax, const void *src, size_t count, int kind);
int CMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, int kind, void *stream);
int CMalloc(void **devPtr, size_t size, int policy);
int CMallocAlign32(void **devPtr, size_t size, int policy);
int CMallocWithCfg(void **devPtr, size_t size, int policy, int attr, uint32_t deviceId);
int CGetMemInfo(int attr, size_t *freeBytes, size_t *totalBytes);
int CGetLastError(int level);
int CPeekAtLastError(int level);
void CAppLog(int level, const char *text);

#ifdef __cplusplus
}
#endif
