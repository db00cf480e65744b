// aclnnRReluWithNoise / aclnnInplaceRReluWithNoise.
//   training: r = u·upper − (u·lower − lower) with u uniform in [0, 1) (the vendor's
//     StatelessRandomUniformV2 path), r rounded to self's dtype; noise' = self < 0 ? r : 1;
//     out = self·noise'; noise' is written into noise (its first numel(self) elements in
//     row-major order when noise has another shape; the rest are kept).
//   eval: out = LeakyRelu(self, (lower + upper)/2); noise is untouched.
// u comes from Philox4x32-10 keyed by seed, counter (element index, offset): deterministic and
// independent of the thread count. The NPU's random bits cannot be reproduced (divergences.md).
#include "aclnnop/aclnn_rrelu_with_noise.h"

#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/soc.h"
#include "nnopbase/op_checks.h"
#include "ops/elementwise_plan.h"
#include "ops/op_export.h"
#include "ops/relu_float_io.h"
#include "ops/relu_philox.h"
#include "ops/view_utils.h"
#include "runtime/runtime.h"

namespace aclcpu {
namespace {

constexpr const char* kOpName = "aclnnRReluWithNoise";
constexpr const char* kInplaceName = "aclnnInplaceRReluWithNoise";
constexpr size_t kMaxRank = 32;
constexpr ops::ElementwiseDesc kEvalDesc = {
    kernels::OpId::kLeakyRelu, ops::ShapeRule::kSame, 1, 1, {"self", "out"}};
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16};
const std::vector<aclDataType> kDtypesBf16 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
const std::vector<aclDataType> kBoundDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

struct Payload {
  aclDataType dtype;
  float lower, upper;
  uint64_t seed, offset;
};

// Element offset of row-major index `flat` within a view.
int64_t OffsetOf(const TensorSnapshot& v, int64_t flat) {
  int64_t off = 0;
  for (size_t d = v.shape.size(); d-- > 0;) {
    off += (flat % v.shape[d]) * v.strides[d];
    flat /= v.shape[d];
  }
  return off;
}

struct Task {
  Payload info;
  TensorSnapshot x, out, noise;

  int operator()() const {
    const aclDataType t = info.dtype;
    const int64_t item = relu::FloatItemBytes(t);
    const relu::Philox4x32 gen = relu::PhiloxFromSeed(info.seed);
    const char* x0 = static_cast<const char*>(ops::FirstElement(x));
    char* o0 = static_cast<char*>(const_cast<void*>(ops::FirstElement(out)));
    char* n0 = static_cast<char*>(const_cast<void*>(ops::FirstElement(noise)));
    int64_t count = 1;
    for (size_t d = 0; d < x.shape.size(); ++d) count *= x.shape[d];
    for (int64_t i = 0; i < count; ++i) {
      const float xv = relu::LoadFloat(t, x0 + OffsetOf(x, i) * item);
      const float u = gen.Uniform(static_cast<uint64_t>(i), info.offset);
      const float r = u * info.upper - (u * info.lower - info.lower);
      const float noiseValue = xv < 0 ? relu::RoundToFloatDtype(t, r) : 1.0f;  // r in self's dtype
      relu::StoreFloat(t, xv * noiseValue, o0 + OffsetOf(out, i) * item);
      relu::StoreFloat(t, noiseValue, n0 + OffsetOf(noise, i) * item);
    }
    return 0;
  }
};

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  auto task = std::make_shared<Task>();
  task->info = plan.Payload<Payload>();
  task->x = plan.inputs[0];
  task->out = plan.outputs[0];
  task->noise = plan.outputs[1];
  if (CheckEnabled(1)) {
    ACLCPU_RETURN_IF_ERROR(ops::RecheckView(plan.opName, "self", task->x));
    ACLCPU_RETURN_IF_ERROR(ops::RecheckView(plan.opName, "out", task->out));
    ACLCPU_RETURN_IF_ERROR(ops::RecheckView(plan.opName, "noise", task->noise));
  }
  ACLCPU_RETURN_IF_ERROR(ops::CheckInitialised(plan.opName, "self", task->x));
  std::vector<rt::ByteRange> writes = ops::WrittenHull(task->out);
  const std::vector<rt::ByteRange> more = ops::WrittenHull(task->noise);
  writes.insert(writes.end(), more.begin(), more.end());
  const size_t cost =
      ops::TrafficBytes(task->x) + ops::TrafficBytes(task->out) + ops::TrafficBytes(task->noise);
  const int rc = rt::Submit(
      stream, plan.opName, [task] { return (*task)(); }, std::move(writes), cost);
  if (rc != 0) {
    return Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(plan.opName) +
                                             ": enqueueing on the stream failed with runtime "
                                             "error " +
                                             std::to_string(rc));
  }
  if (CheckEnabled(2)) {
    ops::MarkWritten(task->out);
    ops::MarkWritten(task->noise);
  }
  return ACLNN_SUCCESS;
}

