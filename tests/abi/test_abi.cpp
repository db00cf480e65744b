// test_abi: the public headers compile as C++11 (abi_cxx11.cpp) and C++17 (this file) with
// -Wall -Wextra -Werror, their constants carry CANN's values (static_asserts in
// abi_cxx_checks.h), and every declared function resolves against ascendcl/nnopbase/opapi.
#include <gtest/gtest.h>

#include <iterator>
#include <set>
#include <string>

#include "abi_cxx_checks.h"

#if __cplusplus < 201703L
#error "test_abi.cpp must be compiled as C++17 or later"
#endif

namespace {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define ABI_FN ABI_TYPED_PTR
#include "abi_fns_nnopbase.inc"
#include "abi_fns_ops.inc"
#include "abi_fns_runtime.inc"
#undef ABI_FN
#pragma GCC diagnostic pop

// reinterpret_cast is not constant-evaluable, hence const rather than constexpr.
#define ABI_FN ABI_TABLE_ENTRY
const AbiSymbol kRuntime[] = {
#include "abi_fns_runtime.inc"
};
const AbiSymbol kNnopbase[] = {
#include "abi_fns_nnopbase.inc"
};
const AbiSymbol kOps[] = {
#include "abi_fns_ops.inc"
};
#undef ABI_FN

constexpr size_t kRuntimeCount = 81;   // runtime functions of acl/acl.h
constexpr size_t kNnopbaseCount = 45;  // acl_meta.h (43) + aclnn_base.h (2)
// Operators are listed per group (tests/abi/ops/*.inc); consumers.exported_symbols checks that
// libopapi exports exactly these names. Each operator has its two phases.
constexpr size_t kOpsCount = std::size(kOps);
static_assert(kOpsCount % 2 == 0, "every operator has a phase 1 and a phase 2");
static_assert(std::size(kRuntime) == kRuntimeCount);
static_assert(std::size(kNnopbase) == kNnopbaseCount);

// C++17 spellings that samples may use.
static_assert(aclDataType::ACL_FLOAT == ACL_FLOAT);
static_assert(aclFormat::ACL_FORMAT_ND == ACL_FORMAT_ND);
inline constexpr aclDataType kSampleDtype = aclDataType::ACL_FLOAT16;
static_assert(kSampleDtype == 1);

template <size_t N>
void ExpectResolved(const AbiSymbol (&table)[N]) {
  for (const AbiSymbol& s : table) {
    EXPECT_NE(s.fn, nullptr) << s.name;
  }
}

TEST(AbiSymbols, EveryRuntimeFunctionResolves) { ExpectResolved(kRuntime); }
TEST(AbiSymbols, EveryNnopbaseFunctionResolves) { ExpectResolved(kNnopbase); }
TEST(AbiSymbols, EveryOperatorFunctionResolves) { ExpectResolved(kOps); }

TEST(AbiSymbols, NamesAreUnique) {
  std::set<std::string> names;
  for (const AbiSymbol& s : kRuntime) EXPECT_TRUE(names.insert(s.name).second) << s.name;
  for (const AbiSymbol& s : kNnopbase) EXPECT_TRUE(names.insert(s.name).second) << s.name;
  for (const AbiSymbol& s : kOps) EXPECT_TRUE(names.insert(s.name).second) << s.name;
  EXPECT_EQ(names.size(), kRuntimeCount + kNnopbaseCount + kOpsCount);
}

// The C++11 translation unit sees the same declarations and the same addresses.
TEST(AbiSymbols, Cxx11AndCxx17TablesAgree) {
  size_t count = 0;
  const AbiSymbol* cxx11 = AbiSymbolsCxx11(&count);
  ASSERT_NE(cxx11, nullptr);
  ASSERT_EQ(count, kRuntimeCount + kNnopbaseCount + kOpsCount);
  size_t i = 0;
  auto compare = [&](const AbiSymbol* begin, size_t n) {
    for (size_t k = 0; k < n; ++k, ++i) {
      EXPECT_STREQ(cxx11[i].name, begin[k].name);
      EXPECT_EQ(cxx11[i].fn, begin[k].fn) << begin[k].name;
    }
  };
  compare(kRuntime, kRuntimeCount);
  compare(kNnopbase, kNnopbaseCount);
  compare(kOps, kOpsCount);
}

// Calls that need no device, no context and no allocation.
TEST(AbiCalls, DataTypeSize) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(aclDataType::ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_DT_UNDEFINED), 0u);
}

TEST(AbiCalls, Float16RoundTrip) {
  const aclFloat16 half = aclFloatToFloat16(1.5f);
  EXPECT_EQ(half, 0x3E00);
  EXPECT_EQ(aclFloat16ToFloat(half), 1.5f);
}

}  // namespace
