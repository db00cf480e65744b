// The runtime's part of ACLNN_CPU_TRACE: pointers are named by the allocation they lie in.
#include <string>

#include "common/trace.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace rt {
namespace {

std::string NameByAllocation(const void* p) {
  AllocationInfo info;
  const PointerKind kind = ClassifyPointer(p, &info);
  const char* tag = kind == PointerKind::kDevice        ? "dev#"
                    : kind == PointerKind::kFreedDevice ? "freed:dev#"
                    : kind == PointerKind::kHost        ? "host#"
                                                        : nullptr;
  if (tag == nullptr) return {};
  std::string name = tag + std::to_string(info.id);
  const auto offset = static_cast<const char*>(p) - static_cast<const char*>(info.base);
  if (offset != 0) name += "+" + std::to_string(offset);
  return name;
}

// Installed when the core library loads.
const bool kInstalled = (trace::SetPointerNamer(&NameByAllocation), true);

}  // namespace
}  // namespace rt
}  // namespace aclcpu