int64_t Count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

int FormatFail(const char* op, const char* arg, const aclTensor* t, const aclTensor* out) {
  return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + arg + " format " +
                                           std::to_string(t->format) + " must equal out format " +
                                           std::to_string(out->format));
}

// The vendor creates the executor after its checks and checks neither workspaceSize nor
// executor; we refuse null ones after the tensors.
int GetWorkspaceSize(const char* kOpName, const aclTensor* self, const aclTensor* noise,
                     const aclScalar* lower, const aclScalar* upper, bool training, int64_t seed,
                     int64_t offset, const aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
  ACLCPU_CHECK_NOT_NULL(self);
  ACLCPU_CHECK_NOT_NULL(noise);
  ACLCPU_CHECK_NOT_NULL(lower);
  ACLCPU_CHECK_NOT_NULL(upper);
  ACLCPU_CHECK_NOT_NULL(out);
  ACLCPU_CHECK_NOT_NULL(workspaceSize);
  ACLCPU_CHECK_NOT_NULL(executor);
  ACLCPU_CHECK_LIVE_TENSOR(self);
  ACLCPU_CHECK_LIVE_TENSOR(noise);
  ACLCPU_CHECK_LIVE_TENSOR(out);
  const SocProfile* soc = nullptr;
  ACLCPU_RETURN_IF_ERROR(ops::ChipFor(kOpName, &soc));

  const std::vector<aclDataType>& dtypes = soc->hasBf16 ? kDtypesBf16 : kDtypes;
  ACLCPU_CHECK_DTYPE_IN(self, dtypes);
  ACLCPU_CHECK_DTYPE_IN(noise, dtypes);
  ACLCPU_CHECK_DTYPE_IN(lower, kBoundDtypes);
  ACLCPU_CHECK_DTYPE_IN(upper, kBoundDtypes);
  ACLCPU_CHECK_DTYPE_IN(out, dtypes);
  ACLCPU_CHECK_SAME_DTYPE(out, self);
  ACLCPU_CHECK_SAME_DTYPE(out, noise);
  ACLCPU_CHECK_SAME_SHAPE(self, out);
  if (training && Count(self->viewShape) > Count(noise->viewShape)) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kOpName) + ": in training noise must hold at least as many elements (" +
                    std::to_string(Count(noise->viewShape)) + ") as self (" +
                    std::to_string(Count(self->viewShape)) + ")");
  }
  ACLCPU_CHECK_MAX_RANK(self, kMaxRank);
  ACLCPU_CHECK_MAX_RANK(noise, kMaxRank);
  if (self->format != out->format) return FormatFail(kOpName, "self", self, out);
  if (noise->format != out->format) return FormatFail(kOpName, "noise", noise, out);

  float lo = 0, hi = 0;
  ScalarToFloat(lower->dtype, lower->value, &lo);
  ScalarToFloat(upper->dtype, upper->value, &hi);
  if (!training) {  // LeakyRelu with the mean slope; noise untouched
    ops::ElementwiseCall call{kOpName, &kEvalDesc, {self}, {out}, self->dtype, {}};
    const float slope = (lo + hi) / 2;
    call.params.SetScalar(0, slope, slope);
    ApiSlotMap inputs;  // noise is the API's input 1 and is not read
    inputs.Set({0, ApiSlotMap::kUnread});
    return ops::PlanElementwise(call, workspaceSize, executor, inputs);
  }
  const bool empty = opcheck::IsEmpty(self) || opcheck::IsEmpty(noise);
  // The part of noise that is written: all of it when it has self's shape, else its first
  // numel(self) elements in row-major order.
  if (!empty) {
    ACLCPU_CHECK_VIEW_IN_DEVICE_MEMORY(self);
    ACLCPU_CHECK_VIEW_IN_DEVICE_MEMORY(noise);
    ACLCPU_CHECK_VIEW_IN_DEVICE_MEMORY(out);
    ACLCPU_CHECK_NO_SELF_OVERLAP(out);
    ACLCPU_CHECK_NO_SELF_OVERLAP(noise);
    ACLCPU_CHECK_NO_PARTIAL_OVERLAP(out, self);
    ACLCPU_CHECK_NO_PARTIAL_OVERLAP(noise, self);
    ACLCPU_CHECK_NO_PARTIAL_OVERLAP(noise, out);
    if (noise->data == out->data && noise->offset == out->offset) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  std::string(kOpName) + ": noise and out are the same memory");
    }
  }
  ExecutorPlan plan;
  plan.opName = kOpName;
  // noise is the API's input 1 (aclSetInputTensorAddr numbers it there) and written in
  // training: it also holds output snapshot 1, which follows when input 1 is re-pointed; the
  // API's only output is out.
  plan.inputs = {Snapshot(*self), Snapshot(*noise)};
  plan.outputs = {Snapshot(*out), Snapshot(*noise)};
  plan.apiOutputs.Set({0});
  if (!empty) {
    plan.SetPayload(
        Payload{self->dtype, lo, hi, static_cast<uint64_t>(seed), static_cast<uint64_t>(offset)});
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

void TraceCommon(aclcpu::trace::Call& c, const aclTensor* noise, const aclScalar* lower,
                 const aclScalar* upper, bool training, int64_t seed, int64_t offset) {
  c.Tensor("noise", noise).Scalar("lower", lower).Scalar("upper", upper);
  c.Arg("training", training ? "true" : "false");
  c.Int("seed", seed).Int("offset", offset);
}

}  // namespace
}  // namespace aclcpu

