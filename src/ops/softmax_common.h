// Phase-1 pieces the softmax-family operators share: the chip range the vendor's code tests
// (SocVersion in [910B, 910E]), the dim range rule (rank 0 counts as 1) and the BF16 rule.
#pragma once

#include <cstdint>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/objects.h"
#include "nnopbase/op_checks.h"

namespace aclcpu {
namespace ops {

// SocVersion in [ASCEND910B, ASCEND910E]: Atlas A2, Atlas A3 and Ascend 950 among our chips.
inline bool InA2ToE(const SocProfile& soc) {
  return soc.family == SocFamily::kAtlasA2 || soc.family == SocFamily::kAtlasA3 ||
         soc.family == SocFamily::kAscend950;
}

inline int RankOf(const aclTensor* t) { return static_cast<int>(t->viewShape.size()); }

// dim in [-r, r - 1] with r = max(rank of `ref`, 1); writes the normalized dim.
inline int NormalizeDim(const char* op, const char* refArg, const aclTensor* ref, int64_t dim,
                        int64_t* normalized) {
  const int64_t r = RankOf(ref) > 0 ? RankOf(ref) : 1;
  if (dim < -r || dim >= r) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(op) + ": dim " + std::to_string(dim) + " is out of range [" +
                    std::to_string(-r) + ", " + std::to_string(r - 1) + "] for " + refArg +
                    " of rank " + std::to_string(RankOf(ref)) + " (shape " +
                    opcheck::ShapeString(ref->viewShape) + ")");
  }
  *normalized = dim < 0 ? dim + r : dim;
  return ACLNN_SUCCESS;
}

// BFLOAT16 only on chips in [910B, 910E].
inline int Bf16OnChip(const char* op, const char* arg, const aclTensor* t, const SocProfile& soc) {
  if (t->dtype != ACL_BF16 || InA2ToE(soc)) return ACLNN_SUCCESS;
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg +
                                           " dtype BFLOAT16 is not supported on " + soc.name +
                                           " (" + soc.familyName + ")");
}

// The result is cast to an output dtype the vendor leaves unchecked: any dtype its Cast writes
// (floats, integers, bool, complex); the others (strings, 4-bit and 8-bit float formats, ...)
// have no element conversion here and are refused.
inline int CastableOutput(const char* op, const char* arg, const aclTensor* t) {
  return opcheck::DtypeIn(
      op, arg, t->dtype,
      {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32,
       ACL_INT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128});
}

}  // namespace ops
}  // namespace aclcpu

#define ACLCPU_CHECK_SOC(soc)                                                                \
  std::string socError_;                                                                     \
  const ::aclcpu::SocProfile* soc = ::aclcpu::SelectedSoc(&socError_);                       \
  if (soc == nullptr) {                                                                      \
    return ::aclcpu::Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(kOpName) + ": " + socError_); \
  }
