// test_abi, C++11 half: the headers, the static_asserts and the symbol table must all compile
// as C++11 (the standard CANN's sample CMake files use). No gtest here (it needs C++14).
#include "abi_cxx_checks.h"

#if __cplusplus != 201103L
#error "abi_cxx11.cpp must be compiled as C++11"
#endif

namespace {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define ABI_FN ABI_TYPED_PTR
// Order matters (it must match test_abi.cpp): runtime, nnopbase, operators.
#include "abi_fns_runtime.inc"
// then
#include "abi_fns_nnopbase.inc"
// then
#include "abi_fns_ops.inc"
#undef ABI_FN
#pragma GCC diagnostic pop

#define ABI_FN ABI_TABLE_ENTRY
const AbiSymbol kSymbols[] = {
// Order matters (it must match test_abi.cpp): runtime, nnopbase, operators.
#include "abi_fns_runtime.inc"
// then
#include "abi_fns_nnopbase.inc"
// then
#include "abi_fns_ops.inc"
};
#undef ABI_FN

// The acl_rt_api.h overloads resolve next to the C functions of the same name.
aclError (*const kSyncStreamTimeout)(aclrtStream, int32_t) = aclrtSynchronizeStream;
aclError (*const kSyncStream)(aclrtStream) = aclrtSynchronizeStream;
aclError (*const kCreateStreamCfg)(aclrtStream *, uint32_t, uint32_t) = aclrtCreateStream;
aclError (*const kOpTimeoutUs)(uint64_t, uint64_t *) = aclrtSetOpExecuteTimeOut;
aclError (*const kMallocFloat)(float **, size_t, aclrtMemMallocPolicy,
                               aclrtMallocConfig *) = aclrtMalloc<float>;
const AbiSymbol kOverloads[] = {
    {"aclrtSynchronizeStream(stream, timeout)", reinterpret_cast<void (*)()>(kSyncStreamTimeout)},
    {"aclrtSynchronizeStream(stream)", reinterpret_cast<void (*)()>(kSyncStream)},
    {"aclrtCreateStream(stream, priority, flag)", reinterpret_cast<void (*)()>(kCreateStreamCfg)},
    {"aclrtSetOpExecuteTimeOut(timeout, actualTimeout)",
     reinterpret_cast<void (*)()>(kOpTimeoutUs)},
    {"aclrtMalloc<float>", reinterpret_cast<void (*)()>(kMallocFloat)},
};

}  // namespace

const AbiSymbol *AbiSymbolsCxx11(size_t *count) {
  static_cast<void>(kOverloads);
  *count = sizeof(kSymbols) / sizeof(kSymbols[0]);
  return kSymbols;
}
