// ACLNN_CPU_CHECK=2: which bytes of each live device allocation were ever written (copies,
// fills, operator outputs), so that an operator reading never-written memory can be refused.
// Kept apart from the allocation table; memory.cpp forgets an allocation's record on aclrtFree.
#include <algorithm>
#include <iterator>
#include <map>
#include <mutex>

#include "common/check_level.h"
#include "runtime/memory.h"

namespace aclcpu {
namespace rt {
namespace {

using Ranges = std::map<uintptr_t, uintptr_t>;  // merged [begin, end), none adjacent

struct Written {
  std::mutex mu;
  std::map<uintptr_t, Ranges> byAllocation;  // allocation base → ranges written
};

Written& W() {
  static auto* written = new Written();  // never destroyed: kernels may run during exit
  return *written;
}

void Insert(Ranges& m, uintptr_t begin, uintptr_t end) {
  auto it = m.upper_bound(begin);
  if (it != m.begin()) {
    auto prev = std::prev(it);
    if (prev->second >= begin) {
      begin = prev->first;
      end = std::max(end, prev->second);
      it = m.erase(prev);
    }
  }
  while (it != m.end() && it->first <= end) {
    end = std::max(end, it->second);
    it = m.erase(it);
  }
  m[begin] = end;
}

// The part of [p, p + bytes) inside a live device allocation; false when p is not in one.
bool Clamp(const void* p, size_t bytes, AllocationInfo* info, uintptr_t* begin, uintptr_t* end) {
  if (p == nullptr || bytes == 0) return false;
  if (ClassifyPointer(p, info) != PointerKind::kDevice) return false;
  *begin = reinterpret_cast<uintptr_t>(p);
  const uintptr_t limit = reinterpret_cast<uintptr_t>(info->base) + info->requested;
  if (*begin >= limit) return false;
  *end = bytes > limit - *begin ? limit : *begin + bytes;
  return true;
}

}  // namespace

void MarkWritten(const void* p, size_t bytes) {
  if (!CheckEnabled(2)) return;
  AllocationInfo info;
  uintptr_t begin = 0;
  uintptr_t end = 0;
  if (!Clamp(p, bytes, &info, &begin, &end)) return;
  Written& w = W();
  std::lock_guard<std::mutex> lock(w.mu);
  Insert(w.byAllocation[reinterpret_cast<uintptr_t>(info.base)], begin, end);
}

bool FindUnwritten(const void* p, size_t bytes, UnwrittenBytes* out) {
  if (!CheckEnabled(2)) return false;
  AllocationInfo info;
  uintptr_t begin = 0;
  uintptr_t end = 0;
  if (!Clamp(p, bytes, &info, &begin, &end)) return false;
  const auto base = reinterpret_cast<uintptr_t>(info.base);
  Written& w = W();
  std::lock_guard<std::mutex> lock(w.mu);
  static const Ranges kNothing;
  auto found = w.byAllocation.find(base);
  const Ranges& m = found == w.byAllocation.end() ? kNothing : found->second;
  uintptr_t cur = begin;
  auto it = m.upper_bound(cur);
  if (it != m.begin() && std::prev(it)->second > cur) cur = std::prev(it)->second;
  if (cur >= end) return false;
  auto next = m.upper_bound(cur);  // merged ranges: the next one starts after the gap
  const uintptr_t gapEnd = next == m.end() ? end : std::min(end, next->first);
  if (out != nullptr) {
    out->allocation = info.base;
    out->offset = cur - base;
    out->length = gapEnd - cur;
  }
  return true;
}

void ForgetWritten(uintptr_t base) {
  Written& w = W();
  std::lock_guard<std::mutex> lock(w.mu);
  w.byAllocation.erase(base);
}

}  // namespace rt
}  // namespace aclcpu
