// aclScalar: one host value of a given dtype, copied at creation.
#include <cstring>
#include <memory>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/handle_registry.h"
#include "nnopbase/meta_impl.h"

namespace aclcpu {

aclScalar* CreateScalar(const void* value, int32_t dataType) {
  if (value == nullptr) {
    Fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar: value is null");
    return nullptr;
  }
  // Only dtypes the table knows and that have a size can be read from `value`: reading 8 bytes
  // for an unknown code (aclDataTypeSize's default) could run past the caller's object.
  const DtypeInfo* info = FindDtype(dataType);
  if (info == nullptr || info->size == 0) {
    Failf(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar: dataType %s has no scalar representation",
          DtypeName(dataType).c_str());
    return nullptr;
  }
  auto scalar = std::make_unique<aclScalar>();
  scalar->dtype = info->dtype;
  const size_t size = info->size < sizeof(scalar->value) ? info->size : sizeof(scalar->value);
  std::memcpy(scalar->value, value, size);
  Registry<aclScalar>().Add(scalar.get());
  return scalar.release();
}

int DestroyScalar(const aclScalar* scalar) {
  if (scalar == nullptr) return ACLNN_SUCCESS;
  HandleWriteScope write;  // waits for phase-1 calls reading handles
  if (!Registry<aclScalar>().Remove(scalar)) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "aclDestroyScalar: %p is not a live aclScalar (already destroyed, or not made "
                 "by aclCreateScalar)",
                 static_cast<const void*>(scalar));
  }
  aclScalar* owned = const_cast<aclScalar*>(scalar);
  owned->magic = 0;
  delete owned;
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
