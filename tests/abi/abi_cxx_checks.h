// Compile-time ABI checks shared by the C++11 and the C++17 translation units of test_abi.
// Including this header is the check: every public header, both include spellings, and
// static_asserts over a sample of every constant table. It also declares the symbol tables.
#ifndef ACLCPU_TESTS_ABI_ABI_CXX_CHECKS_H_
#define ACLCPU_TESTS_ABI_ABI_CXX_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>

// Every public header, in both spellings of the aclnnop path.
#include "abi_ops_headers_all.h"  // every include/aclnnop/aclnn_*.h (generated)
#include "acl/acl.h"
#include "acl/acl_base.h"
#include "acl/acl_rt_api.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_selu_backward.h"
#include "aclnn_swish_backward.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_swish_backward.h"
#include "aclnnop/aclnn_util.h"
#include "aclnnop/level2/aclnn_selu_backward.h"
#include "aclnnop/level2/aclnn_swish_backward.h"
#include "level2/aclnn_swish_backward.h"

// A second inclusion of each umbrella proves the include guards.
#include "acl/acl.h"
// and
#include "aclnn/acl_meta.h"
// and
#include "aclnnop/aclnn_swish_backward.h"

#define ABI_CHECK(cond) static_assert(cond, #cond)

// Guards that samples and CANN code test for.
#ifndef OP_API_INC_LEVEL2_ACLNN_SWISH_BACKWARD_H_
#error "aclnn_swish_backward.h must use CANN's include guard"
#endif
#ifndef OP_API_INC_LEVEL2_ACLNN_SILU_GRAD_H_
#error "aclnn_selu_backward.h must use CANN's include guard"
#endif
#ifndef ACLNN_META
#error "acl_meta.h must define ACLNN_META"
#endif
#if !defined(ACL_FUNC_VISIBILITY) || !defined(ACLNN_API) || !defined(ACL_DEPRECATED) || \
    !defined(ACL_DEPRECATED_MESSAGE) || !defined(ACL_APP_LOG) || !defined(GE_FUNC_VISIBILITY)
#error "visibility / deprecation / logging macros missing"
#endif

// Types.
ABI_CHECK((std::is_same<aclError, int>::value));
ABI_CHECK((std::is_same<aclnnStatus, int32_t>::value));
ABI_CHECK((std::is_same<aclFloat16, uint16_t>::value));
ABI_CHECK((std::is_same<aclrtStream, void *>::value));
ABI_CHECK((std::is_same<aclrtContext, void *>::value));
ABI_CHECK((std::is_same<aclrtEvent, void *>::value));
ABI_CHECK((std::is_same<aclrtAllocator, void *>::value));
ABI_CHECK(sizeof(aclFloat16) == 2);
ABI_CHECK(sizeof(aclDataType) == sizeof(int) && sizeof(aclFormat) == sizeof(int));
ABI_CHECK(sizeof(aclrtMemcpyKind) == sizeof(int) && sizeof(aclrtMemMallocPolicy) == sizeof(int));
ABI_CHECK(std::is_enum<aclDataType>::value &&std::is_enum<aclFormat>::value);
// Plain (unscoped) enums: they convert to int implicitly.
ABI_CHECK((std::is_convertible<aclDataType, int>::value));
ABI_CHECK((std::is_convertible<aclFormat, int>::value));
ABI_CHECK((std::is_convertible<aclrtMemcpyKind, int>::value));
ABI_CHECK((std::is_same<decltype(ACL_SUCCESS), const int>::value));
ABI_CHECK((std::is_same<decltype(ACL_ERROR_GE_PARAM_INVALID), const uint32_t>::value));
ABI_CHECK((std::is_same<decltype(OK), const aclnnStatus>::value));
ABI_CHECK((std::is_same<decltype(aclrtStreamConfigHandle::priority), uint32_t>::value));
ABI_CHECK((std::is_same<decltype(aclrtMallocConfig::attrs), aclrtMallocAttribute *>::value));
ABI_CHECK((std::is_same<decltype(aclrtMallocConfig::numAttrs), size_t>::value));

// aclDataType (§2.1), both spellings.
ABI_CHECK(ACL_DT_UNDEFINED == -1 && aclDataType::ACL_DT_UNDEFINED == -1);
ABI_CHECK(ACL_FLOAT == 0 && aclDataType::ACL_FLOAT == 0);
ABI_CHECK(ACL_FLOAT16 == 1 && ACL_INT8 == 2 && ACL_INT32 == 3 && ACL_UINT8 == 4);
ABI_CHECK(ACL_INT16 == 6 && ACL_UINT16 == 7 && ACL_UINT32 == 8 && ACL_INT64 == 9);
ABI_CHECK(ACL_UINT64 == 10 && ACL_DOUBLE == 11 && ACL_BOOL == 12 && ACL_STRING == 13);
ABI_CHECK(ACL_COMPLEX64 == 16 && ACL_COMPLEX128 == 17 && ACL_BF16 == 27);
ABI_CHECK(aclDataType::ACL_BF16 == 27 && ACL_INT4 == 29 && ACL_UINT1 == 30);
ABI_CHECK(ACL_COMPLEX32 == 33 && ACL_HIFLOAT8 == 34 && ACL_FLOAT8_E5M2 == 35);
ABI_CHECK(ACL_FLOAT8_E4M3FN == 36 && ACL_FLOAT8_E8M0 == 37 && ACL_FLOAT6_E3M2 == 38);
ABI_CHECK(ACL_FLOAT6_E2M3 == 39 && ACL_FLOAT4_E2M1 == 40 && ACL_FLOAT4_E1M2 == 41);

