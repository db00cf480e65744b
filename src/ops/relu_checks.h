// Dtype rules the ReLU-family operators share with the vendor's opbase: PromoteType, CanCast,
// and the conversion of an aclScalar to a tensor dtype (ConvertToTensor's static_cast).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "elementwise/types.h"

struct aclScalar;

namespace aclcpu {
namespace relu {

// opbase's PromoteType for the real dtypes (torch's table): ACL_DT_UNDEFINED where none.
aclDataType PromoteType(aclDataType a, aclDataType b);
// opbase's CanCast: false only for complex → real, floating → integral, and non-bool → BOOL.
bool CanCast(aclDataType from, aclDataType to);
bool IsFloating(aclDataType dtype);  // FLOAT, FLOAT16, BF16, DOUBLE
bool IsIntegral(aclDataType dtype);  // the signed and unsigned integer dtypes (not BOOL)

// 161002 "<op>: cannot promote <aArg> dtype X with <bArg> dtype Y" when PromoteType fails.
int CheckPromote(const char* op, const char* aArg, aclDataType a, const char* bArg, aclDataType b,
                 aclDataType* promoted);
// 161002 "<op>: <fromArg> dtype X cannot be cast to <toArg> dtype Y" unless CanCast.
int CheckCanCast(const char* op, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to);

// The scalar as a value of `dtype` (the vendor's aclScalar::To<T>, a static_cast), stored into
// parameter slot k: floats as (rounded value, exact value); integers into params->i[k] (floating
// scalars truncated toward zero and saturated to the integer range; integers wrap).
void ScalarAsDtype(const aclScalar* scalar, aclDataType dtype, int k,
                   kernels::KernelParams* params);

}  // namespace relu
}  // namespace aclcpu
