#include "ops/complex_sigmoid.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/check_level.h"
#include "common/dtype.h"
#include "common/error.h"
#include "common/precision.h"
#include "elementwise/convert.h"
#include "nnopbase/op_checks.h"
#include "ops/view_utils.h"
#include "rowwise/split_io.h"  // For16: one rounding from double in golden mode
#include "runtime/runtime.h"

namespace aclcpu {
namespace ops {
namespace {

using CD = std::complex<double>;
using CF = std::complex<float>;

struct Payload {
  aclDataType compute;
  bool backward;
  bool golden;
};

// Argument names, inputs then the output.
const char* const* Names(bool backward) {
  static const char* const kFwd[] = {"self", "out"};
  static const char* const kBwd[] = {"gradOutput", "output", "gradInput"};
  return backward ? kBwd : kFwd;
}

// One element of any Sigmoid dtype, exactly (integers and bool as their value).
CD Load(aclDataType t, const char* p) {
  auto get = [p](auto v) {
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (t) {
    case ACL_COMPLEX64: {
      const float re = get(0.0f);
      float im;
      std::memcpy(&im, p + 4, 4);
      return {re, im};
    }
    case ACL_COMPLEX128: {
      const double re = get(0.0);
      double im;
      std::memcpy(&im, p + 8, 8);
      return {re, im};
    }
    case ACL_FLOAT:
      return get(0.0f);
    case ACL_DOUBLE:
      return get(0.0);
    case ACL_FLOAT16:
      return static_cast<double>(kernels::HalfToFloat(get(uint16_t{0})));
    case ACL_BF16:
      return static_cast<double>(kernels::Bf16ToFloat(get(uint16_t{0})));
    case ACL_INT8:
      return static_cast<double>(get(int8_t{0}));
    case ACL_UINT8:
      return static_cast<double>(get(uint8_t{0}));
    case ACL_INT16:
      return static_cast<double>(get(int16_t{0}));
    case ACL_INT32:
      return static_cast<double>(get(int32_t{0}));
    case ACL_INT64:
      return static_cast<double>(get(int64_t{0}));
    case ACL_BOOL:
      return get(uint8_t{0}) != 0 ? 1.0 : 0.0;
    default:
      return 0.0;
  }
}

void Store(aclDataType t, CD v, char* p, bool once) {
  switch (t) {
    case ACL_COMPLEX64: {
      const float part[2] = {static_cast<float>(v.real()), static_cast<float>(v.imag())};
      std::memcpy(p, part, 8);
      return;
    }
    case ACL_COMPLEX128: {
      const double part[2] = {v.real(), v.imag()};
      std::memcpy(p, part, 16);
      return;
    }
    case ACL_DOUBLE: {
      const double d = v.real();
      std::memcpy(p, &d, 8);
      return;
    }
    case ACL_FLOAT16: {
      const uint16_t h = kernels::FloatToHalf(kernels::split::For16(v.real(), once));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_BF16: {
      const uint16_t h = kernels::FloatToBf16(kernels::split::For16(v.real(), once));
      std::memcpy(p, &h, 2);
      return;
    }
    default: {
      const float f = static_cast<float>(v.real());
      std::memcpy(p, &f, 4);
      return;
    }
  }
}

// v cast to the compute dtype (the vendor casts its inputs to it first).
CD ToCompute(aclDataType compute, CD v) {
  switch (compute) {
    case ACL_COMPLEX64:
      return {static_cast<float>(v.real()), static_cast<float>(v.imag())};
    case ACL_FLOAT:
      return static_cast<float>(v.real());
    case ACL_FLOAT16:
      return static_cast<double>(kernels::HalfToFloat(kernels::FloatToHalf(v.real())));
    case ACL_BF16:
      return static_cast<double>(kernels::Bf16ToFloat(kernels::FloatToBf16(v.real())));
    case ACL_DOUBLE:
      return v.real();
    default:  // COMPLEX128
      return v;
  }
}

// The formula in the compute dtype's precision: complex<float> for COMPLEX64, fp32 for the
// AI Core dtypes (the result then rounded to the compute dtype), double / complex<double>
// otherwise and in golden mode.
CD Formula(const Payload& info, CD x, CD g) {
  const aclDataType c = info.compute;
  if (!info.golden && (c == ACL_COMPLEX64 || c == ACL_FLOAT || c == ACL_FLOAT16 || c == ACL_BF16)) {
    const CF xf(static_cast<float>(x.real()), static_cast<float>(x.imag()));
    const CF gf(static_cast<float>(g.real()), static_cast<float>(g.imag()));
    const CF one(1.0f, 0.0f);
    CF r;
    if (c == ACL_COMPLEX64) {
      r = info.backward ? std::conj((one - xf) * xf) * gf : one / (one + std::exp(-xf));
    } else {
      const float xr = xf.real(), gr = gf.real();
      r = info.backward ? (gr * (1.0f - xr)) * xr : 1.0f / (1.0f + std::exp(-xr));
    }
    return ToCompute(c, CD(r.real(), r.imag()));
  }
  const bool complex = IsComplex(c);
  if (info.backward) {
    return complex ? std::conj((1.0 - x) * x) * g : (g.real() * (1.0 - x.real())) * x.real();
  }
  return complex ? 1.0 / (1.0 + std::exp(-x)) : CD(1.0 / (1.0 + std::exp(-x.real())));
}

// Element strides of `v` over the output's shape (right-aligned; size-1 dims broadcast).
std::vector<int64_t> StridesOver(const TensorSnapshot& v, const DimVector& shape) {
  std::vector<int64_t> s(shape.size(), 0);
  const size_t lead = shape.size() - v.shape.size();
  for (size_t d = 0; d < v.shape.size(); ++d) {
    if (v.shape[d] != 1) s[lead + d] = v.strides[d];
  }
  return s;
}

int Run(const ExecutorPlan& plan) {
  const Payload info = plan.Payload<Payload>();
  const TensorSnapshot& out = plan.outputs[0];
  const size_t nIn = plan.inputs.size();
  const TensorSnapshot& x = plan.inputs[nIn - 1];  // self, or the backward's output y
  const DimVector& shape = out.shape;
  const std::vector<int64_t> xs = StridesOver(x, shape);
  const std::vector<int64_t> gs = nIn == 2 ? StridesOver(plan.inputs[0], shape) : xs;
  const char* x0 = static_cast<const char*>(FirstElement(x));
  const char* g0 = nIn == 2 ? static_cast<const char*>(FirstElement(plan.inputs[0])) : nullptr;
  char* o0 = static_cast<char*>(const_cast<void*>(FirstElement(out)));
  const int64_t xi = static_cast<int64_t>(DtypeSize(x.dtype));
  const int64_t gi = nIn == 2 ? static_cast<int64_t>(DtypeSize(plan.inputs[0].dtype)) : 0;
  const int64_t oi = static_cast<int64_t>(DtypeSize(out.dtype));
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  const size_t rank = shape.size();
  std::vector<int64_t> idx(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t ox = 0, og = 0, oo = 0;
    for (size_t d = 0; d < rank; ++d) {
      ox += idx[d] * xs[d];
      og += idx[d] * gs[d];
      oo += idx[d] * out.strides[d];
    }
    // Golden: the exact inputs (no cast to the compute dtype first).
    auto in = [&info](aclDataType t, const char* e) {
      return info.golden ? Load(t, e) : ToCompute(info.compute, Load(t, e));
    };
    const CD xv = in(x.dtype, x0 + ox * xi);
    const CD gv = g0 != nullptr ? in(plan.inputs[0].dtype, g0 + og * gi) : CD(0.0);
    Store(out.dtype, Formula(info, xv, gv), o0 + oo * oi, info.golden);
    for (size_t d = rank; d-- > 0;) {  // next row-major index
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return 0;
}

int Launch(const ExecutorPlan& plan, aclrtStream stream) {
  const char* const* names = Names(plan.Payload<Payload>().backward);
  const size_t nIn = plan.inputs.size();
  if (CheckEnabled(1)) {
    for (size_t i = 0; i < nIn; ++i) {
      ACLCPU_RETURN_IF_ERROR(RecheckView(plan.opName, names[i], plan.inputs[i]));
    }
    ACLCPU_RETURN_IF_ERROR(RecheckView(plan.opName, names[nIn], plan.outputs[0]));
  }
  for (size_t i = 0; i < nIn; ++i) {
    ACLCPU_RETURN_IF_ERROR(CheckInitialised(plan.opName, names[i], plan.inputs[i]));
  }
  // The executor may be destroyed before the stream runs the work: the task keeps a copy.
  auto copy = std::make_shared<ExecutorPlan>(plan);
  return SubmitPlanTask(plan.opName, plan, stream, [copy] { return Run(*copy); });
}

int Plan(const char* op, const aclTensor* const* in, size_t nIn, const aclTensor* out, Payload info,
         uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* const* names = Names(info.backward);
  bool empty = opcheck::IsEmpty(out);
  for (size_t i = 0; i < nIn; ++i) empty = empty || opcheck::IsEmpty(in[i]);
  if (!empty) {
    for (size_t i = 0; i < nIn; ++i) {
      ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[i], in[i]));
    }
    ACLCPU_RETURN_IF_ERROR(opcheck::ViewInDeviceMemory(op, names[nIn], out));
    ACLCPU_RETURN_IF_ERROR(opcheck::NoSelfOverlap(op, names[nIn], out));
    for (size_t i = 0; i < nIn; ++i) {
      ACLCPU_RETURN_IF_ERROR(opcheck::NoPartialOverlap(op, names[nIn], out, names[i], in[i]));
    }
  }
  ExecutorPlan plan;
  plan.opName = op;
  if (nIn == 1) {
    plan.inputs = {Snapshot(*in[0])};
  } else {
    plan.inputs = {Snapshot(*in[0]), Snapshot(*in[1])};
  }
  plan.outputs = {Snapshot(*out)};
  if (!empty) {
    info.golden = CurrentPrecision() == PrecisionMode::kGolden;
    plan.SetPayload(info);
    plan.launch = &Launch;
  }
  aclOpExecutor* created = CreateExecutor(plan);
  if (created == nullptr) {
    return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR,
                std::string(op) + ": could not create the executor");
  }
  *workspaceSize = 0;
  *executor = created;
  return ACLNN_SUCCESS;
}

}  // namespace

bool AnyComplex(aclDataType a, aclDataType b, aclDataType c) {
  return IsComplex(a) || IsComplex(b) || IsComplex(c);
}

int PlanComplexSigmoid(const char* op, const aclTensor* self, const aclTensor* out,
                       aclDataType compute, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const aclTensor* in[] = {self};
  return Plan(op, in, 1, out, Payload{compute, false, false}, workspaceSize, executor);
}

int PlanComplexSigmoidBackward(const char* op, const aclTensor* gradOutput, const aclTensor* output,
                               const aclTensor* gradInput, aclDataType compute,
                               uint64_t* workspaceSize, aclOpExecutor** executor) {
  const aclTensor* in[] = {gradOutput, output};
  return Plan(op, in, 2, gradInput, Payload{compute, true, false}, workspaceSize, executor);
}

}  // namespace ops
}  // namespace aclcpu
