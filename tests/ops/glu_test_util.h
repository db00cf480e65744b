// Helpers for the split-and-gate operator tests (tests/ops/test_glu_*.cpp): device tensors of
// any float dtype in several layouts, filled from logical values and read back decoded, the two
// phases, and error bars per dtype. References are written in each test, in float64.
#pragma once

#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "op_test_util.h"

namespace glutest {

using namespace optest;

enum class Layout {
  kContiguous,
  kTransposed,  // storage holds the dims in reverse order (a transposed view)
  kEveryOther,  // contiguous strides doubled: every other element, gaps keep the sentinel
};

constexpr uint8_t kSentinel = 0x5a;

inline size_t ItemBytes(aclDataType dt) {
  return dt == ACL_DOUBLE ? 8 : (dt == ACL_FLOAT ? 4 : (dt == ACL_INT64 ? 8 : 2));
}

// The value `v` stored in `dt` (rounded to nearest even), and the value that stores back.
inline void Encode(aclDataType dt, double v, uint8_t* out) {
  if (dt == ACL_DOUBLE) {
    std::memcpy(out, &v, 8);
  } else if (dt == ACL_FLOAT) {
    const float f = static_cast<float>(v);
    std::memcpy(out, &f, 4);
  } else if (dt == ACL_INT64) {
    const int64_t i = static_cast<int64_t>(v);
    std::memcpy(out, &i, 8);
  } else {
    const float f = static_cast<float>(v);
    const uint16_t h = dt == ACL_FLOAT16 ? FloatToHalfRne(f) : FloatToBf16Rne(f);
    std::memcpy(out, &h, 2);
  }
}
inline double Decode(aclDataType dt, const uint8_t* in) {
  if (dt == ACL_DOUBLE) {
    double v;
    std::memcpy(&v, in, 8);
    return v;
  }
  if (dt == ACL_FLOAT) {
    float v;
    std::memcpy(&v, in, 4);
    return v;
  }
  if (dt == ACL_INT64) {
    int64_t v;
    std::memcpy(&v, in, 8);
    return static_cast<double>(v);
  }
  uint16_t h;
  std::memcpy(&h, in, 2);
  return dt == ACL_FLOAT16 ? HalfToFloat(h) : Bf16ToFloat(h);
}
inline double RoundTo(aclDataType dt, double v) {
  uint8_t b[8];
  Encode(dt, v, b);
  return Decode(dt, b);
}

// A device tensor with a known layout; logical values in row-major order.
class DevTensor {
 public:
  DevTensor(std::vector<int64_t> shape, aclDataType dt, Layout layout = Layout::kContiguous,
            int64_t offset = 0)
      : shape_(std::move(shape)), dt_(dt), offset_(offset) {
    const size_t n = shape_.size();
    strides_.assign(n, 1);
    int64_t storage = 1;
    if (layout == Layout::kTransposed) {
      for (size_t i = 0; i < n; ++i) {
        strides_[i] = storage;
        storage *= std::max<int64_t>(shape_[i], 1);
      }
    } else {
      for (size_t i = n; i-- > 0;) {
        strides_[i] = storage;
        storage *= std::max<int64_t>(shape_[i], 1);
      }
      if (layout == Layout::kEveryOther) {
        for (int64_t& s : strides_) s *= 2;
        storage *= 2;
      }
    }
    storageElems_ = storage + offset_;
    buf_ = std::make_unique<DeviceBuffer>(static_cast<size_t>(storageElems_) * ItemBytes(dt_));
    std::vector<uint8_t> fill(buf_->bytes(), kSentinel);
    buf_->Upload(fill.data(), fill.size());
    tensor_ = Tensor(shape_, dt_, buf_->data(), &strides_, offset_);
  }

  aclTensor* get() const { return tensor_.get(); }
  void* data() const { return buf_->data(); }  // the storage's device address
  const std::vector<int64_t>& shape() const { return shape_; }
  int64_t numel() const { return NumElements(shape_); }

  // Stores `values` (row-major logical order) rounded to the dtype; returns what was stored.
  std::vector<double> Set(const std::vector<double>& values) {
    std::vector<uint8_t> bytes = buf_->Download();
    std::vector<double> stored(values.size());
    for (int64_t i = 0; i < numel(); ++i) {
      uint8_t* p = &bytes[static_cast<size_t>(Element(i)) * ItemBytes(dt_)];
      Encode(dt_, values[static_cast<size_t>(i)], p);
      stored[static_cast<size_t>(i)] = Decode(dt_, p);
    }
    buf_->Upload(bytes.data(), bytes.size());
    return stored;
  }

  std::vector<double> Get() const {
    const std::vector<uint8_t> bytes = buf_->Download();
    std::vector<double> v(static_cast<size_t>(numel()));
    for (int64_t i = 0; i < numel(); ++i) {
      v[static_cast<size_t>(i)] =
          Decode(dt_, &bytes[static_cast<size_t>(Element(i)) * ItemBytes(dt_)]);
    }
    return v;
  }

