// Phase-1 rules the GELU-family operators share and the common checks lack: CANN's PromoteType
// and CanCast (opbase data_type_utils.h), a private-format check, a storage-format equality
// check and the BF16-on-this-chip check. Each check records "<op>: <argument> <fault>".
#pragma once

#include <vector>

#include "acl/acl_base.h"
#include "nnopbase/objects.h"

namespace aclcpu {

struct SocProfile;

namespace ops {

// The torch-like promotion: ACL_DT_UNDEFINED where CANN has no common type.
aclDataType PromoteType(aclDataType a, aclDataType b);
// False only for complex -> real, floating -> integral and non-bool -> bool.
bool CanCast(aclDataType from, aclDataType to);

// 161002 "<op>: promoted dtype of <a> (A) and <b> (B) is undefined" when they have no common type.
int CheckPromote(const char* op, const char* aArg, const aclTensor* a, const char* bArg,
                 const aclTensor* b, aclDataType* promoted);
// 161002 unless CanCast(from, to).
int CheckCanCast(const char* op, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to);
// 161002 when `dtype` is BF16 and the chip has no BF16 kernels.
int CheckBf16Chip(const char* op, const char* arg, aclDataType dtype, const SocProfile& soc);
// DtypeIn, with a message that names the chip when the operator has no dtype at all there.
int CheckDtypeOnChip(const char* op, const char* arg, aclDataType dtype,
                     const std::vector<aclDataType>& allowed, const SocProfile& soc);
// 161002 unless the promoted dtype of two inputs is in `allowed`.
int CheckPromotedIn(const char* op, const char* aArg, const char* bArg, aclDataType promoted,
                    const std::vector<aclDataType>& allowed);
// 161002 when the tensor has a private format (5HD, FRACTAL_Z, FRACTAL_NZ, ... families).
int CheckNotPrivateFormat(const char* op, const char* arg, const aclTensor* tensor);
// 161002 unless both tensors have the same format.
int CheckSameFormat(const char* op, const char* refArg, const aclTensor* ref, const char* arg,
                    const aclTensor* tensor);

}  // namespace ops
}  // namespace aclcpu
