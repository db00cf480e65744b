// The set of live handles of one kind. Destroy functions consult it before touching a pointer,
// so that a double destroy or a foreign pointer is refused with a message instead of freeing
// memory that is not ours.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace aclcpu {

template <typename T>
class HandleRegistry {
 public:
  void Add(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_[handle] = ++serial_;
  }
  // True when `handle` was live (and now is not).
  bool Remove(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.erase(handle) != 0;
  }
  bool Contains(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(handle) != 0;
  }
  // Number of live handles.
  size_t Size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.size();
  }
  // Live handles created since the previous call (the leak report at aclFinalize: a handle
  // leaked across several aclInit/aclFinalize cycles is counted once).
  size_t TakeUnreported() {
    std::lock_guard<std::mutex> lock(mutex_);
    size_t n = 0;
    for (const auto& entry : live_) {
      if (entry.second > reportedTo_) ++n;
    }
    reportedTo_ = serial_;
    return n;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<const T*, uint64_t> live_;  // handle → creation serial
  uint64_t serial_ = 0;
  uint64_t reportedTo_ = 0;
};

// One registry per handle type. Never destroyed: stream workers may still release handles
// while static destructors run at exit.
template <typename T>
HandleRegistry<T>& Registry() {
  static auto* registry = new HandleRegistry<T>();
  return *registry;
}

}  // namespace aclcpu
