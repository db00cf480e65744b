// nnopbase's part of ACLNN_CPU_TRACE: the fields of a live tensor or scalar. The trace calls these
// only for objects its own registry says are alive.
#include <string>

#include "common/dtype.h"
#include "common/trace.h"
#include "nnopbase/objects.h"

namespace aclcpu {
namespace {

std::string ShortFormat(aclFormat format) {
  const std::string name = trace::FormatName(format);
  const std::string prefix = "ACL_FORMAT_";
  return name.compare(0, prefix.size(), prefix) == 0 ? name.substr(prefix.size()) : name;
}

std::string TensorFields(const void* object) {
  const auto* t = static_cast<const aclTensor*>(object);
  return "{" + DtypeName(t->dtype) + ", shape=" + trace::DimsText(t->viewShape) +
         ", strides=" + trace::DimsText(t->strides) + ", offset=" + std::to_string(t->offset) +
         ", " + ShortFormat(t->format) + ", storage=" + trace::DimsText(t->storageShape) +
         ", data=" + trace::MemName(t->data) + "}";
}

std::string ScalarFields(const void* object) {
  const auto* s = static_cast<const aclScalar*>(object);
  return "{" + DtypeName(s->dtype) + " " + trace::ScalarValueText(s->dtype, s->value) + "}";
}

// Installed when the core library loads.
const bool kInstalled =
    (trace::SetTensorDecoder(&TensorFields), trace::SetScalarDecoder(&ScalarFields), true);

}  // namespace
}  // namespace aclcpu