// aclFormat (§2.2).
ABI_CHECK(ACL_FORMAT_UNDEFINED == -1 && ACL_FORMAT_NCHW == 0 && ACL_FORMAT_NHWC == 1);
ABI_CHECK(ACL_FORMAT_ND == 2 && aclFormat::ACL_FORMAT_ND == 2 && ACL_FORMAT_NC1HWC0 == 3);
ABI_CHECK(ACL_FORMAT_FRACTAL_Z == 4 && ACL_FORMAT_NC1HWC0_C04 == 12 && ACL_FORMAT_HWCN == 16);
ABI_CHECK(ACL_FORMAT_NDHWC == 27 && ACL_FORMAT_FRACTAL_NZ == 29 && ACL_FORMAT_NCDHW == 30);
ABI_CHECK(ACL_FORMAT_NDC1HWC0 == 32 && ACL_FRACTAL_Z_3D == 33 && ACL_FORMAT_NC == 35);
ABI_CHECK(ACL_FORMAT_NCL == 47 && ACL_FORMAT_FRACTAL_NZ_C0_16 == 50);
ABI_CHECK(ACL_FORMAT_FRACTAL_NZ_C0_32 == 51 && ACL_FORMAT_FRACTAL_NZ_C0_8 == 54);

// Runtime enums (§2.3).
ABI_CHECK(ACL_DEVICE == 0 && ACL_HOST == 1);
ABI_CHECK(ACL_MEMCPY_HOST_TO_HOST == 0 && ACL_MEMCPY_HOST_TO_DEVICE == 1);
ABI_CHECK(ACL_MEMCPY_DEVICE_TO_HOST == 2 && ACL_MEMCPY_DEVICE_TO_DEVICE == 3);
ABI_CHECK(ACL_MEMCPY_DEFAULT == 4 && ACL_MEMCPY_INTER_DEVICE_TO_DEVICE == 7);
ABI_CHECK(ACL_MEM_MALLOC_HUGE_FIRST == 0 && ACL_MEM_MALLOC_NORMAL_ONLY == 2);
ABI_CHECK(ACL_MEM_MALLOC_HUGE1G_ONLY_P2P == 7 && ACL_MEM_TYPE_HIGH_BAND_WIDTH == 0x1000);
ABI_CHECK(ACL_MEM_ACCESS_USER_SPACE_READONLY == 0x100000);
ABI_CHECK(ACL_EVENT_STATUS_COMPLETE == 0 && ACL_EVENT_STATUS_NOT_READY == 1);
ABI_CHECK(ACL_EVENT_RECORDED_STATUS_NOT_READY == 0 && ACL_EVENT_RECORDED_STATUS_COMPLETE == 1);
ABI_CHECK(ACL_EVENT_WAIT_STATUS_RESERVED == 0xFFFF && ACL_STREAM_STATUS_NOT_READY == 1);
ABI_CHECK(ACL_CALLBACK_BLOCK == 1 && ACL_TS_ID_AIVECTOR == 1 && ACL_HBM_MEM == 1);
ABI_CHECK(ACL_MEM_P2P_HUGE1G == 17 && ACL_STREAM_ATTR_PRIORITY == 5);
ABI_CHECK(ACL_RT_OVERFLOW_MODE_INFNAN == 1 && ACL_RT_THREAD_LEVEL == 0);
ABI_CHECK(ACL_DEBUG == 0 && ACL_ERROR == 3 && ACL_MEMTYPE_HOST == 1);
ABI_CHECK(ACL_OPT_ENABLE_KERNEL_EARLY_START == 3 && ACL_CANN_ATTR_JIT_COMPILE == 2);
ABI_CHECK(ACL_DEVICE_INFO_L2_SIZE == 2 && ACL_DEV_ATTR_NPU_ARCH == 601);

// Flags and version (§2.4, §1.1).
ABI_CHECK(ACL_EVENT_SYNC == 0x1U && ACL_EVENT_TIME_LINE == 0x8U && ACL_EVENT_IPC == 0x40U);
ABI_CHECK(ACL_STREAM_FAST_LAUNCH == 0x1U && ACL_STREAM_DEVICE_USE_ONLY == 0x20U);
ABI_CHECK(ACL_STREAM_WAIT_VALUE_NOR == 3 && ACL_STOP_ON_FAILURE == 1);
ABI_CHECK(ACL_PKG_VERSION_MAX_SIZE == 128);
ABI_CHECK(ACL_MAJOR_VERSION == 1 && ACL_MINOR_VERSION == 17 && ACL_PATCH_VERSION == 0);

