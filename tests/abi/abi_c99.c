/* C99 consumer of acl/acl.h: every runtime function must be declared with CANN's exact type
 * and resolve at link time against libascendcl; a few side-effect-free calls must work. */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"

typedef void (*AbiAnyFn)(void); /* the generic function pointer type of -Wcast-function-type */

typedef struct {
  const char *name;
  AbiAnyFn fn;
} AbiSymbol;

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

/* One typed pointer per function: initialising it from the declaration checks the signature. */
#define ABI_FN(ret, name, params) static ret(*const abi_typed_##name) params = name;
#include "abi_fns_runtime.inc"
#undef ABI_FN

#define ABI_FN(ret, name, params) {#name, (AbiAnyFn)abi_typed_##name},
static const AbiSymbol kRuntimeSymbols[] = {
#include "abi_fns_runtime.inc"
};
#undef ABI_FN

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static int g_failures = 0;

static void Expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "abi_c99: FAILED %s\n", what);
    ++g_failures;
  }
}

int main(void) {
  size_t i;
  const size_t count = sizeof(kRuntimeSymbols) / sizeof(kRuntimeSymbols[0]);
  aclFloat16 half;
  float back;
  aclError status = ACL_SUCCESS;

  for (i = 0; i < count; ++i) {
    if (kRuntimeSymbols[i].fn == NULL) {
      fprintf(stderr, "abi_c99: %s resolved to NULL\n", kRuntimeSymbols[i].name);
      ++g_failures;
    }
  }
  Expect(count == 81, "81 runtime functions listed");

  /* Constants are usable in C: static const ints, macros and plain enums. */
  Expect(ACL_SUCCESS == 0 && ACL_ERROR_INVALID_PARAM == 100000, "aclError values");
  Expect(ACL_ERROR_RT_PARAM_INVALID == 107000 && ACL_RT_SUCCESS == 0, "runtime codes");
  Expect(ACL_ERROR_GE_PARAM_INVALID == 145000U, "GE codes");
  Expect(ACL_FLOAT == 0 && ACL_BF16 == 27 && ACL_FORMAT_ND == 2, "enum values");
  Expect(ACL_MEMCPY_DEVICE_TO_HOST == 2 && ACL_MEM_MALLOC_HUGE_FIRST == 0, "runtime enums");
  Expect(sizeof(aclFloat16) == 2 && sizeof(aclDataType) == sizeof(int), "type sizes");
  Expect(ACL_MAJOR_VERSION == 1 && ACL_MINOR_VERSION == 17 && ACL_PATCH_VERSION == 0, "version");
  Expect(status == ACL_ERROR_NONE, "ACL_ERROR_NONE aliases ACL_SUCCESS");

  /* Harmless calls: no device, no allocation. */
  Expect(aclDataTypeSize(ACL_FLOAT) == 4, "aclDataTypeSize(ACL_FLOAT) == 4");
  Expect(aclDataTypeSize(ACL_FLOAT16) == 2, "aclDataTypeSize(ACL_FLOAT16) == 2");
  half = aclFloatToFloat16(1.5f);
  Expect(half == 0x3E00, "aclFloatToFloat16(1.5f) == 0x3E00");
  back = aclFloat16ToFloat(half);
  Expect(back == 1.5f, "aclFloat16ToFloat round trip of 1.5");
  Expect(aclGetDataBufferAddr(NULL) == NULL, "aclGetDataBufferAddr(NULL) == NULL");
  ACL_APP_LOG(ACL_DEBUG, "abi_c99 checked %d functions", (int)count);

  if (g_failures == 0) printf("abi_c99: %d runtime functions OK\n", (int)count);
  return g_failures == 0 ? 0 : 1;
}
