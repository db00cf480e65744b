// Helpers for the softmax-family operator tests: host images of device tensors in any float
// dtype and layout, and float64 references of one reduced line per operator.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "op_test_util.h"

namespace smtest {

using namespace optest;

inline size_t Item(aclDataType dt) { return dt == ACL_DOUBLE ? 8 : (dt == ACL_FLOAT ? 4 : 2); }

inline void StoreValue(aclDataType dt, double v, uint8_t* p) {
  if (dt == ACL_DOUBLE) {
    std::memcpy(p, &v, 8);
  } else if (dt == ACL_FLOAT) {
    const float f = static_cast<float>(v);
    std::memcpy(p, &f, 4);
  } else {
    const float f = static_cast<float>(v);
    const uint16_t h = dt == ACL_FLOAT16 ? FloatToHalfRne(f) : FloatToBf16Rne(f);
    std::memcpy(p, &h, 2);
  }
}

inline double LoadValue(aclDataType dt, const uint8_t* p) {
  if (dt == ACL_DOUBLE) {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (dt == ACL_FLOAT) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  return dt == ACL_FLOAT16 ? HalfToFloat(h) : Bf16ToFloat(h);
}

// The value `v` takes once stored in `dt` (float64 → dt rounding).
inline double RoundTo(aclDataType dt, double v) {
  uint8_t b[8];
  StoreValue(dt, v, b);
  return LoadValue(dt, b);
}

// A tensor on the device: `shape` viewed with `strides` at `offset` inside `storage` elements
// (filled with a sentinel first).
struct DevTensor {
  aclDataType dtype;
  std::vector<int64_t> shape, strides;
  int64_t offset = 0;
  std::vector<uint8_t> host;
  DeviceBuffer buf;
  Tensor tensor;

  DevTensor(aclDataType dt, std::vector<int64_t> shp, std::vector<int64_t> str = {},
            int64_t off = 0, int64_t storage = -1)
      : dtype(dt),
        shape(std::move(shp)),
        strides(str.empty() ? ContiguousStrides(shape) : std::move(str)),
        offset(off),
        host(Item(dt) * static_cast<size_t>(storage >= 0 ? storage : Span() + off), 0x5a),
        buf(std::max<size_t>(host.size(), 1)) {
    buf.Upload(host.data(), host.size());
    tensor = Tensor(shape, dtype, buf.data(), &strides, offset);
  }
  int64_t Span() const {
    int64_t s = 1;
    for (size_t d = 0; d < shape.size(); ++d) {
      if (shape[d] == 0) return 0;
      s += (shape[d] - 1) * strides[d];
    }
    return s;
  }
  int64_t Pos(const std::vector<int64_t>& idx) const {
    int64_t p = offset;
    for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * strides[d];
    return p;
  }
  void Set(const std::vector<int64_t>& idx, double v) {
    StoreValue(dtype, v, &host[Pos(idx) * Item(dtype)]);
  }
  double Get(const std::vector<int64_t>& idx) const {
    return LoadValue(dtype, &host[Pos(idx) * Item(dtype)]);
  }
  void Upload() { buf.Upload(host.data(), host.size()); }
  void Download() { host = buf.Download(); }
  aclTensor* get() const { return tensor.get(); }
};

template <typename F>
void ForEachIndex(const std::vector<int64_t>& shape, F f) {
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t n = NumElements(shape); n > 0; --n) {
    f(idx);
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

enum class RefOp { kSoftmax, kLogSoftmax, kSoftmaxGrad, kLogSoftmaxGrad };

// One line in float64: a = x (or y, the forward output), b = dy. `scale` gets the magnitude the
// fp32 error bar is measured against. The vendor's first step x - max is one fp32 rounding
// (`roundShift`), which the reference takes too.
inline void ReferenceLine(RefOp op, const std::vector<double>& a, const std::vector<double>& b,
                          bool roundShift, std::vector<double>* out, std::vector<double>* scale) {
  const size_t n = a.size();
  out->assign(n, 0);
  scale->assign(n, 0);
  double m = -INFINITY, s = 0, sdy = 0, sdyy = 0, ady = 0, adyy = 0;
  for (double v : a) m = std::max(m, v);
  auto shift = [&](double v) {
    return roundShift ? static_cast<double>(static_cast<float>(v - m)) : v - m;
  };
  for (size_t i = 0; i < n; ++i) {
    s += std::exp(shift(a[i]));
    if (!b.empty()) {
      sdy += b[i];
      sdyy += a[i] * b[i];
      ady += std::fabs(b[i]);
      adyy += std::fabs(a[i] * b[i]);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    switch (op) {
      case RefOp::kSoftmax:
        (*out)[i] = std::exp(shift(a[i])) / s;
        (*scale)[i] = (*out)[i];
        break;
      case RefOp::kLogSoftmax:
        (*out)[i] = shift(a[i]) - std::log(s);
        (*scale)[i] = std::fabs(shift(a[i])) + std::fabs(std::log(s)) + 1;
        break;
      case RefOp::kSoftmaxGrad:
        (*out)[i] = a[i] * (b[i] - sdyy);
        (*scale)[i] = std::fabs(a[i]) * (std::fabs(b[i]) + adyy);
        break;
      case RefOp::kLogSoftmaxGrad:
        (*out)[i] = b[i] - std::exp(a[i]) * sdy;
        (*scale)[i] = std::fabs(b[i]) + std::exp(a[i]) * ady;
        break;
    }
  }
}

// The bar for one value: fp32 compute → (8 + R/32) fp32 ulps of the terms' magnitude (the
// sum's order is the kernel's, not given by the vendor); a 16-bit result → 1 ulp of its
// format (after the fp32 error); double → 1e-12 relative.
inline bool Close(aclDataType resultDtype, bool f64, double got, double ref, double scale,
                  int64_t R) {
  if (std::isnan(ref)) return std::isnan(got);
  const double err = std::fabs(got - ref);
  const double f32Bar = std::ldexp(8.0 + static_cast<double>(R) / 32.0, -24) * scale + 1e-37;
  const double computeBar = f64 ? 1e-12 * scale + 1e-300 : f32Bar;
  if (resultDtype == ACL_DOUBLE) return err <= computeBar;
  const int bits = resultDtype == ACL_FLOAT ? 23 : (resultDtype == ACL_FLOAT16 ? 10 : 7);
  const int minExp = resultDtype == ACL_FLOAT16 ? -14 : -126;
  return UlpsApart(got, ref, bits, minExp) <= 1.0 || err <= computeBar;
}

}  // namespace smtest
