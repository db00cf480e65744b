#include "nnopbase/executor_checks.h"

#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "nnopbase/handle_lock.h"
#include "nnopbase/meta_impl.h"
#include "nnopbase/op_checks.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace {

constexpr size_t kMaxViews = ExecutorPlan::kMaxInputs + ExecutorPlan::kMaxOutputs;

// The plan's views, inputs first, with their names for messages.
struct Views {
  const TensorSnapshot* view[kMaxViews] = {};
  const char* name[kMaxViews] = {};
  size_t count = 0;
  size_t inputs = 0;
};

constexpr const char* kInputNames[] = {"input 0", "input 1", "input 2", "input 3", "input 4"};
constexpr const char* kOutputNames[] = {"output 0", "output 1", "output 2"};
static_assert(sizeof(kInputNames) / sizeof(kInputNames[0]) == ExecutorPlan::kMaxInputs, "");
static_assert(sizeof(kOutputNames) / sizeof(kOutputNames[0]) == ExecutorPlan::kMaxOutputs, "");

void Collect(const ExecutorPlan& plan, Views* v) {
  for (size_t i = 0; i < plan.inputs.size(); ++i) {
    v->view[v->count] = &plan.inputs[i];
    v->name[v->count++] = plan.inputNames[i] != nullptr ? plan.inputNames[i] : kInputNames[i];
  }
  v->inputs = v->count;
  for (size_t i = 0; i < plan.outputs.size(); ++i) {
    v->view[v->count] = &plan.outputs[i];
    v->name[v->count++] = plan.outputNames[i] != nullptr ? plan.outputNames[i] : kOutputNames[i];
  }
}

bool Empty(const TensorSnapshot& s) {
  for (int64_t d : s.shape) {
    if (d == 0) return true;
  }
  return false;
}

// A captured tensor the user changed behind the executor (it is still the same live tensor).
int CheckCapturedTensors(const char* op, const Views& v) {
  HandleReadScope read;  // the sources are read only while they cannot be destroyed
  for (size_t i = 0; i < v.count; ++i) {
    const TensorSnapshot& s = *v.view[i];
    if (s.source == nullptr || !LooksLikeTensor(s.source)) continue;
    if (s.source->id != s.sourceId || s.source->version == s.sourceVersion) continue;
    return Failf(ACLNN_ERR_PARAM_INVALID,
                 "%s: %s (aclTensor %p) was changed by aclSetRawTensorAddr or aclInitTensor "
                 "after phase 1; the executor would run on what phase 1 saw. Run phase 1 "
                 "again, or re-point a repeatable executor with aclSetInputTensorAddr / "
                 "aclSetOutputTensorAddr",
                 op, v.name[i], static_cast<const void*>(s.source));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

PinnedMemory::~PinnedMemory() {
  if (count > 0) rt::UnpinAllocations(bases, count);
}

int RevalidatePlan(const char* op, const ExecutorPlan& plan, bool repointed, uint64_t tensorEpoch,
                   aclrtStream stream, std::shared_ptr<PinnedMemory>* pins) {
  Views v;
  Collect(plan, &v);
  if (TensorChangeEpoch() != tensorEpoch) ACLCPU_RETURN_IF_ERROR(CheckCapturedTensors(op, v));

  // With one device every allocation and stream is device 0: no stream lookup needed (an
  // invalid stream is refused when the launch enqueues).
  int32_t streamDevice = 0;
  if (rt::VisibleDeviceCount() > 1) {
    if (int rc = rt::StreamDevice(op, stream, &streamDevice)) {
      return Failf(ACLNN_ERR_RUNTIME_ERROR, "%s: cannot launch on stream %p (runtime error %d)", op,
                   stream, rc);
    }
  }

  const void* ptrs[kMaxViews] = {};
  size_t index[kMaxViews] = {};
  size_t n = 0;
  for (size_t i = 0; i < v.count; ++i) {
    if (Empty(*v.view[i])) continue;
    index[n] = i;
    ptrs[n++] = v.view[i]->data;
  }
  rt::PointerKind kinds[kMaxViews];
  rt::AllocationInfo infos[kMaxViews];
  auto pinned = std::make_shared<PinnedMemory>();
  rt::PinAllocations(ptrs, n, kinds, infos);
  for (size_t k = 0; k < n; ++k) {
    if (kinds[k] == rt::PointerKind::kDevice) pinned->bases[pinned->count++] = infos[k].base;
  }
  for (size_t k = 0; k < n; ++k) {
    const size_t i = index[k];
    // Memory released (or an address re-pointed) since phase 1; after a re-point, the bounds.
    if (kinds[k] != rt::PointerKind::kDevice || repointed) {
      ACLCPU_RETURN_IF_ERROR(
          opcheck::ViewInClassifiedMemory(op, v.name[i], *v.view[i], kinds[k], infos[k]));
    }
    if (infos[k].device != streamDevice) {
      return Failf(ACLNN_ERR_PARAM_INVALID,
                   "%s: %s memory (the allocation at %p) belongs to device %d, but stream %p "
                   "runs on device %d; an operator's memory must belong to its stream's device",
                   op, v.name[i], infos[k].base, static_cast<int>(infos[k].device), stream,
                   static_cast<int>(streamDevice));
    }
  }
  if (repointed) {
    for (size_t o = v.inputs; o < v.count; ++o) {
      if (Empty(*v.view[o])) continue;
      for (size_t i = 0; i < v.inputs; ++i) {
        if (Empty(*v.view[i])) continue;
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(op, v.name[o], *v.view[o], v.name[i], *v.view[i]));
      }
    }
  }
  *pins = std::move(pinned);
  return ACLNN_SUCCESS;
}

bool SameView(const TensorSnapshot& slot, const aclTensor& tensor) {
  if (slot.dtype != tensor.dtype || slot.offset != tensor.offset) return false;
  if (slot.shape.size() != tensor.viewShape.size() ||
      slot.strides.size() != tensor.strides.size()) {
    return false;
  }
  for (size_t i = 0; i < slot.shape.size(); ++i) {
    if (slot.shape[i] != tensor.viewShape[i]) return false;
  }
  for (size_t i = 0; i < slot.strides.size(); ++i) {
    if (slot.strides[i] != tensor.strides[i]) return false;
  }
  return true;
}

std::vector<int64_t> ShapeOf(const TensorSnapshot& slot) {
  return std::vector<int64_t>(slot.shape.begin(), slot.shape.end());
}

}  // namespace aclcpu
