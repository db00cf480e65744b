#include "ops/gelu_checks.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"
#include "nnopbase/op_checks.h"

namespace aclcpu {
namespace ops {
namespace {

enum class Kind { kBool, kInt, kFloat, kComplex, kOther };

Kind KindOf(aclDataType t) {
  switch (t) {
    case ACL_BOOL:
      return Kind::kBool;
    case ACL_UINT8:
    case ACL_INT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
      return Kind::kInt;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_FLOAT:
    case ACL_DOUBLE:
      return Kind::kFloat;
    case ACL_COMPLEX64:
    case ACL_COMPLEX128:
      return Kind::kComplex;
    default:
      return Kind::kOther;
  }
}

// Rank within a kind: the wider type wins (uint8 is handled apart).
int IntRank(aclDataType t) {
  switch (t) {
    case ACL_INT8:
      return 1;
    case ACL_INT16:
      return 2;
    case ACL_INT32:
      return 3;
    default:
      return 4;  // INT64
  }
}

aclDataType PromoteInts(aclDataType a, aclDataType b) {
  if (a == ACL_UINT8 && b == ACL_UINT8) return ACL_UINT8;
  if (a == ACL_UINT8) return b == ACL_INT8 ? ACL_INT16 : b;
  if (b == ACL_UINT8) return a == ACL_INT8 ? ACL_INT16 : a;
  return IntRank(a) >= IntRank(b) ? a : b;
}

aclDataType PromoteFloats(aclDataType a, aclDataType b) {
  if (a == b) return a;
  if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
  return ACL_FLOAT;  // F16 + BF16, or either with F32
}

}  // namespace

aclDataType PromoteType(aclDataType a, aclDataType b) {
  const Kind ka = KindOf(a), kb = KindOf(b);
  if (ka == Kind::kOther || kb == Kind::kOther) return ACL_DT_UNDEFINED;
  if (a == b) return a;
  if (ka == Kind::kBool) return b;
  if (kb == Kind::kBool) return a;
  if (ka == Kind::kComplex || kb == Kind::kComplex) {
    if (a == ACL_COMPLEX128 || b == ACL_COMPLEX128) return ACL_COMPLEX128;
    return (a == ACL_DOUBLE || b == ACL_DOUBLE) ? ACL_COMPLEX128 : ACL_COMPLEX64;
  }
  if (ka == Kind::kFloat && kb == Kind::kFloat) return PromoteFloats(a, b);
  if (ka == Kind::kFloat) return a;
  if (kb == Kind::kFloat) return b;
  return PromoteInts(a, b);
}

bool CanCast(aclDataType from, aclDataType to) {
  const Kind kf = KindOf(from), kt = KindOf(to);
  if (kf == Kind::kComplex && kt != Kind::kComplex) return false;
  if (kf == Kind::kFloat && kt == Kind::kInt) return false;
  if (kf != Kind::kBool && kt == Kind::kBool) return false;
  return true;
}

int CheckPromote(const char* op, const char* aArg, const aclTensor* a, const char* bArg,
                 const aclTensor* b, aclDataType* promoted) {
  *promoted = PromoteType(a->dtype, b->dtype);
  if (*promoted != ACL_DT_UNDEFINED) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + aArg + " dtype " +
                                           DtypeName(a->dtype) + " and " + bArg + " dtype " +
                                           DtypeName(b->dtype) + " have no promoted dtype");
}

int CheckCanCast(const char* op, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to) {
  if (CanCast(from, to)) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + fromArg + " dtype " +
                                           DtypeName(from) + " cannot be cast to " + toArg +
                                           " dtype " + DtypeName(to));
}

int CheckBf16Chip(const char* op, const char* arg, aclDataType dtype, const SocProfile& soc) {
  if (dtype != ACL_BF16 || soc.hasBf16) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg +
                                           " dtype BFLOAT16 is not supported on " + soc.name +
                                           " (" + soc.familyName + ")");
}

int CheckDtypeOnChip(const char* op, const char* arg, aclDataType dtype,
                     const std::vector<aclDataType>& allowed, const SocProfile& soc) {
  if (!allowed.empty()) return opcheck::DtypeIn(op, arg, dtype, allowed);
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " dtype " + DtypeName(dtype) +
                                           " is not supported on " + soc.name + " (" +
                                           soc.familyName +
                                           "): the operator has no kernel for this chip");
}

int CheckPromotedIn(const char* op, const char* aArg, const char* bArg, aclDataType promoted,
                    const std::vector<aclDataType>& allowed) {
  for (aclDataType t : allowed) {
    if (t == promoted) return ACLNN_SUCCESS;
  }
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": promoted dtype " + DtypeName(promoted) +
                                           " of " + aArg + " and " + bArg +
                                           " is not supported; expected one of " +
                                           opcheck::DtypeList(allowed));
}

int CheckNotPrivateFormat(const char* op, const char* arg, const aclTensor* tensor) {
  switch (tensor->format) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FRACTAL_Z_3D:
    case ACL_FORMAT_FRACTAL_NZ_C0_16:
    case ACL_FORMAT_FRACTAL_NZ_C0_32:
    case ACL_FORMAT_FRACTAL_NZ_C0_2:
    case ACL_FORMAT_FRACTAL_NZ_C0_4:
    case ACL_FORMAT_FRACTAL_NZ_C0_8:
      return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " format " +
                                               trace::FormatName(tensor->format) +
                                               " is a private format; expected ND, NCHW, NHWC, " +
                                               "HWCN, NDHWC, NCDHW, NC or NCL");
    default:
      return ACLNN_SUCCESS;
  }
}

int CheckSameFormat(const char* op, const char* refArg, const aclTensor* ref, const char* arg,
                    const aclTensor* tensor) {
  if (ref->format == tensor->format) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " format " +
                                           trace::FormatName(tensor->format) + " must equal " +
                                           refArg + " format " + trace::FormatName(ref->format));
}

}  // namespace ops
}  // namespace aclcpu
