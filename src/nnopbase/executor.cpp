// aclOpExecutor: the plan phase 1 made, its life cycle (one-shot or repeatable) and the
// address setters that re-point a repeatable plan at new buffers.
//
// Executors are tracked by identity in a table of live pointers; a pointer that is not in the
// table is never dereferenced, so running an executor twice, or after destroying it, is
// refused with a message instead of touching freed memory.
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/executor_checks.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/meta_impl.h"
#include "nnopbase/op_checks.h"

struct aclOpExecutor {
  aclcpu::ExecutorPlan plan;
  bool repeatable = false;
  bool repointed = false;    // an aclSet*TensorAddr changed a slot since phase 1
  uint64_t tensorEpoch = 0;  // TensorChangeEpoch() when phase 1 captured the tensors
  uint64_t serial = 0;       // creation order, for the leak report
};

namespace aclcpu {
namespace {

using ull = unsigned long long;

// A set of executor pointers with open addressing (linear probing, backward-shift deletion):
// inserting allocates only when the table grows, so a warm phase 1 allocates nothing.
class PointerSet {
 public:
  size_t size() const { return size_; }
  bool Contains(const aclOpExecutor* p) const {
    if (slots_.empty()) return false;
    for (size_t i = Home(p);; i = Next(i)) {
      if (slots_[i] == nullptr) return false;
      if (slots_[i] == p) return true;
    }
  }
  void Insert(aclOpExecutor* p) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t i = Home(p);
    while (slots_[i] != nullptr) {
      if (slots_[i] == p) return;
      i = Next(i);
    }
    slots_[i] = p;
    ++size_;
  }
  template <typename F>
  void ForEach(F f) const {
    for (const aclOpExecutor* p : slots_) {
      if (p != nullptr) f(p);
    }
  }
  // True when `p` was in the set.
  bool Erase(const aclOpExecutor* p) {
    if (slots_.empty()) return false;
    size_t i = Home(p);
    while (slots_[i] != p) {
      if (slots_[i] == nullptr) return false;
      i = Next(i);
    }
    // Shift later members of the probe run back so that no lookup stops early at the hole.
    for (size_t j = Next(i);; j = Next(j)) {
      if (slots_[j] == nullptr) break;
      const size_t home = Home(slots_[j]);
      // slots_[j] may move to i when i lies cyclically in [home, j).
      const bool movable = (i <= j) ? (home <= i || home > j) : (home <= i && home > j);
      if (movable) {
        slots_[i] = slots_[j];
        i = j;
      }
    }
    slots_[i] = nullptr;
    --size_;
    return true;
  }

 private:
  size_t Home(const aclOpExecutor* p) const {
    uint64_t h = reinterpret_cast<uintptr_t>(p);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return static_cast<size_t>(h) & (slots_.size() - 1);
  }
  size_t Next(size_t i) const { return (i + 1) & (slots_.size() - 1); }
  void Grow() {
    std::vector<aclOpExecutor*> old(slots_.empty() ? 64 : slots_.size() * 2, nullptr);
    old.swap(slots_);
    size_ = 0;
    for (aclOpExecutor* p : old) {
      if (p != nullptr) Insert(p);
    }
  }

