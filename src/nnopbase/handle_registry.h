// The set of live handles of one kind. Destroy functions consult it before touching a pointer,
// so that a double destroy or a foreign pointer is refused with a message instead of freeing
// memory that is not ours.
#pragma once

#include <cstddef>
#include <mutex>
#include <unordered_set>

namespace aclcpu {

template <typename T>
class HandleRegistry {
 public:
  void Add(const T* handle) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(handle);
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
  // Number of live handles (the leak report at aclFinalize reads it).
  size_t Size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.size();
  }

 private:
  std::mutex mutex_;
  std::unordered_set<const T*> live_;
};

// One registry per handle type. Never destroyed: stream workers may still release handles
// while static destructors run at exit.
template <typename T>
HandleRegistry<T>& Registry() {
  static auto* registry = new HandleRegistry<T>();
  return *registry;
}

}  // namespace aclcpu
