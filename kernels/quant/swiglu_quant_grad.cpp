#include "quant/swiglu_quant_grad.h"

#include <algorithm>
#include <cmath>

#include "quant/view_access.h"
#include "rowwise/split_io.h"

namespace aclcpu {
namespace kernels {
namespace quant {
namespace {

// The vendor sums the group sizes as uint32 (a negative size wraps to a large count).
int64_t TruncRows(const SwigluQuantGradProblem& p) {
  if (p.groupIndex == nullptr) return p.rows;
  uint32_t sum = 0;
  for (int64_t g = 0; g < p.groupCount; ++g) {
    sum += static_cast<uint32_t>(p.groupIndex[g * p.groupStride]);
  }
  return std::min<int64_t>(sum, p.rows);
}

void Row(const SwigluQuantGradProblem& p, int64_t r, bool zero) {
  const int lastY = p.gradY.ndim - 1;
  const int lastX = p.x.ndim - 1;
  const int64_t gxo = Offset(p.gradX, r, lastX);
  const int64_t gxs = p.gradX.strides[lastX];
  const bool weighted = p.weight.data != nullptr;
  if (zero) {
    for (int64_t j = 0; j < 2 * p.h; ++j) Store(p.gradX, gxo + j * gxs, p.dtype, 0.0f);
    if (weighted) {
      static_cast<float*>(
          const_cast<void*>(p.gradWeight.data))[Offset(p.gradWeight, r, p.gradWeight.ndim)] = 0.0f;
    }
    return;
  }
  const int64_t gyo = Offset(p.gradY, r, lastY), gys = p.gradY.strides[lastY];
  const int64_t xo = Offset(p.x, r, lastX), xs = p.x.strides[lastX];
  int64_t yoo = 0, yos = 0;
  float w = 1.0f;
  if (weighted) {
    yoo = Offset(p.yOrigin, r, p.yOrigin.ndim - 1);
    yos = p.yOrigin.strides[p.yOrigin.ndim - 1];
    w = static_cast<const float*>(p.weight.data)[Offset(p.weight, r, p.weight.ndim)];
  }
  const bool clamp = p.clamp > 0.0f;
  const float c = p.clamp;
  double acc = 0.0;  // the vendor's tree sum of fp32 products, here in double, rounded once
  for (int64_t j = 0; j < p.h; ++j) {
    float gy = Load(p.gradY, gyo + j * gys, p.dtype);
    const float x0 = Load(p.x, xo + j * xs, p.dtype);
    const float x1 = Load(p.x, xo + (p.h + j) * xs, p.dtype);
    if (weighted) {
      acc += static_cast<double>(Load(p.yOrigin, yoo + j * yos, p.dtype) * gy);
      gy = gy * w;
    }
    float a = x0, b = x1;
    if (clamp) {
      a = std::min(a, c);
      b = std::min(std::max(b, -c), c);
    }
    const float e = std::exp(a);
    const float s = e / (e + 1.0f);
    const float silu = a * s;
    const float dsilu = s * ((1.0f - s) * a + 1.0f);
    float g0 = (gy * b) * dsilu;
    float g1 = gy * silu;
    if (clamp) {
      g0 = g0 * (x0 < c ? 1.0f : 0.0f);
      g1 = g1 * (x1 > -c && x1 < c ? 1.0f : 0.0f);
    }
    Store(p.gradX, gxo + j * gxs, p.dtype, g0);
    Store(p.gradX, gxo + (p.h + j) * gxs, p.dtype, g1);
  }
  if (weighted) {
    static_cast<float*>(const_cast<void*>(
        p.gradWeight.data))[Offset(p.gradWeight, r, p.gradWeight.ndim)] = static_cast<float>(acc);
  }
}

}  // namespace

void RunSwigluQuantGrad(const SwigluQuantGradProblem& problem, ThreadPool* pool) {
  if (problem.rows == 0) return;
  const SwigluQuantGradProblem& p = problem;
  const int64_t trunc = TruncRows(p);
  const int64_t perTask = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, 2 * p.h));
  const int64_t tasks = (p.rows + perTask - 1) / perTask;
  auto body = [&p, trunc, perTask](int64_t t) {
    const int64_t end = std::min(p.rows, (t + 1) * perTask);
    for (int64_t r = t * perTask; r < end; ++r) Row(p, r, r >= trunc);
  };
  RunTasks(pool, tasks, body);
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