  std::vector<aclOpExecutor*> slots_;  // power-of-two size, at most half full
  size_t size_ = 0;
};

// Freed executors are kept (up to kMaxFree) and handed out again by CreateExecutor, so that a
// warm phase 1 does not allocate one. Reuse is oldest first and only once kQuarantine others
// wait behind it, so a stale handle (an executor run twice) is refused rather than taken for the
// next executor for at least kQuarantine creations.
constexpr size_t kMaxFree = 64;
constexpr size_t kQuarantine = 16;

struct ExecutorTable {
  std::mutex mutex;
  PointerSet live;
  aclOpExecutor* freeRing[kMaxFree] = {};  // FIFO: freeHead is the oldest
  size_t freeHead = 0;
  size_t freeCount = 0;
  uint64_t serial = 0;      // last creation serial handed out
  uint64_t reportedTo = 0;  // the leak report counted executors up to this serial
};

// Never destroyed: stream workers may still finish executors while static destructors run.
ExecutorTable& Table() {
  static auto* table = new ExecutorTable();
  return *table;
}

// Returns a finished executor to the free list (or frees it when the list is full).
void Recycle(aclOpExecutor* executor) {
  if (executor == nullptr) return;
  executor->plan = ExecutorPlan();
  executor->repeatable = false;
  executor->repointed = false;
  {
    ExecutorTable& table = Table();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (table.freeCount < kMaxFree) {
      table.freeRing[(table.freeHead + table.freeCount) % kMaxFree] = executor;
      ++table.freeCount;
      return;
    }
  }
  delete executor;
}

struct RecycleDeleter {
  void operator()(aclOpExecutor* executor) const { Recycle(executor); }
};
using OwnedExecutor = std::unique_ptr<aclOpExecutor, RecycleDeleter>;

const char* RoleName(TensorRole role) {
  switch (role) {
    case TensorRole::kInput:
      return "inputs";
    case TensorRole::kOutput:
      return "outputs";
    default:
      return "tensors";
  }
}

}  // namespace

aclOpExecutor* CreateExecutor(const ExecutorPlan& plan) {
  try {
    ExecutorTable& table = Table();
    aclOpExecutor* executor = nullptr;
    {
      std::lock_guard<std::mutex> lock(table.mutex);
      if (table.freeCount > kQuarantine) {
        executor = table.freeRing[table.freeHead];
        table.freeHead = (table.freeHead + 1) % kMaxFree;
        --table.freeCount;
      }
    }
    OwnedExecutor owned(executor != nullptr ? executor : new aclOpExecutor());
    owned->plan = plan;
    owned->repeatable = false;
    owned->repointed = false;
    owned->tensorEpoch = TensorChangeEpoch();
    std::lock_guard<std::mutex> lock(table.mutex);
    owned->serial = ++table.serial;
    table.live.Insert(owned.get());
    return owned.release();
  } catch (const std::exception& e) {
    Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, std::string("cannot create an executor: ") + e.what());
    return nullptr;
  }
}

int RunExecutor(const char* opName, void* workspace, uint64_t workspaceSize,
                aclOpExecutor* executor, aclrtStream stream) {
  const char* op = opName != nullptr ? opName : "aclnn";
  if (executor == nullptr) return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is null", op);

  // A one-shot executor leaves the table before it runs (so a concurrent second run is refused)
  // and is freed when `owned` goes, whatever the launch returns. A repeatable one runs from a
  // copy of its plan, so that destroying or re-pointing it while it launches is harmless.
  OwnedExecutor owned;
  ExecutorPlan repeatablePlan;
  const ExecutorPlan* plan = nullptr;
  bool repointed = false;
  uint64_t tensorEpoch = 0;
  {
    ExecutorTable& table = Table();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (!table.live.Contains(executor)) {
      return Failf(ACLNN_ERR_PARAM_INVALID,
                   "%s: executor %p was already run or destroyed (an executor runs once and is "
                   "freed by its run unless aclSetAclOpExecutorRepeatable was called on it)",
                   op, static_cast<void*>(executor));
    }
    const ExecutorPlan& current = executor->plan;
    const bool noWorkspace = workspaceSize > 0 && workspace == nullptr;
    const bool shortWorkspace = workspaceSize < current.workspaceSize;
    if (noWorkspace || shortWorkspace) {
      // A phase 2 refused for its workspace consumes a one-shot executor, as CANN's does.
      if (!executor->repeatable) {
        table.live.Erase(executor);
        owned.reset(executor);
      }
      if (noWorkspace) {
        return Failf(ACLNN_ERR_PARAM_NULLPTR, "%s: workspaceSize is %llu but workspace is null", op,
                     static_cast<ull>(workspaceSize));
      }
      return Failf(ACLNN_ERR_PARAM_INVALID,
                   "%s: workspaceSize is %llu but phase 1 asked for %llu bytes", op,
                   static_cast<ull>(workspaceSize), static_cast<ull>(current.workspaceSize));
    }
    if (std::strcmp(current.opName, op) != 0) {
      return Failf(ACLNN_ERR_PARAM_INVALID, "%s: executor %p was created by %s, not by %s", op,
                   static_cast<void*>(executor), current.opName, op);
    }
    repointed = executor->repointed;
    tensorEpoch = executor->tensorEpoch;
    if (executor->repeatable) {
      repeatablePlan = current;
      plan = &repeatablePlan;
    } else {
      table.live.Erase(executor);
      owned.reset(executor);
      plan = &owned->plan;
    }
  }
  if (plan->launch == nullptr) return ACLNN_SUCCESS;  // nothing to do (empty tensors)
  // Re-validate what may have changed since phase 1 and pin the memory the work will use.
  std::shared_ptr<PinnedMemory> pins;
  ACLCPU_RETURN_IF_ERROR(RevalidatePlan(op, *plan, repointed, tensorEpoch, stream, &pins));
  rt::LaunchScope keepMapped(std::move(pins));
  return plan->launch(*plan, stream);
}

