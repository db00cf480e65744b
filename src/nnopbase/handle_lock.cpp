#include "nnopbase/handle_lock.h"

#include <atomic>
#include <shared_mutex>

namespace aclcpu {
namespace {

std::shared_mutex& Lock() {
  static auto* lock = new std::shared_mutex();  // never destroyed: workers may run at exit
  return *lock;
}

thread_local int tReadDepth = 0;
thread_local int tWriteDepth = 0;  // DestroyTensorList destroys its tensors: nested writes
std::atomic<uint64_t> gTensorEpoch{0};

}  // namespace

HandleReadScope::HandleReadScope() {
  if (tReadDepth++ == 0) Lock().lock_shared();
}

HandleReadScope::~HandleReadScope() {
  if (--tReadDepth == 0) Lock().unlock_shared();
}

HandleWriteScope::HandleWriteScope() {
  if (tReadDepth > 0 || tWriteDepth++ > 0) return;
  Lock().lock();
  locked_ = true;
}

HandleWriteScope::~HandleWriteScope() {
  if (!locked_) return;
  tWriteDepth = 0;
  Lock().unlock();
}

uint64_t TensorChangeEpoch() { return gTensorEpoch.load(std::memory_order_acquire); }
void BumpTensorChangeEpoch() { gTensorEpoch.fetch_add(1, std::memory_order_acq_rel); }

}  // namespace aclcpu
