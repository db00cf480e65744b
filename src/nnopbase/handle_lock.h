// The lifetime lock of the user's handles (aclTensor, aclScalar, arrays and lists). Phase 1 of
// every operator holds it shared while it reads the handles it was given; a call that destroys
// or changes a handle (aclDestroyTensor, aclInitTensor, aclSetRawTensorAddr, aclSet*TensorAddr,
// the other destroy functions) holds it exclusively. So a handle destroyed by another thread
// while phase 1 reads it is either destroyed before (phase 1 then refuses it: "not a live
// aclTensor") or after phase 1 has finished with it, never during: no read of freed memory.
#pragma once

#include <cstdint>

namespace aclcpu {

// Shared hold for the duration of phase 1 (re-entrant on one thread).
class HandleReadScope {
 public:
  HandleReadScope();
  ~HandleReadScope();
  HandleReadScope(const HandleReadScope&) = delete;
  HandleReadScope& operator=(const HandleReadScope&) = delete;
};

// Exclusive hold around a change to a handle. On a thread already inside a HandleReadScope it
// takes nothing (it cannot upgrade; that thread's own reads are not concurrent with it).
class HandleWriteScope {
 public:
  HandleWriteScope();
  ~HandleWriteScope();
  HandleWriteScope(const HandleWriteScope&) = delete;
  HandleWriteScope& operator=(const HandleWriteScope&) = delete;

 private:
  bool locked_ = false;
};

// Incremented by every aclSetRawTensorAddr / aclInitTensor: phase 2 compares it with the value
// phase 1 saw, and looks at the captured tensors only when some tensor changed meanwhile.
uint64_t TensorChangeEpoch();
void BumpTensorChangeEpoch();

}  // namespace aclcpu
