// aclnnPreluBackward: gradInput = self > 0 ? g : w[c]·g and gradWeight[c] = Σ (self > 0 ? 0 :
// self·g) over every element of channel c (dim 1; all elements when weight has one element).
// Products are computed in the I/O dtype (one fp32 product rounded once to it); the sum is taken
// in one fixed order (row-major) in double and rounded once to fp32 and then to the dtype, so it
// does not depend on the thread count. gradOutput broadcasts to self's shape.
#include "aclnnop/aclnn_prelu_backward.h"

#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"
#include "ops/relu_float_io.h"
#include "ops/view_utils.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnPreluBackward";
constexpr size_t kMaxRank = 8;
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
const char* const kArgNames[5] = {"gradOutput", "self", "weight", "gradInput", "gradWeight"};

struct Payload {
  aclDataType dtype;
  int channelDim;      // 1, or -1 when the weight has one element
  int64_t weightStep;  // element stride of the weight read flat
  int64_t gradWeightStep;
};

struct Task {
  Payload info;
  TensorSnapshot go, x, w, gi, gw;

  int operator()() const {
    const aclDataType t = info.dtype;
    const int64_t item = relu::FloatItemBytes(t);
    const size_t rank = x.shape.size();
    // gradOutput's strides in self's coordinates (numpy broadcasting).
    std::vector<int64_t> goStride(rank, 0);
    for (size_t d = 0; d < go.shape.size(); ++d) {
      const size_t xd = rank - go.shape.size() + d;
      goStride[xd] = go.shape[d] == 1 ? 0 : go.strides[d];
    }
    const char* g0 = static_cast<const char*>(ops::FirstElement(go));
    const char* x0 = static_cast<const char*>(ops::FirstElement(x));
    const char* w0 = static_cast<const char*>(ops::FirstElement(w));
    char* gi0 = static_cast<char*>(const_cast<void*>(ops::FirstElement(gi)));
    char* gw0 = static_cast<char*>(const_cast<void*>(ops::FirstElement(gw)));
    const int64_t channels = info.channelDim < 0 ? 1 : x.shape[info.channelDim];
    std::vector<double> sums(static_cast<size_t>(channels), 0.0);
    std::vector<int64_t> idx(rank, 0);
    int64_t count = 1;
    for (size_t d = 0; d < rank; ++d) count *= x.shape[d];
    for (int64_t n = 0; n < count; ++n) {
      int64_t og = 0, ox = 0, oi = 0;
      for (size_t d = 0; d < rank; ++d) {
        og += idx[d] * goStride[d];
        ox += idx[d] * x.strides[d];
        oi += idx[d] * gi.strides[d];
      }
      const int64_t c = info.channelDim < 0 ? 0 : idx[info.channelDim];
      const float g = relu::LoadFloat(t, g0 + og * item), xv = relu::LoadFloat(t, x0 + ox * item);
      const float wv = relu::LoadFloat(t, w0 + c * info.weightStep * item);
      const bool pos = xv > 0;
      relu::StoreFloat(t, pos ? g : wv * g, gi0 + oi * item);
      if (!pos) sums[c] += relu::RoundToFloatDtype(t, xv * g);  // update = x·g in the I/O dtype
      for (size_t d = rank; d-- > 0;) {                         // next row-major index
        if (++idx[d] < x.shape[d]) break;
        idx[d] = 0;
      }
    }
    for (int64_t c = 0; c < channels; ++c) {
      relu::StoreFloat(t, static_cast<float>(sums[c]), gw0 + c * info.gradWeightStep * item);
    }
    return 0;
  }
};

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  auto task = std::make_shared<Task>();
  task->info = plan.Payload<Payload>();
  task->go = plan.inputs[0];
  task->x = plan.inputs[1];
  task->w = plan.inputs[2];
  task->gi = plan.outputs[0];
  task->gw = plan.outputs[1];
  const TensorSnapshot* views[5] = {&task->go, &task->x, &task->w, &task->gi, &task->gw};
  if (CheckEnabled(1)) {
    for (int i = 0; i < 5; ++i) {
      ACLCPU_RETURN_IF_ERROR(ops::RecheckView(plan.opName, kArgNames[i], *views[i]));
    }
  }
  for (int i = 0; i < 3; ++i) {
    ACLCPU_RETURN_IF_ERROR(ops::CheckInitialised(plan.opName, kArgNames[i], *views[i]));
  }
  std::vector<rt::ByteRange> writes = ops::WrittenHull(task->gi);
  const std::vector<rt::ByteRange> more = ops::WrittenHull(task->gw);
  writes.insert(writes.end(), more.begin(), more.end());
  size_t cost = 0;
  for (const TensorSnapshot* v : views) cost += ops::TrafficBytes(*v);
  const int rc = rt::Submit(
      stream, plan.opName, [task] { return (*task)(); }, std::move(writes), cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(kOpName) +
                                             ": enqueueing on the stream failed with runtime "
                                             "error " +
                                             std::to_string(rc));
  }
  if (CheckEnabled(2)) {
    ops::MarkWritten(task->gi);
    ops::MarkWritten(task->gw);
  }
  return ACLNN_SUCCESS;
}

