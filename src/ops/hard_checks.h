// Checks and small helpers shared by the hard group's operators (Hardswish, Hardsigmoid,
// Hardshrink, Softshrink, Shrink and their gradients): CANN's CanCast and the float part of its
// promotion table, the float dtype lists per chip and scalar reading.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "nnopbase/objects.h"

namespace aclcpu {

struct SocProfile;

namespace ops {
namespace hard {

// CANN's CanCast: false only for complex → non-complex, floating → integral and
// non-bool → bool.
bool CanCast(aclDataType from, aclDataType to);
// 161002 "<api>: <fromArg> dtype X cannot be cast to <toArg> dtype Y" unless CanCast(from, to).
int CheckCanCast(const char* api, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to);
// PromoteType of two dtypes of {FLOAT, FLOAT16, BF16}: the common one, else FLOAT.
aclDataType PromoteFloat(aclDataType a, aclDataType b);

// 161002 "<api>: <arg> format X must equal <refArg> format Y" unless the formats are equal.
int CheckSameFormat(const char* api, const char* refArg, const aclTensor* ref, const char* arg,
                    const aclTensor* tensor);

// {FLOAT, FLOAT16} plus BF16 where the chip has it (A2/A3/950).
const std::vector<aclDataType>& FloatDtypes(const SocProfile& soc);

// The scalar as aclScalar::ToFloat gives it and exactly (0 when the scalar's dtype is not
// numeric).
void ReadScalar(const aclScalar* s, float* vendor, double* exact);

}  // namespace hard
}  // namespace ops
}  // namespace aclcpu