aclnnStatus aclnnRReluWithNoiseGetWorkspaceSize(const aclTensor* self, const aclTensor* noise,
                                                const aclScalar* lower, const aclScalar* upper,
                                                bool training, int64_t seed, int64_t offset,
                                                aclTensor* out, uint64_t* workspaceSize,
                                                aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kOpName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self);
        aclcpu::TraceCommon(c, noise, lower, upper, training, seed, offset);
        c.Tensor("out", out).Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kOpName, self, noise, lower, upper, training, seed,
                                        offset, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnInplaceRReluWithNoiseGetWorkspaceSize(
    const aclTensor* self, const aclTensor* noise, const aclScalar* lower, const aclScalar* upper,
    bool training, int64_t seed, int64_t offset, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclcpu::ops::TracedPhase1(
      aclcpu::kInplaceName, workspaceSize, executor,
      [&](aclcpu::trace::Call& c) {
        c.Tensor("self", self);
        aclcpu::TraceCommon(c, noise, lower, upper, training, seed, offset);
        c.Out("workspaceSize", workspaceSize).Out("executor", executor);
      },
      [&] {
        return aclcpu::GetWorkspaceSize(aclcpu::kInplaceName, self, noise, lower, upper, training,
                                        seed, offset, self, workspaceSize, executor);
      });
}

ACLCPU_EXPORT_PHASE2(aclnnRReluWithNoise)
ACLCPU_EXPORT_PHASE2(aclnnInplaceRReluWithNoise)