int64_t Count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// The flat element step of a tensor whose dims of size > 1 form one row-major run.
bool FlatStep(const aclTensor* t, int64_t* step) {
  int64_t inner = 0, innerSize = 1;
  bool found = false;
  *step = 0;
  for (size_t i = t->viewShape.size(); i-- > 0;) {
    if (t->viewShape[i] == 1) continue;
    if (found && t->strides[i] != inner * innerSize) return false;
    if (!found) *step = t->strides[i];
    found = true;
    inner = t->strides[i];
    innerSize = t->viewShape[i];
  }
  return true;
}

int ShapeFail(const std::string& what) {
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(kOpName) + ": " + what);
}

int GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* weight,
                     const aclTensor* gradInput, const aclTensor* gradWeight,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(gradOutput);
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(weight);
  ACLCPU_CHECK_NOT_NULL(gradInput);
  ACLCPU_CHECK_NOT_NULL(gradWeight);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);  // the vendor checks neither of these two
  ACLCPU_CHECK_NOT_NULL(executor);
  const aclTensor* all[5] = {gradOutput, self, weight, gradInput, gradWeight};
  for (int i = 0; i < 5; ++i) {
    ACLCPU_RETURN_IF_ERROR(opcheck::LiveTensor(kOpName, kArgNames[i], all[i]));
  }
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  ACLCPU_CHECK_DTYPE_IN(self, soc->hasBf16 ? kDtypesBf16 : kDtypes);
  ACLCPU_CHECK_SAME_DTYPE(self, gradOutput);
  ACLCPU_CHECK_SAME_DTYPE(self, weight);
  ACLCPU_CHECK_SAME_DTYPE(self, gradInput);
  ACLCPU_CHECK_SAME_DTYPE(self, gradWeight);
  for (int i = 0; i < 5; ++i) {
    ACLCPU_RETURN_IF_ERROR(opcheck::MaxRank(kOpName, kArgNames[i], all[i], kMaxRank));
  }
  ACLCPU_CHECK_SAME_SHAPE(self, gradInput);
  const size_t rank = self->viewShape.size();
  const int64_t wCount = Count(weight->viewShape);
  if (wCount != 1) {
    if (rank < 1) return ShapeFail("self must have rank >= 1 when weight has several elements");
    const int64_t channels = rank > 1 ? self->viewShape[1] : 1;
    if (wCount != channels) {
      return ShapeFail("weight has " + std::to_string(wCount) +
                       " elements; expected 1 or the channel count " + std::to_string(channels));
    }
    if (gradWeight->viewShape != std::vector<int64_t>{channels}) {
      return ShapeFail("gradWeight shape " + opcheck::ShapeString(gradWeight->viewShape) +
                       " must be [" + std::to_string(channels) + "]");
    }
  } else {
    ACLCPU_CHECK_SAME_SHAPE(weight, gradWeight);
  }
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(
      ops::CheckBroadcast(kOpName, "self", self, "gradOutput", gradOutput, &shape));
  if (shape != self->viewShape) {
    return ShapeFail("gradOutput shape " + opcheck::ShapeString(gradOutput->viewShape) +
                     " must broadcast to self shape " + opcheck::ShapeString(self->viewShape));
  }

  Payload info{self->dtype, wCount == 1 ? -1 : (rank > 1 ? 1 : 0), 0, 0};
  if (!FlatStep(weight, &info.weightStep) || !FlatStep(gradWeight, &info.gradWeightStep)) {
    return ShapeFail(
        "a weight or gradWeight whose strides do not flatten to one step is not "
        "supported");
  }
  const bool empty =
      opcheck::IsEmpty(gradOutput) || opcheck::IsEmpty(self) || opcheck::IsEmpty(weight);
  if (!empty) {
    for (int i = 0; i < 5; ++i) {
      ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(kOpName, kArgNames[i], all[i]));
    }
    for (int o = 3; o < 5; ++o) {
      ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(kOpName, kArgNames[o], all[o]));
      for (int i = 0; i < 3; ++i) {
        ACLCPU_RETURN_IF_ERROR(
            opcheck::NoPartialOverlap(kOpName, kArgNames[o], all[o], kArgNames[i], all[i]));
      }
    }
    ACLCPU_RETURN_IF_ERROR(
        opcheck::NoPartialOverlap(kOpName, kArgNames[4], gradWeight, kArgNames[3], gradInput));
  }
  ExecutorPlan plan;
  plan.opName = kOpName;
  plan.inputs = {Snapshot(*gradOutput), Snapshot(*self), Snapshot(*weight)};
  plan.outputs = {Snapshot(*gradInput), Snapshot(*gradWeight)};
  if (!empty) {
    plan.SetPayload(info);
    plan.launch = &Launch;
  }
  aclOpExecutor* created = CreateExecutor(plan);
  if (created == nullptr) {
    return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR,
                std::string(kOpName) + ": could not create the executor");
  }
  *workspaceSize = 0;
  *executor = created;
  return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnPreluBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                               const aclTensor* weight, aclTensor* gradInput,
                                               aclTensor* gradWeight, uint64_t* workspaceSize,
                                               aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("gradOutput", gradOutput).Tensor("self", self).Tensor("weight", weight);
        c.Tensor("gradInput", gradInput).Tensor("gradWeight", gradWeight);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(gradOutput, self, weight, gradInput, gradWeight,
                                        workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnPreluBackward)