  // True when every storage byte outside the view still holds the sentinel.
  bool GapsUntouched() const {
    const std::vector<uint8_t> bytes = buf_->Download();
    std::vector<bool> inView(static_cast<size_t>(storageElems_), false);
    for (int64_t i = 0; i < numel(); ++i) inView[static_cast<size_t>(Element(i))] = true;
    for (int64_t e = 0; e < storageElems_; ++e) {
      if (inView[static_cast<size_t>(e)]) continue;
      for (size_t b = 0; b < ItemBytes(dt_); ++b) {
        if (bytes[static_cast<size_t>(e) * ItemBytes(dt_) + b] != kSentinel) return false;
      }
    }
    return true;
  }

  std::vector<uint8_t> Raw() const { return buf_->Download(); }

 private:
  int64_t Element(int64_t flat) const {
    int64_t e = offset_;
    for (size_t d = shape_.size(); d-- > 0;) {
      e += (flat % shape_[d]) * strides_[d];
      flat /= shape_[d];
    }
    return e;
  }

  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  aclDataType dt_;
  int64_t offset_;
  int64_t storageElems_ = 0;
  std::unique_ptr<DeviceBuffer> buf_;
  Tensor tensor_;
};

inline std::vector<double> RandomValues(int64_t n, uint32_t seed, double lo, double hi) {
  Rng rng(seed);
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = rng.Uniform(static_cast<float>(lo), static_cast<float>(hi));
  return v;
}

// Index helpers over row-major shapes: split a flat index of the halved shape into (pre, j,
// post) around `dim`, and the flat index in the full shape of (pre, j, post).
struct SplitIndex {
  int64_t pre, c, post;  // x viewed as [pre, c, post]
  SplitIndex(const std::vector<int64_t>& xShape, int dim) {
    pre = 1;
    post = 1;
    c = xShape.empty() ? 1 : xShape[static_cast<size_t>(dim)];
    for (int i = 0; i < dim; ++i) pre *= xShape[static_cast<size_t>(i)];
    for (size_t i = static_cast<size_t>(dim) + 1; i < xShape.size(); ++i) post *= xShape[i];
  }
  // For element k of the halved shape: the x indices of its first- and second-half partners.
  void Partners(int64_t k, int64_t* first, int64_t* second) const {
    const int64_t h = c / 2;
    const int64_t p = k / (h * post), rem = k % (h * post);
    const int64_t j = rem / post, q = rem % post;
    *first = (p * c + j) * post + q;
    *second = (p * c + j + h) * post + q;
  }
};

// Error bar for a result of dtype `dt` whose exact value is `ref`, computed by the vendor in
// fp32 (or double) and rounded once: fp32/double within `ulps` units of `scale` (the magnitude
// of the formula's terms); fp16 / bf16 within one unit in the last place of the format.
inline void ExpectClose(aclDataType dt, double got, double ref, double scale, double ulps,
                        const std::string& where, double ulps16 = 1.0, double absFloor = 0.0) {
  if (std::fabs(got - ref) <= absFloor) return;
  if (dt == ACL_FLOAT16 || dt == ACL_BF16) {
    const int bits = dt == ACL_FLOAT16 ? 10 : 7;
    const int minExp = dt == ACL_FLOAT16 ? -14 : -126;
    EXPECT_LE(UlpsApart(got, ref, bits, minExp), ulps16)
        << where << " got " << got << " ref " << ref;
    return;
  }
  const double eps = dt == ACL_DOUBLE ? std::ldexp(1.0, -52) : std::ldexp(1.0, -23);
  const double bar = std::max(ulps * eps * std::fabs(scale), dt == ACL_DOUBLE ? 1e-300 : 1e-38);
  EXPECT_LE(std::fabs(got - ref), bar) << where << " got " << got << " ref " << ref;
}

}  // namespace glutest

namespace glutest {

// Chip groups of the emulated SoC (ACLNN_CPU_SOC; the suite runs on 910B1, 910A and 950).
inline bool ChipIs910Training() {
  const std::string s = SocName();
  return s.rfind("Ascend910", 0) == 0 && s.rfind("Ascend910B", 0) != 0 &&
         s.rfind("Ascend910_", 0) != 0;
}
inline bool ChipIs950() { return SocName().rfind("Ascend950", 0) == 0; }

// The message must name the operator and contain every fragment.
inline void ExpectMessage(const std::string& msg, const std::vector<std::string>& fragments) {
  for (const std::string& f : fragments) {
    EXPECT_NE(msg.find(f), std::string::npos) << "message \"" << msg << "\" lacks \"" << f << "\"";
  }
}

}  // namespace glutest
