#include "ops/hard_checks.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "common/trace.h"

namespace aclcpu {
namespace ops {
namespace hard {

bool CanCast(aclDataType from, aclDataType to) {
  const DtypeKind f = FindDtype(from)->kind;
  const DtypeKind t = FindDtype(to)->kind;
  if (f == DtypeKind::kComplex && t != DtypeKind::kComplex) return false;
  if (f == DtypeKind::kFloat && (t == DtypeKind::kSigned || t == DtypeKind::kUnsigned)) {
    return false;
  }
  if (f != DtypeKind::kBool && t == DtypeKind::kBool) return false;
  return true;
}

int CheckCanCast(const char* api, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to) {
  if (CanCast(from, to)) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(api) + ": " + fromArg + " dtype " +
                                           DtypeName(from) + " cannot be cast to " + toArg +
                                           " dtype " + DtypeName(to));
}

int CheckSameFormat(const char* api, const char* refArg, const aclTensor* ref, const char* arg,
                    const aclTensor* tensor) {
  if (ref->format == tensor->format) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(api) + ": " + arg + " format " +
                                           trace::FormatName(tensor->format) + " must equal " +
                                           refArg + " format " + trace::FormatName(ref->format));
}

aclDataType PromoteFloat(aclDataType a, aclDataType b) { return a == b ? a : ACL_FLOAT; }

const std::vector<aclDataType>& FloatDtypes(const SocProfile& soc) {
  static const std::vector<aclDataType> kLegacy = {ACL_FLOAT, ACL_FLOAT16};
  static const std::vector<aclDataType> kBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return soc.hasBf16 ? kBf16 : kLegacy;
}

void ReadScalar(const aclScalar* s, float* vendor, double* exact) {
  *vendor = 0.0f;
  *exact = 0.0;
  if (!ScalarToFloat(s->dtype, s->value, vendor)) *vendor = 0.0f;
  if (!ScalarToDouble(s->dtype, s->value, exact)) *exact = 0.0;
}

}  // namespace hard
}  // namespace ops
}  // namespace aclcpu
