#include "quant/swiglu_quant_grad.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

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

// T = float: the vendor's fp32 arithmetic; T = double: golden mode (one rounding per output).
template <typename T>
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
  const T c = p.golden ? static_cast<T>(p.clampExact) : static_cast<T>(p.clamp);
  const T one = 1;
  double acc = 0.0;  // the vendor's tree sum of fp32 products, here in double, rounded once
  for (int64_t j = 0; j < p.h; ++j) {
    T gy = Load(p.gradY, gyo + j * gys, p.dtype);
    const T x0 = Load(p.x, xo + j * xs, p.dtype);
    const T x1 = Load(p.x, xo + (p.h + j) * xs, p.dtype);
    if (weighted) {
      const T prod = static_cast<T>(Load(p.yOrigin, yoo + j * yos, p.dtype)) * gy;
      acc += static_cast<double>(prod);
      gy = gy * static_cast<T>(w);
    }
    T a = x0, b = x1;
    if (clamp) {
      a = std::min(a, c);
      b = std::min(std::max(b, -c), c);
    }
    const T e = std::exp(a);
    const T s = e / (e + one);
    const T silu = a * s;
    // golden: 1 - s as 1 / (e + 1), which does not cancel where s is close to 1
    const T oneMinusS = std::is_same<T, double>::value ? one / (e + one) : one - s;
    const T dsilu = s * (oneMinusS * a + one);
    T g0 = (gy * b) * dsilu;
    T g1 = gy * silu;
    if (clamp) {
      g0 = g0 * (x0 < c ? one : T(0));
      g1 = g1 * (x1 > -c && x1 < c ? one : T(0));
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
    for (int64_t r = t * perTask; r < end; ++r) {
      if (p.golden) {
        Row<double>(p, r, r >= trunc);
      } else {
        Row<float>(p, r, r >= trunc);
      }
    }
  };
  RunTasks(pool, tasks, body);
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
