#include "quant/swiglu_group_quant.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "quant/view_access.h"
#include "rowwise/split_io.h"

namespace aclcpu {
namespace kernels {
namespace quant {
namespace {

using Problem = SwigluGroupQuantProblem;
using Mode = SwigluQuantMode;

constexpr float kBlockEps = 1e-4f;    // modes 0/1: the amax floor
constexpr float kDynamicEps = 1e-8f;  // mode 3: the amax floor
constexpr int32_t kSkip = -1;         // row state: left untouched
constexpr int32_t kZero = -2;         // row state: y = 0 (modes 2/3 past the group sum)

uint8_t* Bytes(const View& v) { return static_cast<uint8_t*>(const_cast<void*>(v.data)); }
float* Floats(const View& v) { return static_cast<float*>(const_cast<void*>(v.data)); }

template <typename T>
T NanMax(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
  return std::max(a, b);
}

float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t ToBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// The code of a value: the vendor's cast from fp32, or (golden) one rounding of the double.
uint8_t Code(Target target, float v) { return CastTo(target, HifRounding::kRound, v); }
uint8_t Code(Target target, double v) { return CastToExact(target, HifRounding::kRound, v); }

// The exponent e of the power of two >= amax / M. The vendor's kernel reads it from the bits of
// the fp32 product amax * (1 / M); golden mode takes the exact one (M * 2^e is exact in double),
// and the fp32 rule where amax is not finite or the power leaves fp32's range.
int32_t ScaleExponent(float amax, float invMax) {
  const uint32_t bits = ToBits(amax * invMax);
  return static_cast<int32_t>((bits >> 23) & 0xff) - 127 + ((bits & 0x7fffff) != 0);
}
int32_t ScaleExponent(double amax, float invMax, double m) {
  if (!std::isfinite(amax) || amax > std::ldexp(m, 127)) {
    return ScaleExponent(static_cast<float>(amax), invMax);
  }
  int e = 0;
  std::frexp(amax / m, &e);  // amax / m within a rounding of [2^(e-1), 2^e)
  if (std::ldexp(m, e - 1) >= amax) --e;
  if (std::ldexp(m, e) < amax) ++e;
  return e;
}

// 2^-e in the compute type (the fp32 one from the exponent bits, as the kernel builds it).
float PowerMul(int32_t e, float) { return FromBits(static_cast<uint32_t>(127 - e) << 23); }
double PowerMul(int32_t e, double) {
  return e > 127 ? static_cast<double>(PowerMul(e, 0.0f)) : std::ldexp(1.0, -e);
}

// One row's SwiGLU stage in T (float: the vendor's fp32; double: golden): the unweighted value o
// (yOrigin) and v = o * weight.
template <typename T>
struct RowReader {
  const Problem& p;
  int64_t xo = 0, xs = 0;
  T w = 1;
  T clamp = -1;
  bool weighted = false;
  RowReader(const Problem& problem, int64_t r) : p(problem) {
    const int last = p.x.ndim - 1;
    xo = Offset(p.x, r, last);
    xs = p.x.strides[last];
    weighted = p.weight.data != nullptr;
    if (weighted) w = static_cast<const float*>(p.weight.data)[Offset(p.weight, r, p.weight.ndim)];
    clamp = std::is_same<T, double>::value ? static_cast<T>(p.clampExact) : p.clamp;
  }
  T Origin(int64_t j) const {
    T a = Load(p.x, xo + j * xs, p.dtype);
    T b = Load(p.x, xo + (p.h + j) * xs, p.dtype);
    if (clamp > 0) {
      a = std::min(a, clamp);
      b = std::min(std::max(b, -clamp), clamp);
    }
    return a / (T(1) + std::exp(-a)) * b;
  }
  T Value(T origin) const { return weighted ? origin * w : origin; }
};

// Modes 0 and 1: one row, block by block.
template <typename T>
void BlockRow(const Problem& p, int64_t r) {
  const RowReader<T> in(p, r);
  const int lastY = p.y.ndim - 1;
  const int64_t yo = Offset(p.y, r, lastY), ys = p.y.strides[lastY];
  const bool mx = p.mode == Mode::kMxFp8;
  const int64_t len = mx ? kMxBlockLen : kFp8BlockLen;
  const int64_t blocks = (p.h + len - 1) / len;
  const T fmax = p.target == Target::kFloat8E5M2 ? 57344 : 448;
  const float invMax = InvTargetMax(p.target);
  T v[kFp8BlockLen];
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t j0 = b * len, n = std::min(len, p.h - j0);
    T amax = 0;
    for (int64_t k = 0; k < n; ++k) {
      v[k] = in.Value(in.Origin(j0 + k));
      const T a = std::fabs(v[k]);
      amax = mx ? NanMax(amax, a) : (std::isfinite(a) ? std::max(amax, a) : amax);
    }
    amax = NanMax(amax, static_cast<T>(kBlockEps));
    // yScale holds one value per block in row-major order; MX rows are padded to pairs.
    const int64_t perRow = mx ? (blocks + 1) / 2 * 2 : blocks;
    const int64_t so = Offset(p.yScale, r * perRow + b, p.yScale.ndim);
    T mul;
    if (mx || p.roundScale) {
      int32_t e;
      if constexpr (std::is_same<T, double>::value) {
        e = ScaleExponent(amax, invMax, fmax);
      } else {
        e = ScaleExponent(amax, invMax);
      }
      mul = PowerMul(e, T(0));
      if (mx) {
        Bytes(p.yScale)[so] = static_cast<uint8_t>(e + 127);
      } else {
        Floats(p.yScale)[so] = FromBits(static_cast<uint32_t>(e + 127) << 23);
      }
    } else {
      Floats(p.yScale)[so] = std::is_same<T, double>::value ? static_cast<float>(amax / fmax)
                                                            : static_cast<float>(amax * invMax);
      mul = fmax / amax;
    }
    for (int64_t k = 0; k < n; ++k) {
      T q = v[k] * mul;
      if (!mx && !std::isfinite(q)) q = v[k];
      Bytes(p.y)[yo + (j0 + k) * ys] = Code(p.target, q);
    }
  }
}

// Modes 2 and 3: one row quantized with `mul`, or zeroed; yOrigin written when given.
template <typename T>
void HifRow(const Problem& p, int64_t r, bool zero, T mul) {
  const RowReader<T> in(p, r);
  const int lastY = p.y.ndim - 1;
  const int64_t yo = Offset(p.y, r, lastY), ys = p.y.strides[lastY];
  const bool origin = p.yOrigin.data != nullptr;
  int64_t oo = 0, os = 0;
  if (origin) {
    const int lastO = p.yOrigin.ndim - 1;
    oo = Offset(p.yOrigin, r, lastO);
    os = p.yOrigin.strides[lastO];
  }
  for (int64_t j = 0; j < p.h; ++j) {
    if (zero && !origin) {
      Bytes(p.y)[yo + j * ys] = 0;
      continue;
    }
    const T o = in.Origin(j);
    if (origin) Store(p.yOrigin, oo + j * os, p.dtype, o);
    Bytes(p.y)[yo + j * ys] = zero ? uint8_t{0} : Code(Target::kHiFloat8, in.Value(o) * mul);
  }
}

// max(|v|, 1e-8) over a row (NaN propagates).
template <typename T>
T RowAmax(const Problem& p, int64_t r) {
  const RowReader<T> in(p, r);
  T amax = kDynamicEps;
  for (int64_t j = 0; j < p.h; ++j) amax = NanMax(amax, std::fabs(in.Value(in.Origin(j))));
  return amax;
}

int64_t RowsPerTask(const Problem& p) {
  return std::max<int64_t>(1, 16384 / std::max<int64_t>(1, 2 * p.h));
}

template <typename Fn>
void ForRows(const Problem& p, ThreadPool* pool, Fn fn) {
  const int64_t perTask = RowsPerTask(p);
  const int64_t tasks = (p.rows + perTask - 1) / perTask;
  auto body = [&p, perTask, &fn](int64_t t) {
    const int64_t end = std::min(p.rows, (t + 1) * perTask);
    for (int64_t r = t * perTask; r < end; ++r) fn(r);
  };
  RunTasks(pool, tasks, body);
}

int64_t GroupSize(const Problem& p, int64_t g) { return p.groupIndex[g * p.groupStride]; }

int64_t GroupSum(const Problem& p) {
  int64_t sum = 0;
  for (int64_t g = 0; g < p.groupCount; ++g) sum += GroupSize(p, g);
  return sum;
}

void RunBlocks(const Problem& p, ThreadPool* pool) {
  int64_t limit = p.rows;
  if (p.groupIndex != nullptr) limit = std::min(std::max<int64_t>(GroupSum(p), 0), p.rows);
  ForRows(p, pool, [&p, limit](int64_t r) {
    if (r >= limit) return;
    if (p.golden) {
      BlockRow<double>(p, r);
    } else {
      BlockRow<float>(p, r);
    }
  });
}

// Modes 2/3: the group of each row (kSkip / kZero for rows outside every group).
std::vector<int32_t> RowGroups(const Problem& p) {
  std::vector<int32_t> state(static_cast<size_t>(p.rows), p.groupIndex == nullptr ? 0 : kSkip);
  if (p.groupIndex == nullptr) return state;
  int64_t start = 0;
  for (int64_t g = 0; g < p.groupCount; ++g) {
    const int64_t n = GroupSize(p, g);
    if (n == 0) continue;
    const int64_t end = start + n;
    for (int64_t r = std::max<int64_t>(start, 0); r < std::min(end, p.rows); ++r) {
      state[static_cast<size_t>(r)] = static_cast<int32_t>(g);
    }
    start = end;
  }
  for (int64_t r = std::max<int64_t>(GroupSum(p), 0); r < p.rows; ++r) {
    state[static_cast<size_t>(r)] = kZero;
  }
  return state;
}

template <typename T>
void RunHifAs(const Problem& p, ThreadPool* pool) {
  const std::vector<int32_t> state = RowGroups(p);
  const int64_t groups = p.groupIndex == nullptr ? 1 : p.groupCount;
  const T dstMax = std::is_same<T, double>::value ? static_cast<T>(p.dstTypeMaxExact)
                                                  : static_cast<T>(p.dstTypeMax);
  std::vector<T> mul(static_cast<size_t>(groups), T(1));
  if (p.mode == Mode::kStaticHif8) {
    for (int64_t g = 0; g < groups; ++g) {
      const int64_t k = p.scaleCount == 1 ? 0 : g;
      mul[static_cast<size_t>(g)] =
          static_cast<const float*>(p.scale.data)[Offset(p.scale, k, p.scale.ndim)];
    }
  } else {
    std::vector<T> rowMax(static_cast<size_t>(p.rows));
    ForRows(p, pool,
            [&p, &rowMax](int64_t r) { rowMax[static_cast<size_t>(r)] = RowAmax<T>(p, r); });
    float* yScale = Floats(p.yScale);
    if (p.groupIndex == nullptr) {
      T amax = kDynamicEps;
      for (T m : rowMax) amax = NanMax(amax, m);
      const T s = amax / dstMax;
      yScale[0] = static_cast<float>(s);
      // The kernel multiplies by 1 / yScale; golden by the exact dstTypeMax / amax.
      mul[0] = std::is_same<T, double>::value ? dstMax / amax : T(1) / s;
    } else {
      int64_t start = 0;
      for (int64_t g = 0; g < p.groupCount; ++g) {
        const int64_t n = GroupSize(p, g);
        if (n == 0) continue;
        const int64_t end = start + n;
        const int64_t lo = std::max<int64_t>(start, 0), hi = std::min(end, p.rows);
        start = end;
        if (lo >= hi) continue;  // no row of the tensor: the group's scale is not written
        T amax = kDynamicEps;
        for (int64_t r = lo; r < hi; ++r) amax = NanMax(amax, rowMax[static_cast<size_t>(r)]);
        yScale[Offset(p.yScale, g, p.yScale.ndim)] = static_cast<float>(amax / dstMax);
        mul[static_cast<size_t>(g)] = dstMax / amax;
      }
    }
  }
  ForRows(p, pool, [&p, &state, &mul](int64_t r) {
    const int32_t s = state[static_cast<size_t>(r)];
    if (s == kSkip) return;
    HifRow<T>(p, r, s == kZero, s >= 0 ? mul[static_cast<size_t>(s)] : T(0));
  });
}

void RunHif(const Problem& p, ThreadPool* pool) {
  if (p.golden) {
    RunHifAs<double>(p, pool);
  } else {
    RunHifAs<float>(p, pool);
  }
}

}  // namespace

void RunSwigluGroupQuant(const SwigluGroupQuantProblem& problem, ThreadPool* pool) {
  if (problem.rows == 0 || problem.h == 0) return;
  if (problem.mode == Mode::kBlockFp8 || problem.mode == Mode::kMxFp8) {
    RunBlocks(problem, pool);
  } else {
    RunHif(problem, pool);
  }
}

}  // namespace quant
}  // namespace kernels
}  // namespace aclcpu