int SetExecutorRepeatable(aclOpExecutor* executor) {
  if (executor == nullptr) {
    return Fail(ACLNN_ERR_INNER_NULLPTR, "aclSetAclOpExecutorRepeatable: executor is null");
  }
  ExecutorTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (!table.live.Contains(executor)) {
    return Failf(ACLNN_ERR_INNER,
                 "aclSetAclOpExecutorRepeatable: executor %p is unknown (already run or "
                 "destroyed)",
                 static_cast<void*>(executor));
  }
  executor->repeatable = true;
  return ACLNN_SUCCESS;
}

int DestroyExecutor(aclOpExecutor* executor) {
  if (executor == nullptr) {
    return Fail(ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor: executor is null");
  }
  OwnedExecutor owned;
  {
    ExecutorTable& table = Table();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (!table.live.Erase(executor)) {
      return Failf(ACLNN_ERR_INNER,
                   "aclDestroyAclOpExecutor: executor %p is unknown (already run or destroyed)",
                   static_cast<void*>(executor));
    }
    owned.reset(executor);
  }
  return ACLNN_SUCCESS;  // the plan (and whatever its launch captured) is freed out of the lock
}

int SetExecutorTensorAddr(const char* api, TensorRole role, aclOpExecutor* executor, size_t index,
                          aclTensor* tensor, void* addr) {
  if (tensor == nullptr) return Failf(ACLNN_ERR_INNER_NULLPTR, "%s: tensor is null", api);
  HandleWriteScope write;  // the tensor is changed below
  if (!LooksLikeTensor(tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "%s: %p is not a live aclTensor", api,
                 static_cast<void*>(tensor));
  }
  if (executor == nullptr) {
    tensor->data = addr;  // CANN re-points the tensor before it looks at the executor
    return Failf(ACLNN_ERR_INNER_NULLPTR, "%s: executor is null", api);
  }

  ExecutorTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (!table.live.Contains(executor)) {
    return Failf(ACLNN_ERR_INNER, "%s: executor %p is unknown (already run or destroyed)", api,
                 static_cast<void*>(executor));
  }
  ExecutorPlan& plan = executor->plan;
  // The API's numbering (ApiSlotMap), or the snapshots' where the plan keeps them in API order.
  auto apiCount = [](const ApiSlotMap& map, size_t snapshots) {
    return map.IsSet() ? static_cast<size_t>(map.count) : snapshots;
  };
  const size_t inputs = apiCount(plan.apiInputs, plan.inputs.size());
  const size_t outputs = apiCount(plan.apiOutputs, plan.outputs.size());
  const size_t count = role == TensorRole::kInput    ? inputs
                       : role == TensorRole::kOutput ? outputs
                                                     : inputs + outputs;
  if (index >= count) {
    return Failf(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range: %s has %zu %s", api,
                 index, plan.opName, count, RoleName(role));
  }
  // kAny numbers the inputs first, then the outputs.
  const bool isOutput =
      role == TensorRole::kOutput || (role == TensorRole::kAny && index >= inputs);
  const size_t apiIndex = role == TensorRole::kAny && isOutput ? index - inputs : index;
  const ApiSlotMap& map = isOutput ? plan.apiOutputs : plan.apiInputs;
  const int slotEntry = map.IsSet() ? map.slot[apiIndex] : static_cast<int>(apiIndex);
  if (slotEntry == ApiSlotMap::kNull) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "%s: %s %zu of %s was null at phase 1: there is no tensor to re-point", api,
                 isOutput ? "output" : "input", apiIndex, plan.opName);
  }
  if (slotEntry == ApiSlotMap::kUnread) {
    tensor->data = addr;  // the operator never touches it: nothing else follows
    return ACLNN_SUCCESS;
  }
  const size_t slot = static_cast<size_t>(slotEntry);
  TensorSnapshot& target = isOutput ? plan.outputs[slot] : plan.inputs[slot];
  // The tensor must be the one phase 1 captured at that slot (or describe the same view): a
  // different one would be re-pointed for nothing, and the slot's view would not be its view.
  // The tensor phase 1 was given for that slot is accepted even where the operator keeps its
  // own reshaped view of it (Prelu's weight, Heaviside's out): the view stays the operator's.
  const bool captured = (target.source == tensor && target.sourceId == tensor->id) ||
                        (target.capturedId != 0 && target.capturedId == tensor->id);
  if (!captured && !SameView(target, *tensor)) {
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "%s: tensor %p is not the tensor %s captured as %s %zu (%s %s), and its view "
                 "differs (%s %s); pass the tensor given to phase 1",
                 api, static_cast<void*>(tensor), plan.opName, isOutput ? "output" : "input",
                 apiIndex, DtypeName(target.dtype).c_str(),
                 opcheck::ShapeString(ShapeOf(target)).c_str(), DtypeName(tensor->dtype).c_str(),
                 opcheck::ShapeString(tensor->viewShape).c_str());
  }
  // CANN re-points the tensor itself, and every slot that holds it follows (an in-place
  // operator's self and out, one tensor passed as two inputs): the slots phase 1 captured from
  // this very tensor move together.
  const uint64_t group = target.capturedId != 0 && target.capturedId == tensor->id ? tensor->id : 0;
  tensor->data = addr;
  auto move = [&](TensorSnapshot& s) {
    s.data = addr;
    s.source = tensor;
    s.sourceId = tensor->id;
    s.sourceVersion = tensor->version;
  };
  move(target);
  auto follow = [&](auto& slots) {
    for (size_t k = 0; k < slots.size(); ++k) {
      if (group != 0 && slots[k].capturedId == group) move(slots[k]);
    }
  };
  follow(plan.inputs);
  follow(plan.outputs);
  executor->repointed = true;  // phase 2 re-checks bounds, device and overlap
  return ACLNN_SUCCESS;
}

