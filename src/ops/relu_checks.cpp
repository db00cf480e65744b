#include "ops/relu_checks.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "elementwise/convert.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace relu {
namespace {

// Rank of the integer dtypes in torch's promotion lattice (bool < u8 < i8 < i16 < i32 < i64;
// u8 with i8 gives i16).
int IntRank(aclDataType t) {
  switch (t) {
    case ACL_BOOL:
      return 0;
    case ACL_UINT8:
      return 1;
    case ACL_INT8:
      return 2;
    case ACL_INT16:
      return 3;
    case ACL_INT32:
      return 4;
    case ACL_INT64:
      return 5;
    default:
      return -1;
  }
}
int FloatRank(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
    case ACL_BF16:
      return 1;
    case ACL_FLOAT:
      return 2;
    case ACL_DOUBLE:
      return 3;
    default:
      return -1;
  }
}

}  // namespace

bool IsFloating(aclDataType t) { return FloatRank(t) > 0; }
bool IsIntegral(aclDataType t) {
  return IntRank(t) > 0 || t == ACL_UINT16 || t == ACL_UINT32 || t == ACL_UINT64;
}

aclDataType PromoteType(aclDataType a, aclDataType b) {
  if (a == b) return a;
  const bool fa = IsFloating(a), fb = IsFloating(b);
  if (fa && fb) {
    if ((a == ACL_FLOAT16 && b == ACL_BF16) || (a == ACL_BF16 && b == ACL_FLOAT16)) {
      return ACL_FLOAT;
    }
    return FloatRank(a) > FloatRank(b) ? a : b;
  }
  const int ia = IntRank(a), ib = IntRank(b);
  if (fa && ib >= 0) return a;
  if (fb && ia >= 0) return b;
  if (ia >= 0 && ib >= 0) {
    if ((a == ACL_UINT8 && b == ACL_INT8) || (a == ACL_INT8 && b == ACL_UINT8)) return ACL_INT16;
    return ia > ib ? a : b;
  }
  return ACL_DT_UNDEFINED;
}

bool CanCast(aclDataType from, aclDataType to) {
  if (IsComplex(from) && !IsComplex(to)) return false;
  if (IsFloating(from) && IsIntegral(to)) return false;
  if (from != ACL_BOOL && to == ACL_BOOL) return false;
  return true;
}

int CheckPromote(const char* op, const char* aArg, aclDataType a, const char* bArg, aclDataType b,
                 aclDataType* promoted) {
  *promoted = PromoteType(a, b);
  if (*promoted != ACL_DT_UNDEFINED) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + aArg + " dtype " + DtypeName(a) +
                                           " and " + bArg + " dtype " + DtypeName(b) +
                                           " cannot be promoted to a common dtype");
}

int CheckCanCast(const char* op, const char* fromArg, aclDataType from, const char* toArg,
                 aclDataType to) {
  if (CanCast(from, to)) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + fromArg + " dtype " +
                                           DtypeName(from) + " cannot be cast to " + toArg +
                                           " dtype " + DtypeName(to));
}

namespace {

template <typename T>
int64_t FloatToInt(double v) {
  if (std::isnan(v)) return 0;
  const double lo = static_cast<double>(std::numeric_limits<T>::min());
  const double hi = static_cast<double>(std::numeric_limits<T>::max());
  const double t = std::trunc(v);
  if (t <= lo) return static_cast<int64_t>(std::numeric_limits<T>::min());
  if (t >= hi) return static_cast<int64_t>(std::numeric_limits<T>::max());
  return static_cast<int64_t>(static_cast<T>(t));
}

// The scalar's own value as int64 when it is integral (or bool), else false.
bool IntegralValue(const aclScalar* s, int64_t* out) {
  bool integral = false;
  DispatchRealDtype(s->dtype, [&](auto tag) {
    using S = decltype(tag);
    if constexpr (std::is_integral<S>::value) {
      S v;
      std::memcpy(&v, s->value, sizeof(S));
      *out = static_cast<int64_t>(v);  // uint64 above 2^63 wraps, as the static_cast would
      integral = true;
    }
  });
  return integral;
}

template <typename T>
int64_t AsInt(const aclScalar* s) {
  int64_t iv = 0;
  if (IntegralValue(s, &iv)) return static_cast<int64_t>(static_cast<T>(iv));  // wraps
  double d = 0;
  ScalarToDouble(s->dtype, s->value, &d);
  return FloatToInt<T>(d);
}

}  // namespace

void ScalarAsDtype(const aclScalar* s, aclDataType dtype, int k, kernels::KernelParams* p) {
  float f = 0;
  double d = 0;
  ScalarToFloat(s->dtype, s->value, &f);
  ScalarToDouble(s->dtype, s->value, &d);
  switch (dtype) {
    case ACL_FLOAT16:
      p->SetScalar(k, kernels::RoundToHalf(f), d);
      return;
    case ACL_BF16:
      p->SetScalar(k, kernels::Bf16ToFloat(kernels::FloatToBf16(f)), d);
      return;
    case ACL_DOUBLE:
      p->SetScalar(k, f, d);
      return;
    case ACL_INT8:
      p->i[k] = AsInt<int8_t>(s);
      break;
    case ACL_UINT8:
      p->i[k] = AsInt<uint8_t>(s);
      break;
    case ACL_INT16:
      p->i[k] = AsInt<int16_t>(s);
      break;
    case ACL_INT32:
      p->i[k] = AsInt<int32_t>(s);
      break;
    case ACL_INT64:
      p->i[k] = AsInt<int64_t>(s);
      break;
    default:
      p->SetScalar(k, f, d);
      return;  // FLOAT
  }
  p->SetScalar(k, static_cast<float>(p->i[k]), static_cast<double>(p->i[k]));
}

}  // namespace relu
}  // namespace aclcpu