// aclError (§3.1).
ABI_CHECK(ACL_SUCCESS == 0 && ACL_ERROR_NONE == 0);
ABI_CHECK(ACL_ERROR_INVALID_PARAM == 100000 && ACL_ERROR_UNINITIALIZE == 100001);
ABI_CHECK(ACL_ERROR_REPEAT_INITIALIZE == 100002 && ACL_ERROR_REPEAT_FINALIZE == 100037);
ABI_CHECK(ACL_ERROR_DUMP_NOT_RUN == 100045 && ACL_ERROR_PROF_REPEAT_SUBSCRIBE == 148046);
ABI_CHECK(ACL_ERROR_INVALID_OPP_PATH == 148049 && ACL_ERROR_INVALID_BUNDLE_MODEL_ID == 148053);
ABI_CHECK(ACL_ERROR_BAD_ALLOC == 200000 && ACL_ERROR_PROF_MODULES_UNSUPPORTED == 200007);
ABI_CHECK(ACL_ERROR_STORAGE_OVER_LIMIT == 300000 && ACL_ERROR_INTERNAL_ERROR == 500000);
ABI_CHECK(ACL_ERROR_FAILURE == 500001 && ACL_ERROR_PROFILING_FAILURE == 500005);

// Runtime pass-through codes (§3.2): macros.
#if !defined(ACL_ERROR_RT_PARAM_INVALID) || !defined(ACL_ERROR_RT_CCU_EXCEPTION)
#error "ACL_ERROR_RT_* must be macros"
#endif
ABI_CHECK(ACL_RT_SUCCESS == 0 && ACL_ERROR_RT_PARAM_INVALID == 107000);
ABI_CHECK(ACL_ERROR_RT_INVALID_DEVICEID == 107001 && ACL_ERROR_RT_CONTEXT_NULL == 107002);
ABI_CHECK(ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING == 107045);
ABI_CHECK(ACL_ERROR_RT_FEATURE_NOT_SUPPORT == 207000 && ACL_ERROR_RT_MEMORY_ALLOCATION == 207001);
ABI_CHECK(ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED == 207021 && ACL_ERROR_RT_INTERNAL_ERROR == 507000);
ABI_CHECK(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT == 507046 && ACL_ERROR_RT_EVENT_SYNC_TIMEOUT == 507047);
ABI_CHECK(ACL_ERROR_RT_DRV_INTERNAL_ERROR == 507899 && ACL_ERROR_RT_CCU_EXCEPTION == 507916);

// GE codes (§3.3).
ABI_CHECK(ACL_ERROR_GE_PARAM_INVALID == 145000U && ACL_ERROR_GE_DATATYPE_INVALID == 145022U);
ABI_CHECK(ACL_ERROR_GE_MEMORY_ALLOCATION == 245000U && ACL_ERROR_GE_SUBHEALTHY == 345102U);
ABI_CHECK(ACL_ERROR_GE_INTERNAL_ERROR == 545000U && ACL_ERROR_GE_REDEPLOYING == 545602U);

// aclnn status codes (§3.4): macros, same value space as aclError.
ABI_CHECK(OK == 0 && ACLNN_SUCCESS == 0 && ACLNN_ERR_PARAM_NULLPTR == 161001);
ABI_CHECK(ACLNN_ERR_PARAM_INVALID == 161002 && ACLNN_ERR_RUNTIME_ERROR == 361001);
ABI_CHECK(ACLNN_ERR_INNER == 561000 && ACLNN_ERR_INNER_NULLPTR == 561103);
ABI_CHECK(ACLNN_ERR_INNER_KEY_CONFILICT == ACLNN_ERR_INNER_KEY_CONFLICT);
ABI_CHECK(ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND == 561107);
ABI_CHECK(ACLNN_ERR_INNER_STATIC_BLOCK_DIM_INVALID == 561119);

// A symbol taken from a header: its name and address, typed generically.
struct AbiSymbol {
  const char *name;
  void (*fn)();
};

// The table built by the C++11 translation unit (abi_cxx11.cpp).
const AbiSymbol *AbiSymbolsCxx11(size_t *count);

// Builds a table from the X-macro lists; each entry goes through a pointer of the exact type
// first, so a signature that drifts from CANN's fails to compile.
#define ABI_TYPED_PTR(ret, name, params) static ret(*const abi_typed_##name) params = name;
#define ABI_TABLE_ENTRY(ret, name, params) {#name, reinterpret_cast<void (*)()>(abi_typed_##name)},

#endif  // ACLCPU_TESTS_ABI_ABI_CXX_CHECKS_H_