int SetExecutorDynamicTensorAddr(const char* api, TensorRole role, aclOpExecutor* executor,
                                 size_t irIndex, size_t relativeIndex, aclTensorList* tensors,
                                 void* addr) {
  (void)role;
  if (tensors == nullptr) return Failf(ACLNN_ERR_INNER_NULLPTR, "%s: tensors is null", api);
  HandleWriteScope write;  // the list's tensor is changed below
  // As with the single-tensor setters, the list element is re-pointed first.
  if (relativeIndex < tensors->tensors.size() && LooksLikeTensor(tensors->tensors[relativeIndex])) {
    tensors->tensors[relativeIndex]->data = addr;
  }
  if (executor == nullptr) return Failf(ACLNN_ERR_INNER_NULLPTR, "%s: executor is null", api);

  ExecutorTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (!table.live.Contains(executor)) {
    return Failf(ACLNN_ERR_INNER, "%s: executor %p is unknown (already run or destroyed)", api,
                 static_cast<void*>(executor));
  }
  // None of our operators takes a tensor-list parameter.
  return Failf(ACLNN_ERR_PARAM_INVALID, "%s: operator %s has no dynamic tensor list at irIndex %zu",
               api, executor->plan.opName, irIndex);
}

size_t LiveExecutorCount() {
  ExecutorTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  return table.live.size();
}

size_t UnreportedExecutorCount() {
  ExecutorTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  size_t count = 0;
  table.live.ForEach([&](const aclOpExecutor* e) {
    if (e->serial > table.reportedTo) ++count;
  });
  table.reportedTo = table.serial;
  return count;
}

}  // namespace aclcpu
