// Shared by the quantizing operators' plans (GeluQuant, SwigluGroupQuant, SwigluGroupQuantGrad):
// a snapshot as the quant kernels' View, and the 16/32-bit float input dtype as kernels::DType.
#pragma once

#include "acl/acl_base.h"
#include "nnopbase/objects.h"
#include "ops/view_utils.h"
#include "quant/swiglu_quant_grad.h"  // kernels::quant::View, kernels::DType

namespace aclcpu {
namespace ops {

inline kernels::quant::View QuantViewOf(const TensorSnapshot& s) {
  kernels::quant::View v;
  v.data = FirstElement(s);
  v.ndim = static_cast<int>(s.shape.size());
  for (int d = 0; d < v.ndim; ++d) {
    v.shape[d] = s.shape[static_cast<size_t>(d)];
    v.strides[d] = s.strides[static_cast<size_t>(d)];
  }
  return v;
}

// FLOAT16 / BFLOAT16 / (anything else checked earlier:) FLOAT.
inline kernels::DType QuantFloatDtype(aclDataType dt) {
  if (dt == ACL_FLOAT16) return kernels::DType::F16;
  if (dt == ACL_BF16) return kernels::DType::BF16;
  return kernels::DType::F32;
}

}  // namespace ops
}  // namespace aclcpu
